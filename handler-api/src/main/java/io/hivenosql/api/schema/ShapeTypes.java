package io.hivenosql.api.schema;

import io.hivenosql.api.mapping.FieldNameMatcher;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Hive type of a {@link ValueShape}, adding a note for every choice a user should know about:
 *
 * <ul>
 *   <li>nulls only: string; booleans: boolean; numbers: as {@link NumberShape} widens them; text: string; binary:
 *       binary; dates: date, timestamps (or both): timestamp.
 *   <li>documents: a struct of every field seen, in the order first seen. Hive lower-cases struct field names and the
 *       readers find a struct field's value by its name ignoring case when no field is spelt exactly so (see
 *       {@link FieldNameMatcher}), so a field {@code userId} is the struct field {@code userid}. A document whose field
 *       names Hive cannot hold as struct fields (two names equal ignoring case, or characters other than ASCII letters,
 *       digits and {@code _}) is string: its JSON text. So is a document seen only empty (a struct needs a field).
 *   <li>arrays: an array of the elements' type; only empty arrays (or null elements) seen: {@code array<string>}.
 *   <li>several kinds of value (or a store type no column reads): string, the JSON text of each value.
 * </ul>
 */
final class ShapeTypes {
    private ShapeTypes() {}

    /**
     * The type of a field's values.
     *
     * @param label the column (and the path within it) for notes, e.g. {@code address.city}
     * @param notes where the notes go
     */
    static DataType type(ValueShape shape, String label, List<String> notes) {
        if (shape instanceof ValueShape.Absent) {
            notes.add(label + ": only nulls seen, reads as string");
            return PrimitiveType.STRING;
        }
        if (shape instanceof ValueShape.Bool) {
            return PrimitiveType.BOOLEAN;
        }
        if (shape instanceof ValueShape.Num num) {
            NumberShape.Resolved resolved = num.numbers().resolve();
            resolved.note().ifPresent(note -> notes.add(label + ": " + note));
            return resolved.type();
        }
        if (shape instanceof ValueShape.Text) {
            return PrimitiveType.STRING;
        }
        if (shape instanceof ValueShape.Binary) {
            return PrimitiveType.BINARY;
        }
        if (shape instanceof ValueShape.Temporal temporal) {
            if (temporal.dates() && temporal.timestamps()) {
                notes.add(label + ": date and timestamp seen, reads as timestamp");
            }
            return temporal.timestamps() ? PrimitiveType.TIMESTAMP : PrimitiveType.DATE;
        }
        if (shape instanceof ValueShape.Arr array) {
            if (array.element() instanceof ValueShape.Absent) {
                notes.add(label + ": only empty arrays (or null elements) seen, reads as array<string>");
                return new ArrayType(PrimitiveType.STRING);
            }
            return new ArrayType(type(array.element(), label + "[]", notes));
        }
        if (shape instanceof ValueShape.Doc doc) {
            return struct(doc, label, notes);
        }
        ValueShape.Mixed mixed = (ValueShape.Mixed) shape;
        if (!mixed.unreadable().isEmpty()) {
            notes.add(label + ": " + String.join(", ", mixed.kinds()) + " seen, of which "
                    + String.join(", ", mixed.unreadable()) + " no column type reads: reads as string, and such "
                    + "values are bad records");
        } else {
            notes.add(label + ": " + String.join(", ", mixed.kinds()) + " seen, reads as string (each value's JSON "
                    + "text)");
        }
        return PrimitiveType.STRING;
    }

    private static DataType struct(ValueShape.Doc doc, String label, List<String> notes) {
        if (doc.fields().isEmpty()) {
            notes.add(label + ": only empty documents seen, reads as string (their JSON text)");
            return PrimitiveType.STRING;
        }
        Map<String, String> byFold = new HashMap<>();
        for (String name : doc.fields().keySet()) {
            if (!isStructFieldName(name)) {
                notes.add(label + ": has the field '" + name + "', which a Hive struct field name cannot spell "
                        + "(ASCII letters, digits and '_'), reads as string (the document's JSON text)");
                return PrimitiveType.STRING;
            }
            String other = byFold.put(FieldNameMatcher.fold(name), name);
            if (other != null) {
                notes.add(label + ": has the fields '" + other + "' and '" + name + "', one struct field to Hive "
                        + "(names are not case-sensitive), reads as string (the document's JSON text)");
                return PrimitiveType.STRING;
            }
        }
        List<StructType.Field> fields = new ArrayList<>(doc.fields().size());
        doc.fields()
                .forEach((name, shape) -> fields.add(
                        new StructType.Field(name.toLowerCase(Locale.ROOT), type(shape, label + "." + name, notes))));
        return new StructType(fields);
    }

    /** Whether Hive's type parser takes the name as a struct field name unquoted, and Hive keeps it (lower-cased). */
    static boolean isStructFieldName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
