package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.hadoop.hive.serde2.objectinspector.StandardStructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;

/**
 * The field values of structs (and rows) of one inspector. Hive's standard struct inspector holds a struct as a List
 * or an Object[], and its {@code getStructFieldData} checks the class and size of the data for every field; here that
 * is a plain index (with the same result: NULL past the end), and any other inspector is asked as usual.
 */
final class JsonStructFields {
    private final StructObjectInspector inspector;
    private final StructField[] fields;
    private final int[] ids;
    private final boolean standard;

    JsonStructFields(StructObjectInspector inspector, List<? extends StructField> fields) {
        this.inspector = requireNonNull(inspector, "inspector is null");
        this.fields = fields.toArray(new StructField[0]);
        this.ids = new int[this.fields.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = this.fields[i].getFieldID();
        }
        this.standard = inspector.getClass() == StandardStructObjectInspector.class;
    }

    int size() {
        return fields.length;
    }

    StructField field(int index) {
        return fields[index];
    }

    /** The value of field {@code index} (a position in the inspector's field list) of non-null struct data. */
    Object get(Object data, int index) {
        if (standard) {
            if (data instanceof List<?> list) {
                int id = ids[index];
                return id < list.size() ? list.get(id) : null;
            }
            if (data instanceof Object[] array) {
                int id = ids[index];
                return id < array.length ? array[id] : null;
            }
        }
        return inspector.getStructFieldData(data, fields[index]);
    }
}
