package io.hivenosql.api.predicate;

import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.NeutralValues;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TemporalRange;
import io.hivenosql.api.types.VarcharType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeConstantDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFBetween;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFIn;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPAnd;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqual;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualOrGreaterThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualOrLessThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPGreaterThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPLessThan;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNot;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNotEqual;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNotNull;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPNull;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPOr;

/**
 * Translates a Hive predicate into the neutral {@link Filter} tree. Pure functions. A predicate translates only when
 * every leaf compares a plain column of the table (no cast, no function around it) with non-NULL constants that
 * convert losslessly to the column's neutral type; otherwise the result is empty and Hive evaluates it.
 */
public final class HivePredicateTranslator {
    private static final long MAX_EXACT_DOUBLE_INTEGER = 1L << 53;
    private static final long MAX_EXACT_FLOAT_INTEGER = 1L << 24;
    /** How many IN values are translated between two checks of the thread's interrupt flag (a cancelled query). */
    private static final int CANCEL_CHECK_INTERVAL = 1024;

    // exact classes: the null-safe GenericUDFOPEqualNS / NotEqualNS are subclasses with other semantics
    private static final Map<Class<? extends GenericUDF>, CompareOp> COMPARISONS = Map.of(
            GenericUDFOPEqual.class, CompareOp.EQ,
            GenericUDFOPNotEqual.class, CompareOp.NE,
            GenericUDFOPLessThan.class, CompareOp.LT,
            GenericUDFOPEqualOrLessThan.class, CompareOp.LE,
            GenericUDFOPGreaterThan.class, CompareOp.GT,
            GenericUDFOPEqualOrGreaterThan.class, CompareOp.GE);

    private HivePredicateTranslator() {}

    public static Optional<Filter> translate(ExprNodeDesc expression, TableMapping mapping) {
        if (!(expression instanceof ExprNodeGenericFuncDesc function)) {
            return Optional.empty();
        }
        GenericUDF udf = function.getGenericUDF();
        List<ExprNodeDesc> arguments = function.getChildren();
        if (udf == null || arguments == null) {
            return Optional.empty();
        }
        CompareOp op = COMPARISONS.get(udf.getClass());
        if (op != null) {
            return comparison(op, arguments, mapping);
        }
        if (udf instanceof GenericUDFOPAnd || udf instanceof GenericUDFOPOr) {
            List<Filter> children = new ArrayList<>();
            for (ExprNodeDesc argument : arguments) {
                Optional<Filter> child = translate(argument, mapping);
                if (child.isEmpty()) {
                    return Optional.empty();
                }
                children.add(child.get());
            }
            if (children.size() < 2) {
                return children.size() == 1 ? Optional.of(children.get(0)) : Optional.empty();
            }
            return Optional.of(udf instanceof GenericUDFOPAnd ? new Filter.And(children) : new Filter.Or(children));
        }
        if (udf instanceof GenericUDFOPNot && arguments.size() == 1) {
            return translate(arguments.get(0), mapping).map(Filter.Not::new);
        }
        if (udf instanceof GenericUDFOPNull && arguments.size() == 1) {
            return column(arguments.get(0), mapping).map(c -> new Filter.IsNull(c.name()));
        }
        if (udf instanceof GenericUDFOPNotNull && arguments.size() == 1) {
            return column(arguments.get(0), mapping).map(c -> new Filter.Not(new Filter.IsNull(c.name())));
        }
        if (udf instanceof GenericUDFIn) {
            return in(arguments, mapping);
        }
        if (udf instanceof GenericUDFBetween) {
            return between(arguments, mapping);
        }
        return Optional.empty();
    }

    private static Optional<Filter> comparison(CompareOp op, List<ExprNodeDesc> arguments, TableMapping mapping) {
        if (arguments.size() != 2) {
            return Optional.empty();
        }
        ExprNodeDesc left = arguments.get(0);
        ExprNodeDesc right = arguments.get(1);
        if (left instanceof ExprNodeConstantDesc && right instanceof ExprNodeColumnDesc) {
            op = op.flip();
            ExprNodeDesc swap = left;
            left = right;
            right = swap;
        }
        Optional<ColumnMapping> column = column(left, mapping);
        if (column.isEmpty()) {
            return Optional.empty();
        }
        CompareOp finalOp = op;
        return constant(right, column.get().type())
                .map(v -> new Filter.Compare(column.get().name(), finalOp, v));
    }

    private static Optional<Filter> in(List<ExprNodeDesc> arguments, TableMapping mapping) {
        if (arguments.size() < 2) {
            return Optional.empty();
        }
        Optional<ColumnMapping> column = column(arguments.get(0), mapping);
        if (column.isEmpty()) {
            return Optional.empty();
        }
        // linear in the number of values: an IN list may hold hundreds of thousands of them
        List<Object> values = new ArrayList<>(arguments.size() - 1);
        Set<Object> seen = new HashSet<>();
        for (int i = 1; i < arguments.size(); i++) {
            if (i % CANCEL_CHECK_INTERVAL == 0) {
                Cancellation.check("translating an IN list of " + (arguments.size() - 1) + " values");
            }
            Optional<Object> value = constant(arguments.get(i), column.get().type());
            if (value.isEmpty()) {
                return Optional.empty();
            }
            if (seen.add(distinctKey(value.get()))) {
                values.add(value.get());
            }
        }
        return Optional.of(new Filter.In(column.get().name(), values));
    }

    /** What makes two neutral values the same IN value: their own equality, the content of a byte array. */
    private static Object distinctKey(Object value) {
        return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
    }

    private static Optional<Filter> between(List<ExprNodeDesc> arguments, TableMapping mapping) {
        // GenericUDFBetween(invert, column, low, high)
        if (arguments.size() != 4
                || !(arguments.get(0) instanceof ExprNodeConstantDesc invert)
                || !(invert.getValue() instanceof Boolean inverted)) {
            return Optional.empty();
        }
        Optional<ColumnMapping> column = column(arguments.get(1), mapping);
        if (column.isEmpty()) {
            return Optional.empty();
        }
        Optional<Object> low = constant(arguments.get(2), column.get().type());
        Optional<Object> high = constant(arguments.get(3), column.get().type());
        if (low.isEmpty() || high.isEmpty()) {
            return Optional.empty();
        }
        Filter filter = new Filter.Between(column.get().name(), low.get(), high.get());
        return Optional.of(inverted ? new Filter.Not(filter) : filter);
    }

    /** The table column an expression is, if it is exactly a column reference (no cast or function around it). */
    private static Optional<ColumnMapping> column(ExprNodeDesc expression, TableMapping mapping) {
        if (!(expression instanceof ExprNodeColumnDesc column) || column.getIsPartitionColOrVirtualCol()) {
            return Optional.empty();
        }
        return mapping.find(column.getColumn());
    }

    private static Optional<Object> constant(ExprNodeDesc expression, DataType type) {
        if (!(expression instanceof ExprNodeConstantDesc constant)) {
            return Optional.empty();
        }
        return neutralConstant(constant.getValue(), type);
    }

    /**
     * A Hive constant as a neutral value of {@code type}, when the conversion loses nothing (so that the store's
     * comparison means exactly what Hive's does); empty for NULL and for lossy conversions such as 5.5 against an
     * int column.
     */
    static Optional<Object> neutralConstant(Object value, DataType type) {
        if (value == null) {
            return Optional.empty();
        }
        if (type instanceof DecimalType decimal) {
            return exactDecimal(value).flatMap(d -> fitDecimal(d, decimal));
        }
        if (type instanceof VarcharType varchar) {
            // a constant longer than the column never equals a stored value in Hive (it is not cut): not pushed
            if (!(value instanceof String || value instanceof HiveVarchar)) {
                return Optional.empty();
            }
            String text = value.toString();
            return text.codePointCount(0, text.length()) <= varchar.length() ? Optional.of(text) : Optional.empty();
        }
        if (type instanceof CharType charType) {
            // char values are compared without their padding; the neutral char is padded to the column's length
            if (!(value instanceof HiveChar c)) {
                return Optional.empty();
            }
            String stripped = c.getStrippedValue();
            return stripped.codePointCount(0, stripped.length()) <= charType.length()
                    ? Optional.of(padTo(stripped, charType.length()))
                    : Optional.empty();
        }
        if (!(type instanceof PrimitiveType primitive)) {
            return Optional.empty();
        }
        return switch (primitive) {
            case BOOLEAN -> value instanceof Boolean ? Optional.of(value) : Optional.empty();
            case TINYINT -> exactLong(value)
                    .filter(v -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE)
                    .map(v -> (Object) v.byteValue());
            case SMALLINT -> exactLong(value)
                    .filter(v -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE)
                    .map(v -> (Object) v.shortValue());
            case INT -> exactLong(value)
                    .filter(v -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE)
                    .map(v -> (Object) v.intValue());
            case BIGINT -> exactLong(value).map(v -> (Object) v);
            case FLOAT -> exactFloat(value);
            case DOUBLE -> exactDouble(value);
            case STRING -> value instanceof String || value instanceof HiveVarchar
                    ? Optional.of(value.toString())
                    : Optional.empty();
            case BINARY -> value instanceof byte[] bytes ? Optional.of(bytes.clone()) : Optional.empty();
                // a constant beyond years 1 to 9999 equals no value a column reads (such stored values are bad
                // records): not pushed, so that no store selects one that then reads as NULL
            case DATE -> value instanceof Date date
                    ? Optional.of(LocalDate.ofEpochDay(date.toEpochDay()))
                            .filter(TemporalRange::contains)
                            .map(v -> (Object) v)
                    : Optional.empty();
            case TIMESTAMP -> value instanceof Timestamp ts
                    ? Optional.of(LocalDateTime.ofEpochSecond(ts.toEpochSecond(), ts.getNanos(), ZoneOffset.UTC))
                            .filter(TemporalRange::contains)
                            .map(v -> (Object) v)
                    : Optional.empty();
        };
    }

    private static String padTo(String value, int length) {
        int codePoints = value.codePointCount(0, value.length());
        return codePoints >= length ? value : value + " ".repeat(length - codePoints);
    }

    private static Optional<Long> exactLong(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Optional.of(((Number) value).longValue());
        }
        if (value instanceof Float f && Math.abs(f) >= MAX_EXACT_FLOAT_INTEGER) {
            // Hive compares an integer column with a float constant in float precision: from 2^24 on, neighbouring
            // integers compare equal to the same float, so the comparison is not an exact integer one
            return Optional.empty();
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            // from 2^53 on, Hive's double comparison cannot tell neighbouring longs apart
            if (d == Math.rint(d) && Math.abs(d) < MAX_EXACT_DOUBLE_INTEGER) {
                return Optional.of((long) d);
            }
            return Optional.empty();
        }
        return exactDecimal(value).flatMap(d -> {
            try {
                return Optional.of(d.longValueExact());
            } catch (ArithmeticException e) {
                return Optional.empty();
            }
        });
    }

    private static Optional<Object> exactDouble(Object value) {
        if (value instanceof Double d) {
            return Double.isFinite(d) ? Optional.of(d) : Optional.empty();
        }
        if (value instanceof Float f) {
            return Float.isFinite(f) ? Optional.of((double) f) : Optional.empty();
        }
        return exactDecimal(value).<Object>map(NeutralValues::exactDouble);
    }

    private static Optional<Object> exactFloat(Object value) {
        if (value instanceof Float f) {
            return Float.isFinite(f) ? Optional.of(f) : Optional.empty();
        }
        if (value instanceof Double d) {
            return Double.isFinite(d) && (double) d.floatValue() == d ? Optional.of(d.floatValue()) : Optional.empty();
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long v = ((Number) value).longValue();
            return Math.abs(v) <= MAX_EXACT_FLOAT_INTEGER ? Optional.of((float) v) : Optional.empty();
        }
        return exactDecimal(value).<Object>map(NeutralValues::exactFloat);
    }

    /** Exact decimal value of an integral or decimal constant; doubles are not exact decimals and are refused. */
    private static Optional<BigDecimal> exactDecimal(Object value) {
        if (value instanceof HiveDecimal decimal) {
            return Optional.of(decimal.bigDecimalValue());
        }
        if (value instanceof BigDecimal decimal) {
            return Optional.of(decimal);
        }
        if (value instanceof BigInteger integer) {
            return Optional.of(new BigDecimal(integer));
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Optional.of(BigDecimal.valueOf(((Number) value).longValue()));
        }
        return Optional.empty();
    }

    private static Optional<Object> fitDecimal(BigDecimal value, DecimalType type) {
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.scale() > type.scale()) {
            return Optional.empty();
        }
        BigDecimal scaled = stripped.setScale(type.scale());
        if (scaled.precision() > type.precision()) {
            return Optional.empty();
        }
        return Optional.of(scaled);
    }
}
