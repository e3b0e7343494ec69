package io.hivenosql.json;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.io.Text;

/**
 * The JSON lines of {@link TestingJsonRows}' rows, written from the rows by a small writer of its own, so that neither
 * SerDe's writer makes the input of the other's reader; and a file of lines, for the benchmark's later forks.
 *
 * <p>The text forms are ones both SerDes read as the same value: timestamps as {@code yyyy-MM-dd HH:mm:ss.SSS} (Hive's
 * built-in reader turns an ISO-8601 text with a {@code Z} or an offset into NULL, without an error), decimals as JSON
 * numbers with their column's fraction digits, doubles in Java's shortest form, dates ISO. A NULL field is left out at
 * the top level and written as JSON null below it.
 */
final class TestingJsonLines {
    private static final DateTimeFormatter TIMESTAMP_TEXT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);

    private TestingJsonLines() {}

    /** Each row's JSON line (UTF-8), written from the row. */
    static Text[] lines(TestingJsonRows.Table table, List<List<Object>> rows) {
        StructObjectInspector inspector = table.rowInspector();
        Text[] lines = new Text[rows.size()];
        StringBuilder builder = new StringBuilder(1024);
        for (int i = 0; i < lines.length; i++) {
            builder.setLength(0);
            writeStruct(builder, inspector, rows.get(i), true);
            lines[i] = new Text(builder.toString());
        }
        return lines;
    }

    /** Writes lines to a file, one a line (a JSON line never holds a line break). */
    static void writeLines(Path file, Text[] lines) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            for (Text line : lines) {
                out.write(line.getBytes(), 0, line.getLength());
                out.write('\n');
            }
        }
    }

    /** The lines {@link #writeLines} wrote; fails unless the file holds exactly {@code count} lines. */
    static Text[] readLines(Path file, int count) throws IOException {
        return readLines(file, count, 1 << 20);
    }

    /** {@link #readLines(Path, int)} through a buffer of the given initial size (small in tests). */
    static Text[] readLines(Path file, int count, int bufferSize) throws IOException {
        Text[] lines = new Text[count];
        int read = 0;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[bufferSize];
            // buffer[0, start): the unfinished line of the last read, already searched for a line break
            int start = 0;
            int end = 0;
            for (int n = in.read(buffer, end, buffer.length - end);
                    n > 0;
                    n = in.read(buffer, end, buffer.length - end)) {
                end += n;
                int lineStart = 0;
                for (int i = start; i < end; i++) {
                    if (buffer[i] == '\n') {
                        if (read == count) {
                            throw new IOException(file + " holds more than " + count + " lines");
                        }
                        Text text = new Text();
                        text.set(buffer, lineStart, i - lineStart);
                        lines[read++] = text;
                        lineStart = i + 1;
                    }
                }
                // keep the unfinished line at the start of the buffer (grown when one line fills it)
                int rest = end - lineStart;
                if (rest == buffer.length) {
                    buffer = Arrays.copyOf(buffer, 2 * buffer.length);
                } else {
                    System.arraycopy(buffer, lineStart, buffer, 0, rest);
                }
                start = rest;
                end = rest;
            }
            if (end > 0) {
                throw new IOException(file + " ends without a line break");
            }
        }
        if (read != count) {
            throw new IOException(file + " holds " + read + " lines, expected " + count);
        }
        return lines;
    }

    /** A struct as a JSON object; a NULL field is left out at the top level, written as null below it. */
    private static void writeStruct(StringBuilder out, StructObjectInspector inspector, Object data, boolean top) {
        out.append('{');
        boolean first = true;
        for (StructField field : inspector.getAllStructFieldRefs()) {
            Object value = inspector.getStructFieldData(data, field);
            if (value == null && top) {
                continue;
            }
            if (!first) {
                out.append(',');
            }
            first = false;
            writeString(out, field.getFieldName());
            out.append(':');
            writeValue(out, field.getFieldObjectInspector(), value);
        }
        out.append('}');
    }

    private static void writeValue(StringBuilder out, ObjectInspector inspector, Object value) {
        if (value == null) {
            out.append("null");
            return;
        }
        switch (inspector.getCategory()) {
            case STRUCT -> writeStruct(out, (StructObjectInspector) inspector, value, false);
            case LIST -> {
                ListObjectInspector list = (ListObjectInspector) inspector;
                out.append('[');
                List<?> elements = list.getList(value);
                for (int i = 0; i < elements.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    writeValue(out, list.getListElementObjectInspector(), elements.get(i));
                }
                out.append(']');
            }
            case MAP -> {
                MapObjectInspector map = (MapObjectInspector) inspector;
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> entry : map.getMap(value).entrySet()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    writeString(out, entry.getKey().toString());
                    out.append(':');
                    writeValue(out, map.getMapValueObjectInspector(), entry.getValue());
                }
                out.append('}');
            }
            case PRIMITIVE -> writePrimitive(out, (PrimitiveObjectInspector) inspector, value);
            default -> throw new IllegalArgumentException("no JSON form for " + inspector.getTypeName());
        }
    }

    private static void writePrimitive(StringBuilder out, PrimitiveObjectInspector inspector, Object value) {
        switch (inspector.getPrimitiveCategory()) {
            case LONG, INT, BOOLEAN, DOUBLE -> out.append(value);
            case DECIMAL -> out.append(
                    ((HiveDecimal) value).toFormatString(((DecimalTypeInfo) inspector.getTypeInfo()).scale()));
            case STRING -> writeString(out, (String) value);
            case DATE -> writeString(out, value.toString());
            case TIMESTAMP -> writeString(out, ((Timestamp) value).format(TIMESTAMP_TEXT));
            case BINARY -> writeString(out, Base64.getEncoder().encodeToString((byte[]) value));
            default -> throw new IllegalArgumentException("no JSON form for " + inspector.getTypeName());
        }
    }

    private static void writeString(StringBuilder out, String value) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
