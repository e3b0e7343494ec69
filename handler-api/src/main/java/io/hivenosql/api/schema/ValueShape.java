package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The lattice of schema inference: what the values of one field were, merged over a sample. Merging is commutative
 * up to field order (a document's fields keep the order they were first seen in) and associative; {@link #ABSENT}
 * (nulls only) is its bottom and {@link Mixed} (several kinds of value, read as string) its top. Numbers merge into one
 * {@link NumberShape}, dates and timestamps into one {@link Temporal}, documents field by field, arrays by their
 * elements. {@link ShapeTypes} turns a shape into a Hive type.
 */
sealed interface ValueShape {
    ValueShape ABSENT = new Absent();
    ValueShape BOOLEAN = new Bool();
    ValueShape TEXT = new Text();
    ValueShape BINARY = new Binary();

    /** Only nulls (or no value at all) seen. */
    record Absent() implements ValueShape {}

    record Bool() implements ValueShape {}

    record Num(NumberShape numbers) implements ValueShape {
        public Num {
            requireNonNull(numbers, "numbers is null");
        }
    }

    record Text() implements ValueShape {}

    record Binary() implements ValueShape {}

    /** Dates, timestamps or both. */
    record Temporal(boolean dates, boolean timestamps) implements ValueShape {
        public Temporal {
            if (!dates && !timestamps) {
                throw new IllegalArgumentException("a temporal shape needs dates or timestamps");
            }
        }
    }

    /**
     * Documents, with every field any of them had (a field missing from a document is null there).
     *
     * @param fields by exact spelling, in the order first seen
     */
    record Doc(Map<String, ValueShape> fields) implements ValueShape {
        public Doc {
            // LinkedHashMap keeps the order; Map.copyOf would not
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(fields, "fields is null")));
        }
    }

    /** Arrays; {@code element} is {@link #ABSENT} while only empty arrays (or null elements) were seen. */
    record Arr(ValueShape element) implements ValueShape {
        public Arr {
            requireNonNull(element, "element is null");
        }
    }

    /**
     * Values of several kinds (or of a kind no type reads), read as string.
     *
     * @param kinds every kind seen (the unreadable ones too), for the note
     * @param unreadable the kinds of store values no column type reads
     */
    record Mixed(Set<String> kinds, Set<String> unreadable) implements ValueShape {
        public Mixed {
            kinds = Collections.unmodifiableSortedSet(new TreeSet<>(kinds));
            unreadable = Collections.unmodifiableSortedSet(new TreeSet<>(unreadable));
        }
    }

    /** The shape of one value. */
    static ValueShape of(SampledValue value) {
        requireNonNull(value, "value is null");
        if (value instanceof SampledValue.Null) {
            return ABSENT;
        }
        if (value instanceof SampledValue.Bool) {
            return BOOLEAN;
        }
        if (value instanceof SampledValue.Int i) {
            return new Num(NumberShape.of(i));
        }
        if (value instanceof SampledValue.Floating f) {
            return new Num(NumberShape.of(f));
        }
        if (value instanceof SampledValue.Decimal d) {
            return new Num(NumberShape.of(d));
        }
        if (value instanceof SampledValue.Text) {
            return TEXT;
        }
        if (value instanceof SampledValue.Binary) {
            return BINARY;
        }
        if (value instanceof SampledValue.Date) {
            return new Temporal(true, false);
        }
        if (value instanceof SampledValue.Timestamp) {
            return new Temporal(false, true);
        }
        if (value instanceof SampledValue.Document document) {
            Map<String, ValueShape> fields = new LinkedHashMap<>();
            for (SampledValue.Field field : document.fields()) {
                fields.putIfAbsent(field.name(), of(field.value())); // a repeated name counts once, the first
            }
            return new Doc(fields);
        }
        if (value instanceof SampledValue.Array array) {
            ValueShape element = ABSENT;
            for (SampledValue item : array.elements()) {
                element = merge(element, of(item));
            }
            return new Arr(element);
        }
        SampledValue.Unreadable unreadable = (SampledValue.Unreadable) value;
        return new Mixed(Set.of(unreadable.typeName()), Set.of(unreadable.typeName()));
    }

    /** The least shape that covers both. */
    static ValueShape merge(ValueShape a, ValueShape b) {
        requireNonNull(a, "a is null");
        requireNonNull(b, "b is null");
        if (a instanceof Absent) {
            return b;
        }
        if (b instanceof Absent || a.equals(b)) {
            return a;
        }
        if (a instanceof Num x && b instanceof Num y) {
            return new Num(x.numbers().merge(y.numbers()));
        }
        if (a instanceof Temporal x && b instanceof Temporal y) {
            return new Temporal(x.dates() || y.dates(), x.timestamps() || y.timestamps());
        }
        if (a instanceof Arr x && b instanceof Arr y) {
            return new Arr(merge(x.element(), y.element()));
        }
        if (a instanceof Doc x && b instanceof Doc y) {
            Map<String, ValueShape> fields = new LinkedHashMap<>(x.fields());
            y.fields().forEach((name, shape) -> fields.merge(name, shape, ValueShape::merge));
            return new Doc(fields);
        }
        SortedSet<String> kinds = new TreeSet<>(kinds(a));
        kinds.addAll(kinds(b));
        SortedSet<String> unreadable = new TreeSet<>();
        if (a instanceof Mixed x) {
            unreadable.addAll(x.unreadable());
        }
        if (b instanceof Mixed y) {
            unreadable.addAll(y.unreadable());
        }
        return new Mixed(kinds, unreadable);
    }

    /** The kinds of value a shape stands for, as notes name them. */
    static SortedSet<String> kinds(ValueShape shape) {
        SortedSet<String> kinds = new TreeSet<>();
        if (shape instanceof Bool) {
            kinds.add("boolean");
        } else if (shape instanceof Num n) {
            kinds.addAll(n.numbers().kinds());
        } else if (shape instanceof Text) {
            kinds.add("string");
        } else if (shape instanceof Binary) {
            kinds.add("binary");
        } else if (shape instanceof Temporal t) {
            if (t.dates()) {
                kinds.add("date");
            }
            if (t.timestamps()) {
                kinds.add("timestamp");
            }
        } else if (shape instanceof Doc) {
            kinds.add("document");
        } else if (shape instanceof Arr) {
            kinds.add("array");
        } else if (shape instanceof Mixed m) {
            kinds.addAll(m.kinds());
            kinds.addAll(m.unreadable());
        }
        return kinds;
    }
}
