package org.apache.hadoop.hive.ql.exec;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.hive.com.esotericsoftware.kryo.Kryo;
import org.apache.hive.com.esotericsoftware.kryo.Serializer;
import org.apache.hive.com.esotericsoftware.kryo.io.Input;
import org.apache.hive.com.esotericsoftware.kryo.io.Output;

/**
 * Takes the place of Hive 3.1.3's {@code SerializationUtilities.ArrayListSubListSerializer} (this class has its binary
 * name, and its jar comes before hive-exec in the same class loader), which reads the Java 8 fields of {@code
 * java.util.ArrayList$SubList} ({@code parent}, {@code parentOffset}) and so fails on Java 9 and later with {@code
 * NoSuchFieldException: parentOffset} in every job Hive plans (Hive 4 changed it, HIVE-22097).
 *
 * <p>The same encoding: the list the sublist is a view of, then its start and end in that list; reading makes the same
 * view again. On Java 9+ a sublist's {@code root} is the backing list and {@code offset} its start in it. It needs
 * {@code --add-opens java.base/java.util=ALL-UNNAMED}, which Hive on Java 17 is given anyway.
 */
class SerializationUtilities$ArrayListSubListSerializer extends Serializer<List<?>> {
    private final Field root;
    private final Field offset;
    private final Field size;

    public SerializationUtilities$ArrayListSubListSerializer() {
        Class<?> subList = new ArrayList<>().subList(0, 0).getClass();
        try {
            root = accessible(subList.getDeclaredField("root"));
            offset = accessible(subList.getDeclaredField("offset"));
            size = accessible(subList.getDeclaredField("size"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException(
                    "cannot read the fields of " + subList.getName() + " on Java "
                            + Runtime.version().feature()
                            + ": start the JVM with --add-opens java.base/java.util=ALL-UNNAMED",
                    e);
        }
    }

    private static Field accessible(Field field) {
        field.setAccessible(true);
        return field;
    }

    @Override
    public void write(Kryo kryo, Output output, List<?> list) {
        int start = offsetOf(list);
        kryo.writeClassAndObject(output, backing(list));
        output.writeInt(start, true);
        output.writeInt(start + list.size(), true);
    }

    @Override
    public List<?> read(Kryo kryo, Input input, Class<List<?>> type) {
        List<?> backing = (List<?>) kryo.readClassAndObject(input);
        int from = input.readInt(true);
        int to = input.readInt(true);
        return backing.subList(from, to);
    }

    @Override
    public List<?> copy(Kryo kryo, List<?> list) {
        int start = offsetOf(list);
        List<?> backing = kryo.copy(backing(list));
        return backing.subList(start, start + list.size());
    }

    private List<?> backing(List<?> list) {
        try {
            return (List<?>) root.get(list);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read the list behind a sublist", e);
        }
    }

    private int offsetOf(List<?> list) {
        try {
            return offset.getInt(list);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read a sublist's offset", e);
        }
    }
}
