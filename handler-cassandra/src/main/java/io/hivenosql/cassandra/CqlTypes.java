package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.type.CustomType;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.VarcharType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which Hive column types can hold the values of a CQL type (reads: CQL to Hive), and the canonical Hive type of a CQL
 * type (a table whose columns come from the live schema). Pure functions. Primitive types follow {@link CqlPrimitive},
 * the one table of them; this class applies it through collections, tuples and user-defined types:
 *
 * <table>
 *   <caption>CQL type: Hive types that read it (the first is the canonical one)</caption>
 *   <tr><td>a primitive type</td><td>see {@link CqlPrimitive} (the type table of docs/cassandra.md)</td></tr>
 *   <tr><td>list&lt;T&gt;, set&lt;T&gt;, vector&lt;T,n&gt;</td><td>array&lt;T'&gt;</td></tr>
 *   <tr><td>map&lt;K,V&gt;</td><td>map&lt;K',V'&gt; (K' primitive)</td></tr>
 *   <tr><td>tuple&lt;...&gt;</td><td>struct with as many fields, matched by position (any names; canonically
 *       {@code col1}, {@code col2}, ...)</td></tr>
 *   <tr><td>user-defined type</td><td>struct whose fields are UDT fields, matched by name case-insensitively (a
 *       subset is fine; canonically all of them, in the UDT's order)</td></tr>
 * </table>
 *
 * <p>A string column ({@code string}, {@code varchar(n)}, {@code char(n)}) is accepted wherever a string is: Hive's
 * length rules then apply. Frozen and non-frozen collections read alike. Custom types other than vectors are not
 * supported.
 */
final class CqlTypes {
    /** The Hive type of a CQL decimal when nothing else is known (the widest with a useful scale). */
    static final DecimalType DEFAULT_DECIMAL = new DecimalType(38, 18);
    /** The Hive type of a CQL varint when nothing else is known. */
    static final DecimalType VARINT_DECIMAL = new DecimalType(38, 0);

    private CqlTypes() {}

    /**
     * Why values of the CQL type cannot be read into the Hive type, or empty when they can.
     *
     * @return the reason, naming both types (the outer ones and, for nested types, the part that disagrees)
     */
    static Optional<String> incompatibility(DataType cql, io.hivenosql.api.types.DataType hive) {
        requireNonNull(cql, "cql is null");
        requireNonNull(hive, "hive is null");
        return check(cql, hive);
    }

    private static Optional<String> check(DataType cql, io.hivenosql.api.types.DataType hive) {
        if (cql instanceof VectorType vector) {
            if (!(hive instanceof ArrayType array)) {
                return mismatch(cql, hive, "a vector reads as a Hive array");
            }
            return nested(cql, hive, check(vector.getElementType(), array.elementType()));
        }
        if (cql instanceof CustomType) {
            return Optional.of("CQL type " + cql.asCql(true, true) + " is a custom type that hive-nosql cannot read");
        }
        if (cql instanceof ListType list) {
            return hive instanceof ArrayType array
                    ? nested(cql, hive, check(list.getElementType(), array.elementType()))
                    : mismatch(cql, hive, "a list reads as a Hive array");
        }
        if (cql instanceof SetType set) {
            return hive instanceof ArrayType array
                    ? nested(cql, hive, check(set.getElementType(), array.elementType()))
                    : mismatch(cql, hive, "a set reads as a Hive array");
        }
        if (cql instanceof com.datastax.oss.driver.api.core.type.MapType map) {
            if (!(hive instanceof MapType hiveMap)) {
                return mismatch(cql, hive, "a map reads as a Hive map");
            }
            Optional<String> key = check(map.getKeyType(), hiveMap.keyType());
            return nested(cql, hive, key.isPresent() ? key : check(map.getValueType(), hiveMap.valueType()));
        }
        if (cql instanceof TupleType tuple) {
            if (!(hive instanceof StructType struct)) {
                return mismatch(cql, hive, "a tuple reads as a Hive struct, field by field");
            }
            List<DataType> components = tuple.getComponentTypes();
            if (components.size() != struct.fields().size()) {
                return mismatch(
                        cql,
                        hive,
                        "the tuple has " + components.size() + " components but the struct has "
                                + struct.fields().size() + " fields");
            }
            for (int i = 0; i < components.size(); i++) {
                Optional<String> field =
                        check(components.get(i), struct.fields().get(i).type());
                if (field.isPresent()) {
                    return nested(cql, hive, Optional.of("component " + (i + 1) + ": " + field.get()));
                }
            }
            return Optional.empty();
        }
        if (cql instanceof UserDefinedType udt) {
            if (!(hive instanceof StructType struct)) {
                return mismatch(cql, hive, "a user-defined type reads as a Hive struct");
            }
            for (StructType.Field field : struct.fields()) {
                int index = udtField(udt, field.name());
                if (index < 0) {
                    List<String> names = udtFieldNames(udt);
                    return mismatch(
                            cql,
                            hive,
                            "struct field '" + field.name() + "' is not a field of "
                                    + udt.getName().asCql(true) + " (its fields: " + String.join(", ", names) + ")");
                }
                Optional<String> fieldProblem = check(udt.getFieldTypes().get(index), field.type());
                if (fieldProblem.isPresent()) {
                    return nested(cql, hive, Optional.of("field '" + field.name() + "': " + fieldProblem.get()));
                }
            }
            return Optional.empty();
        }
        return primitive(cql, hive);
    }

    private static Optional<String> primitive(DataType cql, io.hivenosql.api.types.DataType hive) {
        Optional<CqlPrimitive> primitive = CqlPrimitive.of(cql);
        if (primitive.isEmpty()) {
            return Optional.of("CQL type " + cql.asCql(true, true) + " is not supported by hive-nosql");
        }
        if (primitive.get().readsAs(hive)) {
            return Optional.empty();
        }
        return Optional.of("CQL type " + cql.asCql(true, true) + " does not read as Hive " + hive.typeName() + "; use "
                + primitive.get().readableTypes());
    }

    private static Optional<String> mismatch(DataType cql, io.hivenosql.api.types.DataType hive, String rule) {
        return Optional.of("CQL type " + cql.asCql(true, true) + " does not read as Hive " + hive.typeName() + " ("
                + rule + "); use " + describeCanonical(cql));
    }

    private static Optional<String> nested(DataType cql, io.hivenosql.api.types.DataType hive, Optional<String> inner) {
        if (inner.isEmpty()) {
            return inner;
        }
        return Optional.of(
                "CQL type " + cql.asCql(true, true) + " does not read as Hive " + hive.typeName() + ": " + inner.get());
    }

    private static String describeCanonical(DataType cql) {
        try {
            return hiveTypeOf(cql).typeName();
        } catch (IllegalArgumentException e) {
            return "no Hive type (" + e.getMessage() + ")";
        }
    }

    static boolean isString(io.hivenosql.api.types.DataType hive) {
        return hive == PrimitiveType.STRING || hive instanceof VarcharType || hive instanceof CharType;
    }

    static boolean isInteger(io.hivenosql.api.types.DataType hive) {
        return hive == PrimitiveType.TINYINT
                || hive == PrimitiveType.SMALLINT
                || hive == PrimitiveType.INT
                || hive == PrimitiveType.BIGINT;
    }

    /** The byte width of a Hive integer type, 0 for other types. */
    static int integerBytes(io.hivenosql.api.types.DataType hive) {
        if (!(hive instanceof PrimitiveType primitive)) {
            return 0;
        }
        return switch (primitive) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INT -> 4;
            case BIGINT -> 8;
            default -> 0;
        };
    }

    /** The index of a UDT field by name, case-insensitively (an exact match first), or -1. */
    static int udtField(UserDefinedType udt, String name) {
        List<CqlIdentifier> names = udt.getFieldNames();
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).asInternal().equals(name)) {
                return i;
            }
        }
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).asInternal().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> udtFieldNames(UserDefinedType udt) {
        List<String> names = new ArrayList<>();
        udt.getFieldNames().forEach(n -> names.add(n.asInternal()));
        return names;
    }

    /**
     * The canonical Hive type of a CQL type (first column of the class table): used in messages and for a table
     * whose Hive columns come from the live schema.
     *
     * @throws IllegalArgumentException for a CQL type no Hive type reads (custom types, a map keyed by a collection)
     */
    static io.hivenosql.api.types.DataType hiveTypeOf(DataType cql) {
        requireNonNull(cql, "cql is null");
        if (cql instanceof VectorType vector) {
            return new ArrayType(hiveTypeOf(vector.getElementType()));
        }
        if (cql instanceof CustomType) {
            throw new IllegalArgumentException(
                    "CQL type " + cql.asCql(true, true) + " is a custom type that hive-nosql cannot read");
        }
        if (cql instanceof ListType list) {
            return new ArrayType(hiveTypeOf(list.getElementType()));
        }
        if (cql instanceof SetType set) {
            return new ArrayType(hiveTypeOf(set.getElementType()));
        }
        if (cql instanceof com.datastax.oss.driver.api.core.type.MapType map) {
            io.hivenosql.api.types.DataType key = hiveTypeOf(map.getKeyType());
            if (!DataTypes.isPrimitive(key)) {
                throw new IllegalArgumentException("CQL type " + cql.asCql(true, true) + " has a key of a "
                        + "collection, tuple or UDT type, which a Hive map key cannot be");
            }
            return new MapType(key, hiveTypeOf(map.getValueType()));
        }
        if (cql instanceof TupleType tuple) {
            List<StructType.Field> fields = new ArrayList<>();
            List<DataType> components = tuple.getComponentTypes();
            for (int i = 0; i < components.size(); i++) {
                fields.add(new StructType.Field("col" + (i + 1), hiveTypeOf(components.get(i))));
            }
            return new StructType(fields);
        }
        if (cql instanceof UserDefinedType udt) {
            List<StructType.Field> fields = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < udt.getFieldNames().size(); i++) {
                String name = udt.getFieldNames().get(i).asInternal();
                if (!seen.add(name.toLowerCase(Locale.ROOT))) {
                    throw new IllegalArgumentException("CQL type " + cql.asCql(true, true) + " has two fields named '"
                            + name + "' but for case, which a Hive struct cannot tell apart (Hive compares field "
                            + "names case-insensitively)");
                }
                fields.add(new StructType.Field(
                        name, hiveTypeOf(udt.getFieldTypes().get(i))));
            }
            return new StructType(fields);
        }
        return CqlPrimitive.of(cql)
                .map(CqlPrimitive::canonical)
                .orElseThrow(() -> new IllegalArgumentException(
                        "CQL type " + cql.asCql(true, true) + " is not supported by hive-nosql"));
    }

    /**
     * What a user should know about the canonical Hive type of a CQL type ({@link #hiveTypeOf}) when it was chosen
     * for them: the notes of {@link CqlPrimitive#inferenceNote()} of every primitive type inside it, and how tuple
     * components are named; empty where the canonical type is the one obvious mapping.
     */
    static List<String> inferenceNotes(DataType cql) {
        requireNonNull(cql, "cql is null");
        Set<String> notes = new LinkedHashSet<>();
        collectNotes(cql, notes);
        return List.copyOf(notes);
    }

    private static void collectNotes(DataType cql, Set<String> notes) {
        if (cql instanceof VectorType vector) {
            collectNotes(vector.getElementType(), notes);
        } else if (cql instanceof ListType list) {
            collectNotes(list.getElementType(), notes);
        } else if (cql instanceof SetType set) {
            collectNotes(set.getElementType(), notes);
        } else if (cql instanceof com.datastax.oss.driver.api.core.type.MapType map) {
            collectNotes(map.getKeyType(), notes);
            collectNotes(map.getValueType(), notes);
        } else if (cql instanceof TupleType tuple) {
            notes.add("a CQL tuple has no field names: its components read as struct fields col1, col2, ... by "
                    + "position (a struct with other names reads it too)");
            tuple.getComponentTypes().forEach(component -> collectNotes(component, notes));
        } else if (cql instanceof UserDefinedType udt) {
            udt.getFieldTypes().forEach(field -> collectNotes(field, notes));
        } else {
            CqlPrimitive.of(cql).flatMap(CqlPrimitive::inferenceNote).ifPresent(notes::add);
        }
    }
}
