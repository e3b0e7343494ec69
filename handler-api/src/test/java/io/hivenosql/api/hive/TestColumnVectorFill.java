package io.hivenosql.api.hive;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.junit.jupiter.api.Test;

class TestColumnVectorFill {
    private static final String[][] COLUMNS = {
        {"b", "boolean"},
        {"t", "tinyint"},
        {"i", "int"},
        {"l", "bigint"},
        {"f", "float"},
        {"d", "double"},
        {"s", "string"},
        {"v", "varchar(3)"},
        {"c", "char(5)"},
        {"bin", "binary"},
        {"dec", "decimal(5,2)"},
        {"day", "date"},
        {"ts", "timestamp"},
        {"tags", "array<int>"},
        {"attrs", "map<string,bigint>"},
        {"addr", "struct<city:string,zip:int>"}
    };

    private static TableMapping mapping() {
        List<ColumnMapping> columns = new ArrayList<>();
        for (String[] column : COLUMNS) {
            columns.add(new ColumnMapping(column[0], DataTypes.parse(column[1]), column[0], ColumnRole.FIELD));
        }
        return new TableMapping(columns);
    }

    private static VectorizedRowBatchCtx context(int[] dataColumns, String... typeOverride) {
        String[] names = new String[COLUMNS.length];
        TypeInfo[] types = new TypeInfo[COLUMNS.length];
        for (int i = 0; i < COLUMNS.length; i++) {
            names[i] = COLUMNS[i][0];
            String type = i < typeOverride.length && typeOverride[i] != null ? typeOverride[i] : COLUMNS[i][1];
            types[i] = TypeInfoUtils.getTypeInfoFromTypeString(type);
        }
        return new VectorizedRowBatchCtx(names, types, null, dataColumns, 0, 0, null, new String[0], null);
    }

    private static int index(String name) {
        for (int i = 0; i < COLUMNS.length; i++) {
            if (COLUMNS[i][0].equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    @Test
    void decimalsThatNeedNoRoundingKeepTheValueRowModeReads() throws IOException {
        VectorizedRowBatchCtx context = context(null);
        VectorizedRowBatch batch = context.createVectorizedRowBatch();
        ColumnVectorFill fill = new ColumnVectorFill("t", mapping(), context);
        fill.fill(batch);
        DecimalType type = (DecimalType) DataTypes.parse("decimal(5,2)");
        String[] values = {"1.50", "-0.05", "999.99", "-999.99", "0", "0.00", "12", "7.1", "123.456", "-0.005"};
        for (int row = 0; row < values.length; row++) {
            fill.put(row, index("dec"), new BigDecimal(values[row]));
        }

        for (int row = 0; row < values.length; row++) {
            assertThat(((DecimalColumnVector) batch.cols[index("dec")]).vector[row].getHiveDecimal())
                    .as(values[row])
                    .isEqualTo(HiveValues.toHive(type, new BigDecimal(values[row])));
        }
        assertThat(ColumnVectorFill.fitsExactly(new BigDecimal("999.99"), type)).isTrue();
        assertThat(ColumnVectorFill.fitsExactly(new BigDecimal("123.456"), type))
                .as("rounds")
                .isFalse();
        assertThat(ColumnVectorFill.fitsExactly(new BigDecimal("1E+3"), type))
                .as("negative scale")
                .isFalse();
        assertThatThrownBy(() -> fill.put(0, index("dec"), new BigDecimal("1000.5")))
                .as("too many integer digits, as in row mode")
                .isInstanceOf(ValueConversionException.class);
    }

    @Test
    void scalarsGoStraightIntoTheirVectorsAsRowModeReadsThem() throws IOException {
        VectorizedRowBatchCtx context = context(null);
        VectorizedRowBatch batch = context.createVectorizedRowBatch();
        ColumnVectorFill fill = new ColumnVectorFill("t", mapping(), context);
        fill.fill(batch);
        fill.put(1, index("b"), true);
        fill.put(1, index("t"), -128L);
        fill.put(1, index("i"), 7);
        fill.put(1, index("l"), Long.MIN_VALUE);
        fill.put(1, index("f"), 1.5f);
        fill.put(1, index("d"), 2.25d);
        fill.put(1, index("s"), "zürich");
        fill.put(1, index("v"), "abcdef");
        fill.put(1, index("c"), "ab   ");
        fill.put(1, index("bin"), new byte[] {1, 2});
        fill.put(1, index("dec"), new BigDecimal("123.456"));
        fill.put(1, index("day"), LocalDate.of(1995, 3, 15));
        fill.put(1, index("ts"), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 123_456_789));

        assertThat(((LongColumnVector) batch.cols[index("b")]).vector[1]).isEqualTo(1);
        assertThat(((LongColumnVector) batch.cols[index("t")]).vector[1]).isEqualTo(-128);
        assertThat(((LongColumnVector) batch.cols[index("i")]).vector[1]).isEqualTo(7);
        assertThat(((LongColumnVector) batch.cols[index("l")]).vector[1]).isEqualTo(Long.MIN_VALUE);
        assertThat(((DoubleColumnVector) batch.cols[index("f")]).vector[1]).isEqualTo(1.5);
        assertThat(((DoubleColumnVector) batch.cols[index("d")]).vector[1]).isEqualTo(2.25);
        assertThat(text(batch, "s")).isEqualTo("zürich");
        assertThat(text(batch, "v")).as("varchar(3) as Hive truncates it").isEqualTo("abc");
        assertThat(text(batch, "c"))
                .as("char without its padding, as Hive keeps it in vectors")
                .isEqualTo("ab");
        BytesColumnVector binary = (BytesColumnVector) batch.cols[index("bin")];
        assertThat(binary.length[1]).isEqualTo(2);
        assertThat(((DecimalColumnVector) batch.cols[index("dec")]).vector[1].getHiveDecimal())
                .as("rounded to the scale as Hive rounds")
                .isEqualTo(HiveDecimal.create("123.46"));
        assertThat(((LongColumnVector) batch.cols[index("day")]).vector[1])
                .isEqualTo(LocalDate.of(1995, 3, 15).toEpochDay());
        TimestampColumnVector timestamp = (TimestampColumnVector) batch.cols[index("ts")];
        assertThat(timestamp.asScratchTimestamp(1).toString()).isEqualTo("1969-12-31 23:59:59.123456789");
        for (int column = 0; column <= index("ts"); column++) {
            assertThat(batch.cols[column].isNull[1]).as(COLUMNS[column][0]).isFalse();
        }
    }

    @Test
    void nullsAndNestedValues() throws IOException {
        VectorizedRowBatchCtx context = context(null);
        VectorizedRowBatch batch = context.createVectorizedRowBatch();
        ColumnVectorFill fill = new ColumnVectorFill("t", mapping(), context);
        fill.fill(batch);
        Map<String, Long> attrs = new LinkedHashMap<>();
        attrs.put("a", 1L);
        attrs.put("b", null);
        fill.put(0, index("tags"), List.of(3L, 4L));
        fill.put(0, index("attrs"), attrs);
        fill.put(0, index("addr"), java.util.Arrays.asList("Bern", null));
        fill.put(0, index("s"), null);
        fill.put(1, index("tags"), null);

        ListColumnVector tags = (ListColumnVector) batch.cols[index("tags")];
        assertThat(tags.lengths[0]).isEqualTo(2);
        assertThat(((LongColumnVector) tags.child).vector[(int) tags.offsets[0] + 1])
                .isEqualTo(4);
        assertThat(tags.isNull[1]).isTrue();
        assertThat(tags.noNulls).isFalse();
        MapColumnVector map = (MapColumnVector) batch.cols[index("attrs")];
        assertThat(map.lengths[0]).isEqualTo(2);
        assertThat(map.values.isNull[(int) map.offsets[0] + 1]).isTrue();
        StructColumnVector struct = (StructColumnVector) batch.cols[index("addr")];
        assertThat(new String(
                        ((BytesColumnVector) struct.fields[0]).vector[0],
                        ((BytesColumnVector) struct.fields[0]).start[0],
                        ((BytesColumnVector) struct.fields[0]).length[0],
                        UTF_8))
                .isEqualTo("Bern");
        assertThat(struct.fields[1].isNull[0]).isTrue();
        assertThat(batch.cols[index("s")].isNull[0]).isTrue();
        assertThat(batch.cols[index("s")].noNulls).isFalse();
    }

    @Test
    void aValueThatDoesNotFitIsABadRecordEvenInAColumnTheQueryDoesNotRead() throws IOException {
        // the query reads only s; i is the pushed filter's column, checked but not filled
        VectorizedRowBatchCtx context = context(new int[] {index("s")});
        VectorizedRowBatch batch = context.createVectorizedRowBatch();
        ColumnVectorFill fill = new ColumnVectorFill("t", mapping(), context);
        fill.fill(batch);
        assertThat(batch.cols[index("i")]).isNull();
        fill.put(0, index("i"), 5L);
        assertThatThrownBy(() -> fill.put(0, index("i"), 1L << 40))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> fill.put(0, index("t"), 128L)).isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> fill.put(0, index("dec"), new BigDecimal("1234.5")))
                .isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> fill.put(0, index("day"), LocalDate.of(10000, 1, 1)))
                .isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> fill.put(0, index("s"), 42L))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("Long");
        assertThatThrownBy(() -> fill.put(0, index("tags"), List.of("x"))).isInstanceOf(ValueConversionException.class);
    }

    @Test
    void aPlanWhoseColumnsDifferFromTheMappingIsRefusedNamingTheColumn() {
        assertThatThrownBy(() -> new ColumnVectorFill("db.people", mapping(), context(null, null, null, "bigint")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("db.people")
                .hasMessageContaining("column 3 is i bigint in Hive's plan and i int in the table's mapping")
                .hasMessageContaining("hive.vectorized.input.format.excludes");
    }

    private static String text(VectorizedRowBatch batch, String column) {
        BytesColumnVector vector = (BytesColumnVector) batch.cols[index(column)];
        return new String(vector.vector[1], vector.start[1], vector.length[1], UTF_8);
    }
}
