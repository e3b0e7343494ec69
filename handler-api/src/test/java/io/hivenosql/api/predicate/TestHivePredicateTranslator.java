package io.hivenosql.api.predicate;

import static io.hivenosql.api.hive.TestingExpressions.and;
import static io.hivenosql.api.hive.TestingExpressions.between;
import static io.hivenosql.api.hive.TestingExpressions.call;
import static io.hivenosql.api.hive.TestingExpressions.column;
import static io.hivenosql.api.hive.TestingExpressions.constant;
import static io.hivenosql.api.hive.TestingExpressions.eq;
import static io.hivenosql.api.hive.TestingExpressions.gt;
import static io.hivenosql.api.hive.TestingExpressions.in;
import static io.hivenosql.api.hive.TestingExpressions.isNotNull;
import static io.hivenosql.api.hive.TestingExpressions.isNull;
import static io.hivenosql.api.hive.TestingExpressions.lt;
import static io.hivenosql.api.hive.TestingExpressions.not;
import static io.hivenosql.api.hive.TestingExpressions.or;
import static io.hivenosql.api.hive.TestingExpressions.roundTrip;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.binaryTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.dateTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.doubleTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.intTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.longTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.stringTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.timestampTypeInfo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.types.DataTypes;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.udf.UDFToDouble;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFBridge;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualNS;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualOrGreaterThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualOrLessThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNotEqual;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFUpper;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.junit.jupiter.api.Test;

class TestHivePredicateTranslator {
    static final TableMapping MAPPING = new TableMapping(List.of(
            mapped("k", "string", ColumnRole.KEY),
            mapped("v", "int"),
            mapped("b", "bigint"),
            mapped("d", "double"),
            mapped("f", "float"),
            mapped("dec", "decimal(10,2)"),
            mapped("s", "string"),
            mapped("ch", "char(3)"),
            mapped("dt", "date"),
            mapped("ts", "timestamp"),
            mapped("bin", "binary"),
            mapped("arr", "array<int>")));

    static final ExprNodeColumnDesc K = column("k", stringTypeInfo);
    static final ExprNodeColumnDesc V = column("v", intTypeInfo);

    @Test
    void translatesComparisons() {
        assertThat(translate(eq(K, constant(stringTypeInfo, "a")))).contains(compare("k", CompareOp.EQ, "a"));
        assertThat(translate(gt(V, intConstant(3)))).contains(compare("v", CompareOp.GT, 3));
        assertThat(translate(lt(V, intConstant(3)))).contains(compare("v", CompareOp.LT, 3));
        assertThat(translate(call(new GenericUDFOPNotEqual(), V, intConstant(3))))
                .contains(compare("v", CompareOp.NE, 3));
        assertThat(translate(call(new GenericUDFOPEqualOrLessThan(), V, intConstant(3))))
                .contains(compare("v", CompareOp.LE, 3));
        assertThat(translate(call(new GenericUDFOPEqualOrGreaterThan(), V, intConstant(3))))
                .contains(compare("v", CompareOp.GE, 3));
    }

    @Test
    void flipsTheOperatorWhenTheConstantIsOnTheLeft() {
        assertThat(translate(lt(intConstant(3), V))).contains(compare("v", CompareOp.GT, 3));
        assertThat(translate(call(new GenericUDFOPEqualOrGreaterThan(), intConstant(3), V)))
                .contains(compare("v", CompareOp.LE, 3));
    }

    @Test
    void translatesInBetweenAndNullChecks() {
        assertThat(translate(in(V, intConstant(1), intConstant(2), intConstant(1))))
                .contains(new Filter.In("v", List.of(1, 2)));
        assertThat(translate(between(false, V, intConstant(1), intConstant(9))))
                .contains(new Filter.Between("v", 1, 9));
        assertThat(translate(between(true, V, intConstant(1), intConstant(9))))
                .contains(new Filter.Not(new Filter.Between("v", 1, 9)));
        assertThat(translate(isNull(V))).contains(new Filter.IsNull("v"));
        assertThat(translate(isNotNull(V))).contains(new Filter.Not(new Filter.IsNull("v")));
    }

    @Test
    void translatesAndOrNot() {
        ExprNodeGenericFuncDesc orOfEqualities =
                or(eq(K, constant(stringTypeInfo, "a")), eq(K, constant(stringTypeInfo, "b")));
        assertThat(translate(orOfEqualities))
                .contains(new Filter.Or(List.of(compare("k", CompareOp.EQ, "a"), compare("k", CompareOp.EQ, "b"))));
        assertThat(translate(not(and(gt(V, intConstant(1)), isNull(K)))))
                .contains(
                        new Filter.Not(new Filter.And(List.of(compare("v", CompareOp.GT, 1), new Filter.IsNull("k")))));
    }

    @Test
    void refusesAnOrWithOneUntranslatableBranch() {
        ExprNodeGenericFuncDesc upper = eq(call(new GenericUDFUpper(), K), constant(stringTypeInfo, "A"));
        assertThat(translate(or(eq(K, constant(stringTypeInfo, "a")), upper))).isEmpty();
        assertThat(translate(not(upper))).isEmpty();
    }

    @Test
    void convertsConstantsOnlyWhenNothingIsLost() {
        assertThat(translate(eq(V, constant(doubleTypeInfo, 5.5)))).isEmpty();
        assertThat(translate(eq(V, constant(doubleTypeInfo, 5.0)))).contains(compare("v", CompareOp.EQ, 5));
        assertThat(translate(eq(V, constant(longTypeInfo, 3_000_000_000L)))).isEmpty();
        assertThat(translate(eq(column("b", longTypeInfo), constant(intTypeInfo, 7))))
                .contains(compare("b", CompareOp.EQ, 7L));
        assertThat(translate(eq(column("b", longTypeInfo), constant(doubleTypeInfo, 9.007199254740992E15))))
                .as("2^53 as a double stands for several longs")
                .isEmpty();
        assertThat(translate(eq(column("f", TypeInfoFactory.floatTypeInfo), constant(doubleTypeInfo, 0.1))))
                .as("0.1 is no float")
                .isEmpty();
        assertThat(translate(eq(column("f", TypeInfoFactory.floatTypeInfo), constant(doubleTypeInfo, 0.5))))
                .contains(compare("f", CompareOp.EQ, 0.5f));
        assertThat(translate(eq(column("d", doubleTypeInfo), constant(intTypeInfo, 2))))
                .contains(compare("d", CompareOp.EQ, 2.0));
        ExprNodeColumnDesc dec = column("dec", TypeInfoFactory.getDecimalTypeInfo(10, 2));
        assertThat(translate(eq(dec, constant(TypeInfoFactory.getDecimalTypeInfo(3, 1), HiveDecimal.create("1.5")))))
                .contains(compare("dec", CompareOp.EQ, new BigDecimal("1.50")));
        assertThat(translate(eq(dec, constant(TypeInfoFactory.getDecimalTypeInfo(4, 3), HiveDecimal.create("1.234")))))
                .isEmpty();
        assertThat(translate(gt(dec, constant(longTypeInfo, 123_456_789_012L)))).isEmpty();
        assertThat(translate(eq(dec, constant(doubleTypeInfo, 1.5)))).isEmpty();
        assertThat(translate(eq(V, constant(stringTypeInfo, "5")))).isEmpty();
    }

    @Test
    void convertsTemporalCharAndBinaryConstants() {
        assertThat(translate(eq(column("dt", dateTypeInfo), constant(dateTypeInfo, Date.of(2024, 2, 29)))))
                .contains(compare("dt", CompareOp.EQ, LocalDate.of(2024, 2, 29)));
        Timestamp timestamp = Timestamp.valueOf("1960-01-02 03:04:05.123456789");
        assertThat(translate(eq(column("ts", timestampTypeInfo), constant(timestampTypeInfo, timestamp))))
                .contains(compare("ts", CompareOp.EQ, LocalDateTime.of(1960, 1, 2, 3, 4, 5, 123_456_789)));
        assertThat(translate(eq(
                        column("ch", TypeInfoFactory.getCharTypeInfo(3)),
                        constant(TypeInfoFactory.getCharTypeInfo(3), new HiveChar("ab", 3)))))
                .contains(compare("ch", CompareOp.EQ, "ab "));
        Optional<Filter> binary =
                translate(eq(column("bin", binaryTypeInfo), constant(binaryTypeInfo, new byte[] {1, 2})));
        assertThat(binary).get().isInstanceOfSatisfying(Filter.Compare.class, c -> assertThat((byte[]) c.value())
                .containsExactly(1, 2));
    }

    @Test
    void pushesNothingThatHiveMustEvaluate() {
        assertThat(translate(eq(V, constant(intTypeInfo, null))))
                .as("NULL constant")
                .isEmpty();
        assertThat(translate(
                        eq(call(new GenericUDFUpper(), column("s", stringTypeInfo)), constant(stringTypeInfo, "A"))))
                .as("function around the column")
                .isEmpty();
        GenericUDFBridge cast = new GenericUDFBridge("double", false, UDFToDouble.class.getName());
        ExprNodeGenericFuncDesc castV =
                new ExprNodeGenericFuncDesc(doubleTypeInfo, cast, new java.util.ArrayList<ExprNodeDesc>(List.of(V)));
        assertThat(translate(eq(castV, constant(doubleTypeInfo, 5.5))))
                .as("cast around the column")
                .isEmpty();
        assertThat(translate(eq(K, column("s", stringTypeInfo))))
                .as("column against column")
                .isEmpty();
        assertThat(translate(call(new GenericUDFOPEqualNS(), V, intConstant(3))))
                .as("null-safe equality")
                .isEmpty();
        assertThat(translate(eq(column("nope", intTypeInfo), intConstant(3))))
                .as("unknown column")
                .isEmpty();
        assertThat(translate(eq(new ExprNodeColumnDesc(longTypeInfo, "v", "t", true), intConstant(3))))
                .as("virtual column")
                .isEmpty();
        assertThat(translate(isNull(column("arr", TypeInfoFactory.getListTypeInfo(intTypeInfo)))))
                .as("IS NULL needs no constant")
                .contains(new Filter.IsNull("arr"));
        assertThat(translate(in(V, intConstant(1), constant(intTypeInfo, null))))
                .as("NULL in IN")
                .isEmpty();
        assertThat(translate(V)).as("a bare column").isEmpty();
    }

    /** A 100,001-value IN list (which once took 17 minutes: the de-duplication was quadratic) translates at once. */
    @Test
    void translatesAHugeInListInLinearTime() {
        ExprNodeDesc[] values = new ExprNodeDesc[100_001];
        for (int i = 0; i < values.length; i++) {
            values[i] = constant(stringTypeInfo, "key-" + (i % 100_000)); // one duplicate
        }
        ExprNodeGenericFuncDesc in = in(K, values);
        long start = System.nanoTime();
        Optional<Filter> filter = HivePredicateTranslator.translate(in, MAPPING);
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(filter).get().isInstanceOfSatisfying(Filter.In.class, f -> assertThat(f.values())
                .hasSize(100_000)
                .startsWith("key-0", "key-1")
                .endsWith("key-99999"));
        assertThat(millis).as("milliseconds to translate 100,001 values").isLessThan(5_000);
    }

    @Test
    void deduplicatesBinaryValuesByContent() {
        ExprNodeDesc a = constant(binaryTypeInfo, new byte[] {1, 2});
        ExprNodeDesc b = constant(binaryTypeInfo, new byte[] {1, 2});
        ExprNodeDesc c = constant(binaryTypeInfo, new byte[] {3});
        Optional<Filter> filter =
                HivePredicateTranslator.translate(in(column("bin", binaryTypeInfo), a, b, c), MAPPING);

        assertThat(filter).get().isInstanceOfSatisfying(Filter.In.class, f -> assertThat(f.values())
                .hasSize(2));
    }

    /** A cancelled query interrupts the thread that compiles it: translating a long IN list stops with HNS-142. */
    @Test
    void stopsTranslatingWhenTheThreadIsInterrupted() {
        ExprNodeDesc[] values = new ExprNodeDesc[5_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = intConstant(i);
        }
        ExprNodeGenericFuncDesc in = in(V, values);
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> HivePredicateTranslator.translate(in, MAPPING))
                    .isInstanceOf(HandlerException.class)
                    .hasMessageStartingWith("HNS-142 QUERY_CANCELLED")
                    .hasMessageContaining("IN list of 5000 values");
            assertThat(Thread.currentThread().isInterrupted())
                    .as("the interrupt stays set for Hive")
                    .isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    static Optional<Filter> translate(ExprNodeDesc expression) {
        ExprNodeDesc shipped =
                expression instanceof ExprNodeGenericFuncDesc function ? roundTrip(function) : expression;
        return HivePredicateTranslator.translate(shipped, MAPPING);
    }

    static Filter compare(String column, CompareOp op, Object value) {
        return new Filter.Compare(column, op, value);
    }

    static ExprNodeDesc intConstant(int value) {
        return constant(intTypeInfo, value);
    }

    static ColumnMapping mapped(String name, String type) {
        return mapped(name, type, ColumnRole.FIELD);
    }

    static ColumnMapping mapped(String name, String type, ColumnRole role) {
        return new ColumnMapping(name, DataTypes.parse(type), name, role);
    }
}
