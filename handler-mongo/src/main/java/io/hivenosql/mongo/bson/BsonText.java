package io.hivenosql.mongo.bson;

import org.bson.BsonDocument;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/** BSON values as text: relaxed Extended JSON, short forms for messages and keys, and BSON type names. */
public final class BsonText {
    static final String NO_ID = "(no _id)";
    private static final JsonWriterSettings RELAXED =
            JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();
    private static final int SHORT_LENGTH = 200;
    private static final JsonWriterSettings RELAXED_SHORT = JsonWriterSettings.builder()
            .outputMode(JsonMode.RELAXED)
            .maxLength(SHORT_LENGTH + 20)
            .build();
    private static final String WRAPPER_PREFIX = "{\"v\": ";
    private static final BsonValueCodec VALUE_CODEC = new BsonValueCodec();
    private static final DecoderContext DECODER_CONTEXT =
            DecoderContext.builder().build();

    private BsonText() {}

    /** Reads the reader's current value (its type and name already read) as a BsonValue. */
    static BsonValue readValue(BsonReader reader) {
        return VALUE_CODEC.decode(reader, DECODER_CONTEXT);
    }

    /** Relaxed Extended JSON of any value, e.g. {@code {"a": 1}}, {@code [1, "x"]} or {@code {"$date": "..."}}. */
    public static String json(BsonValue value) {
        return json(value, RELAXED);
    }

    private static String json(BsonValue value, JsonWriterSettings settings) {
        if (value instanceof BsonDocument document) {
            return document.toJson(settings);
        }
        // the JSON writer starts at a document: write {"v": value} and take the value's part
        String wrapped = new BsonDocument("v", value).toJson(settings);
        int end = wrapped.endsWith("}") ? wrapped.length() - 1 : wrapped.length();
        return wrapped.substring(Math.min(WRAPPER_PREFIX.length(), end), end);
    }

    /**
     * A value as text for messages and keys: strings as they are, ObjectIds as hex, numbers as numbers, anything else
     * as relaxed JSON, at most about 200 characters.
     */
    static String shortText(BsonValue value) {
        String text =
                switch (value.getBsonType()) {
                    case STRING -> value.asString().getValue();
                    case SYMBOL -> value.asSymbol().getSymbol();
                    case OBJECT_ID -> value.asObjectId().getValue().toHexString();
                    case INT32 -> Integer.toString(value.asInt32().getValue());
                    case INT64 -> Long.toString(value.asInt64().getValue());
                    case DOUBLE -> Double.toString(value.asDouble().getValue());
                    case DECIMAL128 -> value.asDecimal128().getValue().toString();
                    case BOOLEAN -> Boolean.toString(value.asBoolean().getValue());
                    default -> json(value, RELAXED_SHORT);
                };
        return text.length() > SHORT_LENGTH ? text.substring(0, SHORT_LENGTH) + "..." : text;
    }

    /** A document's {@code _id} as text for messages: hex for an ObjectId, else its plain or JSON text. */
    static String idText(BsonValue id) {
        return id == null ? NO_ID : shortText(id);
    }

    /** The BSON type's name as MongoDB's documentation writes it. */
    public static String typeName(BsonType type) {
        return switch (type) {
            case DOUBLE -> "double";
            case STRING -> "string";
            case DOCUMENT -> "document";
            case ARRAY -> "array";
            case BINARY -> "binary";
            case UNDEFINED -> "undefined";
            case OBJECT_ID -> "ObjectId";
            case BOOLEAN -> "boolean";
            case DATE_TIME -> "date";
            case NULL -> "null";
            case REGULAR_EXPRESSION -> "regular expression";
            case DB_POINTER -> "DBPointer";
            case JAVASCRIPT -> "JavaScript";
            case SYMBOL -> "symbol";
            case JAVASCRIPT_WITH_SCOPE -> "JavaScript with scope";
            case INT32 -> "int32";
            case TIMESTAMP -> "timestamp";
            case INT64 -> "int64";
            case DECIMAL128 -> "decimal128";
            case MIN_KEY -> "MinKey";
            case MAX_KEY -> "MaxKey";
            case END_OF_DOCUMENT -> "end of document";
        };
    }
}
