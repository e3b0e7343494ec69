package io.hivenosql.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.hive.HiveValues;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Whole rows of the benchmark's tables: the SerDe's writer gives the bytes {@link JsonRowEncoder} gives for the neutral
 * row (rows under Hive's Java and writable inspectors, the second also switching the writer's inspector), and the
 * decoder's Hive values are {@code HiveValues.toHive} of its neutral values.
 */
class TestJsonHiveWriter {
    private static final int ROWS = 300;

    private static TableMapping mapping(TestingJsonRows.Table table) {
        List<ColumnMapping> columns = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            String name = table.columns().get(i);
            columns.add(new ColumnMapping(name, DataTypes.parse(table.types().get(i)), name, ColumnRole.FIELD));
        }
        return new TableMapping(columns);
    }

    private static List<List<Object>> rows(BenchmarkJsonSerDe.Shape shape) {
        return shape == BenchmarkJsonSerDe.Shape.FLAT
                ? TestingJsonRows.lineitemRows(ROWS)
                : TestingJsonRows.orderRows(ROWS);
    }

    @ParameterizedTest
    @EnumSource(BenchmarkJsonSerDe.Shape.class)
    void writesWhatTheNeutralEncoderWrites(BenchmarkJsonSerDe.Shape shape) {
        TestingJsonRows.Table table = shape.table();
        TableMapping mapping = mapping(table);
        JsonLayout layout = JsonLayout.ofAll(table.name(), mapping, JsonStyle.CANONICAL, false, "json.columns.mapping");
        JsonRowEncoder encoder = new JsonRowEncoder(layout);
        JsonHiveWriter writer = new JsonHiveWriter(layout);
        StructObjectInspector java = table.rowInspector();
        StructObjectInspector writable =
                (StructObjectInspector) TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(
                        TypeInfoUtils.getTypeInfoFromObjectInspector(java));
        ObjectInspectorConverters.Converter toWritable = ObjectInspectorConverters.getConverter(java, writable);
        for (List<Object> row : rows(shape)) {
            Object[] neutral = new Object[mapping.size()];
            List<? extends StructField> fields = java.getAllStructFieldRefs();
            for (int i = 0; i < neutral.length; i++) {
                neutral[i] = HiveValues.fromHive(
                        fields.get(i).getFieldObjectInspector(),
                        row.get(i),
                        mapping.column(i).type());
            }
            String expected = new String(encoder.encode(neutral), 0, encoder.length(), UTF_8);
            byte[] bytes = writer.write(row, java, fields);
            assertThat(new String(bytes, 0, writer.length(), UTF_8)).isEqualTo(expected);
            Object writableRow = toWritable.convert(row);
            bytes = writer.write(writableRow, writable, writable.getAllStructFieldRefs());
            assertThat(new String(bytes, 0, writer.length(), UTF_8)).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(BenchmarkJsonSerDe.Shape.class)
    void readsWhatTheNeutralDecoderReads(BenchmarkJsonSerDe.Shape shape) {
        TestingJsonRows.Table table = shape.table();
        TableMapping mapping = mapping(table);
        JsonLayout layout = JsonLayout.ofAll(table.name(), mapping, JsonStyle.CANONICAL, false, "json.columns.mapping");
        int[] all = new int[mapping.size()];
        Arrays.setAll(all, i -> i);
        JsonRowDecoder neutralDecoder = new JsonRowDecoder(layout, all);
        JsonRowDecoder hiveDecoder = new JsonRowDecoder(layout, all, true);
        ObjectInspector inspector = HiveValues.rowObjectInspector(mapping);
        JsonHiveWriter writer = new JsonHiveWriter(layout);
        List<Text> lines = new ArrayList<>(Arrays.asList(TestingJsonLines.lines(table, rows(shape))));
        // and the lines our writer writes (ISO T timestamps, decimals with their scale, NULLs left out)
        for (List<Object> row : rows(shape)) {
            byte[] bytes =
                    writer.write(row, table.rowInspector(), table.rowInspector().getAllStructFieldRefs());
            Text line = new Text();
            line.set(bytes, 0, writer.length());
            lines.add(line);
        }
        for (Text line : lines) {
            Object[] neutral = new Object[all.length];
            Object[] hive = new Object[all.length];
            RuntimeException[] errors = new RuntimeException[all.length];
            neutralDecoder.decode(line.getBytes(), 0, line.getLength(), neutral, errors);
            assertThat(errors).containsOnlyNulls();
            hiveDecoder.decode(line.getBytes(), 0, line.getLength(), hive, errors);
            assertThat(errors).containsOnlyNulls();
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < all.length; i++) {
                expected.add(HiveValues.toHive(mapping.column(i).type(), neutral[i]));
            }
            assertThat(TestingJsonRows.comparable(inspector, Arrays.asList(hive)))
                    .as(line.toString())
                    .isEqualTo(TestingJsonRows.comparable(inspector, expected));
        }
    }
}
