package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import io.hivenosql.api.mapping.FieldNameMatcher;
import io.hivenosql.api.types.AmbiguousFieldException;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.Utf8;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the columns of a table from one JSON object in a single pass of a streaming parser: each field is looked up
 * in the {@link JsonLayout}'s tree, values of wanted columns are converted by the table's {@link JsonValueCodec}, and
 * everything else (unknown fields, columns not wanted) is skipped without being converted. A value that does not
 * convert is kept to its column ({@code errors}); the rest of the row still reads.
 *
 * <p>Each segment of a column's path finds its field by {@link FieldNameMatcher}'s rule: the field spelt as mapped,
 * else (with the style's case-insensitive matching, the default) the one field equal to it ignoring case; two such
 * spellings and none as mapped give the columns below an {@link AmbiguousFieldException}. Of a name that repeats, the
 * last one counts, as JSON parsers have it. Not thread-safe: one per reader.
 */
public final class JsonRowDecoder {
    private final JsonLayout layout;
    private final JsonValueCodec codec;
    private final boolean caseInsensitive;
    private final boolean hiveValues;
    private final int[] columns;
    private final List<Step> steps = new ArrayList<>();
    private final Step root;
    private final FieldNameMatcher matcher;

    /** Field names remembered per object, hits and misses alike, before lookups stop being remembered. */
    private static final int MAX_REMEMBERED = 4096;

    private static final Match MISSING = new Match(null, false);

    /** A field name's step, and whether the name is spelt exactly as mapped (else it is equal ignoring case). */
    private record Match(Step step, boolean exact) {}

    /** The decoder's view of a layout node that holds a wanted column or leads to one. */
    private static final class Step {
        final int id;
        final String path;
        final Step parent;
        final Map<String, Step> exact = new HashMap<>();
        final Map<String, Step> folded = new HashMap<>();
        /** Field names seen in the data (Jackson hands out the same String for a repeated name) and their matches. */
        final Map<String, Match> seen = new HashMap<>();

        final List<Step> descendants = new ArrayList<>();
        int[] columnsBelow = new int[0];

        int column = -1;
        JsonValueReader reader;

        Step(int id, String path, Step parent) {
            this.id = id;
            this.path = path;
            this.parent = parent;
        }

        boolean hasChildren() {
            return !exact.isEmpty();
        }
    }

    /** A decoder of the given columns (table column indexes) into neutral values; the others are skipped. */
    public JsonRowDecoder(JsonLayout layout, int[] columns) {
        this(layout, columns, false);
    }

    /**
     * A decoder of the given columns into neutral values, or with {@code hiveValues} straight into Hive's Java values
     * ({@link JsonHiveReaders}: what {@code HiveValues.toHive} makes of the neutral values, with the same errors).
     */
    JsonRowDecoder(JsonLayout layout, int[] columns, boolean hiveValues) {
        this.layout = requireNonNull(layout, "layout is null");
        this.codec = layout.codec();
        this.hiveValues = hiveValues;
        this.caseInsensitive = layout.codec().style().caseInsensitive();
        this.columns = columns.clone();
        boolean[] wanted = new boolean[layout.mapping().size()];
        for (int column : this.columns) {
            wanted[column] = true;
        }
        this.root = build(layout.root(), wanted, null);
        this.matcher = new FieldNameMatcher(steps.size());
    }

    private Step build(JsonLayout.Node node, boolean[] wanted, Step parent) {
        Step step = new Step(
                steps.size(),
                parent == null || parent.parent == null ? node.name : parent.path + "." + node.name,
                parent);
        steps.add(step);
        for (Step ancestor = parent; ancestor != null; ancestor = ancestor.parent) {
            ancestor.descendants.add(step);
        }
        List<Integer> below = new ArrayList<>();
        if (node.column >= 0 && wanted[node.column]) {
            below.add(node.column);
            step.column = node.column;
            DataType type = layout.mapping().column(node.column).type();
            step.reader = hiveValues ? JsonHiveReaders.of(type, codec) : parser -> codec.read(parser, type);
        }
        for (JsonLayout.Node child : node.ordered) {
            if (leadsToWanted(child, wanted)) {
                Step childStep = build(child, wanted, step);
                step.exact.put(child.name, childStep);
                step.folded.put(FieldNameMatcher.fold(child.name), childStep);
                for (int column : childStep.columnsBelow) {
                    below.add(column);
                }
            }
        }
        step.columnsBelow = below.stream().mapToInt(Integer::intValue).toArray();
        return step;
    }

    private static boolean leadsToWanted(JsonLayout.Node node, boolean[] wanted) {
        if (node.column >= 0 && wanted[node.column]) {
            return true;
        }
        for (int column : node.columnsBelow) {
            if (wanted[column]) {
                return true;
            }
        }
        return false;
    }

    /** The columns this decoder fills; callers must not modify the array. */
    public int[] columns() {
        return columns;
    }

    /**
     * Reads one JSON object. Sets {@code values[c]} of every decoded column {@code c} (null when the field or one of
     * its parent objects is missing or null); a value that does not convert leaves null there and its exception in
     * {@code errors[c]}. Other entries of the arrays are left alone.
     *
     * @throws MalformedJsonException when the text is not exactly one JSON object, or not well-formed UTF-8
     */
    public void decode(byte[] bytes, int offset, int length, Object[] values, RuntimeException[] errors) {
        for (int column : columns) {
            values[column] = null;
            errors[column] = null;
        }
        // JSON text is UTF-8; Jackson rejects some ill-formed bytes but decodes overlong forms and surrogates into
        // other characters, which a write would then store as other bytes (ASCII is checked 8 bytes at a time)
        int invalid = Utf8.invalidAt(bytes, offset, length);
        if (invalid >= 0) {
            throw new MalformedJsonException(
                    "not valid UTF-8: byte 0x" + String.format("%02X", bytes[invalid] & 0xff) + " at offset "
                            + (invalid - offset) + " does not start a well-formed sequence; JSON text must be UTF-8",
                    0,
                    null);
        }
        matcher.reset();
        try (JsonParser parser = JsonValueCodec.factory().createParser(bytes, offset, length)) {
            if (hiveValues) {
                // exact (the same doubles as Double.parseDouble), and faster
                parser.enable(JsonParser.Feature.USE_FAST_DOUBLE_PARSER);
            }
            JsonToken token = parser.nextToken();
            if (token == null) {
                throw new MalformedJsonException("the line is empty; expected a JSON object", 0, null);
            }
            if (token != JsonToken.START_OBJECT) {
                throw new MalformedJsonException(
                        "expected a JSON object, got " + describe(token),
                        position(parser.currentTokenLocation()),
                        null);
            }
            readObject(parser, root, values, errors);
            checkEnd(parser);
            for (int i = 0; i < matcher.ambiguousCount(); i++) {
                int target = matcher.ambiguousTarget(i);
                if (matcher.isAmbiguous(target)) {
                    ambiguous(steps.get(target), values, errors);
                }
            }
        } catch (JsonProcessingException e) {
            throw new MalformedJsonException(e.getOriginalMessage(), position(e.getLocation()), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JSON from a byte array", e);
        }
    }

    private static void checkEnd(JsonParser parser) throws IOException {
        JsonToken token;
        try {
            token = parser.nextToken();
        } catch (JsonProcessingException e) {
            throw new MalformedJsonException(
                    "unexpected text after the JSON object (" + e.getOriginalMessage() + ")",
                    position(e.getLocation()),
                    e);
        }
        if (token != null) {
            throw new MalformedJsonException(
                    "unexpected text after the JSON object", position(parser.currentTokenLocation()), null);
        }
    }

    private void readObject(JsonParser parser, Step step, Object[] values, RuntimeException[] errors)
            throws IOException {
        JsonStreamContext object = parser.getParsingContext();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            Match match = lookup(step, name);
            JsonToken token = parser.nextToken();
            Step child = match.step();
            if (child != null && !take(child, name, match.exact(), values, errors)) {
                child = null;
            }
            if (child == null) {
                parser.skipChildren();
            } else if (child.column >= 0 && child.hasChildren() && token == JsonToken.START_OBJECT) {
                // a column holding an object that other columns map into: read it twice from a buffered copy
                TokenBuffer copy = new TokenBuffer(parser);
                copy.copyCurrentStructure(parser);
                try (JsonParser first = copy.asParser();
                        JsonParser second = copy.asParser()) {
                    first.nextToken();
                    readColumn(first, child, first.getParsingContext(), values, errors);
                    second.nextToken();
                    readObject(second, child, values, errors);
                }
            } else if (child.column >= 0) {
                readColumn(parser, child, object, values, errors);
            } else if (token == JsonToken.START_OBJECT) {
                readObject(parser, child, values, errors);
            } else {
                // null or not an object where the mapping expects one: the columns below read as NULL
                parser.skipChildren();
            }
        }
    }

    /**
     * Whether a field read for a step: {@link FieldNameMatcher}'s rule (the spelling as mapped first, else the one
     * other spelling; two other spellings are ambiguous), and as JSON parsers do, the last of a repeated name. A field
     * that replaces what the step read clears the columns at and below it.
     */
    private boolean take(Step step, String name, boolean exact, Object[] values, RuntimeException[] errors) {
        FieldNameMatcher.Decision decision = matcher.offer(step.id, name, exact);
        if (decision == FieldNameMatcher.Decision.SKIP
                && !matcher.isAmbiguous(step.id)
                && name.equals(matcher.spelling(step.id))) {
            decision = FieldNameMatcher.Decision.REPLACE; // a repeated name: the last one counts
        }
        if (decision == FieldNameMatcher.Decision.REPLACE) {
            for (int column : step.columnsBelow) {
                values[column] = null;
                errors[column] = null;
            }
            for (Step descendant : step.descendants) {
                matcher.forget(descendant.id);
            }
        }
        return decision != FieldNameMatcher.Decision.SKIP;
    }

    private void ambiguous(Step step, Object[] values, RuntimeException[] errors) {
        StringBuilder prefix = new StringBuilder();
        for (Step parent = step.parent; parent != null && parent.parent != null; parent = parent.parent) {
            String spelling = matcher.spelling(parent.id);
            prefix.insert(
                    0, (spelling == null ? parent.path.substring(parent.path.lastIndexOf('.') + 1) : spelling) + ".");
        }
        List<String> spellings = new ArrayList<>();
        for (String spelling : matcher.rivalSpellings(step.id)) {
            spellings.add(prefix + spelling);
        }
        AmbiguousFieldException error = new AmbiguousFieldException(
                step.path,
                spellings,
                "'" + layout.mappingProperty() + "' (or the mapping file of 'nosql.mapping.url')");
        for (int column : step.columnsBelow) {
            values[column] = null;
            errors[column] = error;
        }
    }

    private void readColumn(
            JsonParser parser, Step step, JsonStreamContext object, Object[] values, RuntimeException[] errors)
            throws IOException {
        try {
            values[step.column] = parser.currentToken() == JsonToken.VALUE_NULL ? null : step.reader.read(parser);
            errors[step.column] = null;
        } catch (ValueConversionException | ArithmeticException e) {
            if (e instanceof ArithmeticException && !hiveValues) {
                throw e;
            }
            values[step.column] = null;
            errors[step.column] = e;
            // skip the rest of the bad value: back to the level of the object that holds the field
            while (parser.getParsingContext() != object && parser.nextToken() != null) {
                // advancing
            }
        }
    }

    private Match lookup(Step step, String name) {
        Match match = step.seen.get(name);
        if (match != null) {
            return match;
        }
        Step child = step.exact.get(name);
        match = child != null ? new Match(child, true) : MISSING;
        if (child == null && caseInsensitive) {
            child = step.folded.get(FieldNameMatcher.fold(name));
            match = child == null ? MISSING : new Match(child, false);
        }
        if (step.seen.size() < MAX_REMEMBERED) {
            step.seen.put(name, match);
        }
        return match;
    }

    private static long position(JsonLocation location) {
        return location == null || location.getColumnNr() < 0 ? 0 : location.getColumnNr();
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> token.name();
        };
    }
}
