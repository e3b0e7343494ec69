package io.hivenosql.api.dml;

import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.VarcharType;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binary form of neutral values in a staged change file, directed by the column's type (the file's header names
 * the types, so nothing in a value says what it is): a presence byte, then the value. Exact for every neutral value:
 * doubles by their bits, decimals by unscaled value and scale, timestamps by epoch second and nanosecond, strings as
 * UTF-8 of any length. No Java serialization: a staged file is data, never code.
 */
final class StagedValues {
    private static final int NULL = 0;
    private static final int PRESENT = 1;

    private StagedValues() {}

    static void write(DataOutput out, DataType type, Object value) throws IOException {
        if (value == null) {
            out.writeByte(NULL);
            return;
        }
        out.writeByte(PRESENT);
        if (type instanceof PrimitiveType primitive) {
            writePrimitive(out, primitive, value);
        } else if (type instanceof DecimalType) {
            BigDecimal decimal = (BigDecimal) value;
            out.writeInt(decimal.scale());
            writeBytes(out, decimal.unscaledValue().toByteArray());
        } else if (type instanceof VarcharType || type instanceof CharType) {
            writeBytes(out, ((String) value).getBytes(StandardCharsets.UTF_8));
        } else if (type instanceof ArrayType array) {
            List<?> elements = (List<?>) value;
            out.writeInt(elements.size());
            for (Object element : elements) {
                write(out, array.elementType(), element);
            }
        } else if (type instanceof MapType map) {
            Map<?, ?> entries = (Map<?, ?>) value;
            out.writeInt(entries.size());
            for (Map.Entry<?, ?> entry : entries.entrySet()) {
                write(out, map.keyType(), entry.getKey());
                write(out, map.valueType(), entry.getValue());
            }
        } else {
            StructType struct = (StructType) type;
            List<?> fields = (List<?>) value;
            if (fields.size() != struct.fields().size()) {
                throw new IllegalArgumentException(
                        "a " + struct.typeName() + " value has " + fields.size() + " fields: " + value);
            }
            for (int i = 0; i < fields.size(); i++) {
                write(out, struct.fields().get(i).type(), fields.get(i));
            }
        }
    }

    private static void writePrimitive(DataOutput out, PrimitiveType type, Object value) throws IOException {
        switch (type) {
            case BOOLEAN -> out.writeBoolean((Boolean) value);
            case TINYINT -> out.writeByte((Byte) value);
            case SMALLINT -> out.writeShort((Short) value);
            case INT -> out.writeInt((Integer) value);
            case BIGINT -> out.writeLong((Long) value);
            case FLOAT -> out.writeInt(Float.floatToRawIntBits((Float) value));
            case DOUBLE -> out.writeLong(Double.doubleToRawLongBits((Double) value));
            case STRING -> writeBytes(out, ((String) value).getBytes(StandardCharsets.UTF_8));
            case BINARY -> writeBytes(out, (byte[]) value);
            case DATE -> out.writeLong(((LocalDate) value).toEpochDay());
            case TIMESTAMP -> {
                LocalDateTime timestamp = (LocalDateTime) value;
                out.writeLong(timestamp.toEpochSecond(ZoneOffset.UTC));
                out.writeInt(timestamp.getNano());
            }
        }
    }

    static Object read(DataInput in, DataType type) throws IOException {
        int presence = in.readUnsignedByte();
        if (presence == NULL) {
            return null;
        }
        if (presence != PRESENT) {
            throw new IOException("corrupt staged value: presence byte " + presence);
        }
        if (type instanceof PrimitiveType primitive) {
            return readPrimitive(in, primitive);
        }
        if (type instanceof DecimalType) {
            int scale = in.readInt();
            return new BigDecimal(new BigInteger(readBytes(in)), scale);
        }
        if (type instanceof VarcharType || type instanceof CharType) {
            return new String(readBytes(in), StandardCharsets.UTF_8);
        }
        if (type instanceof ArrayType array) {
            int size = readSize(in);
            List<Object> elements = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                elements.add(read(in, array.elementType()));
            }
            return elements;
        }
        if (type instanceof MapType map) {
            int size = readSize(in);
            Map<Object, Object> entries = new LinkedHashMap<>();
            for (int i = 0; i < size; i++) {
                Object key = read(in, map.keyType());
                entries.put(key, read(in, map.valueType()));
            }
            return entries;
        }
        StructType struct = (StructType) type;
        List<Object> fields = new ArrayList<>(struct.fields().size());
        for (StructType.Field field : struct.fields()) {
            fields.add(read(in, field.type()));
        }
        return fields;
    }

    private static Object readPrimitive(DataInput in, PrimitiveType type) throws IOException {
        return switch (type) {
            case BOOLEAN -> in.readBoolean();
            case TINYINT -> in.readByte();
            case SMALLINT -> in.readShort();
            case INT -> in.readInt();
            case BIGINT -> in.readLong();
            case FLOAT -> Float.intBitsToFloat(in.readInt());
            case DOUBLE -> Double.longBitsToDouble(in.readLong());
            case STRING -> new String(readBytes(in), StandardCharsets.UTF_8);
            case BINARY -> readBytes(in);
            case DATE -> LocalDate.ofEpochDay(in.readLong());
            case TIMESTAMP -> {
                long seconds = in.readLong();
                int nanos = in.readInt();
                yield LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
            }
        };
    }

    private static void writeBytes(DataOutput out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInput in) throws IOException {
        byte[] bytes = new byte[readSize(in)];
        in.readFully(bytes);
        return bytes;
    }

    private static int readSize(DataInput in) throws IOException {
        int size = in.readInt();
        if (size < 0) {
            throw new IOException("corrupt staged value: negative length " + size);
        }
        return size;
    }
}
