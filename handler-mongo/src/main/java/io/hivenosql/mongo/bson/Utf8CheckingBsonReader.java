package io.hivenosql.mongo.bson;

import io.hivenosql.api.types.Utf8;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Supplier;
import org.bson.BsonBinaryReader;
import org.bson.BsonReader;
import org.bson.BsonType;

/**
 * A {@link BsonBinaryReader} over one document's bytes that notices strings (and field names) that are not well-formed
 * UTF-8. BSON strings are meant to be UTF-8, but files written by other tools (and servers that do not check) may hold
 * other bytes, which the driver decodes with U+FFFD in their place: a string column would read altered text, and an
 * INSERT ... SELECT would write other bytes back.
 *
 * <p>The reader decodes as the driver does; a decoded text without U+FFFD came from well-formed bytes (the JDK's UTF-8
 * decoder replaces every ill-formed sequence), which {@link String#indexOf(int)} tells at once for Latin-1 text. Only a
 * text holding U+FFFD (stored, or a replacement) has its raw bytes checked ({@link Utf8#invalidAt}). An ill-formed
 * text is counted, not thrown, so that the value is consumed either way and the decoder can report it for the column
 * that read it ({@link #invalidCount}, {@link #lastInvalidText}).
 */
final class Utf8CheckingBsonReader extends BsonBinaryReader {
    private static final char REPLACEMENT = '\ufffd';

    private final ByteBuffer bytes;
    private int nameStart;
    private int invalidCount;
    private String lastInvalidText;
    private String lastInvalidReason;

    /** A reader of the document in {@code bytes} (from its position on); positions are the buffer's own. */
    Utf8CheckingBsonReader(ByteBuffer bytes) {
        super(bytes);
        this.bytes = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** How many ill-formed strings or field names a reader has read so far (0 for other readers). */
    static int invalidCount(BsonReader reader) {
        return reader instanceof Utf8CheckingBsonReader checking ? checking.invalidCount : 0;
    }

    /** The last ill-formed text read, as {@link Utf8#escape} shows it ({@code caf\xE9}); null if none. */
    static String lastInvalidText(BsonReader reader) {
        return reader instanceof Utf8CheckingBsonReader checking ? checking.lastInvalidText : null;
    }

    /** Where the last ill-formed text read goes wrong, e.g. {@code byte 0xE9 at offset 3}; null if none. */
    static String lastInvalidReason(BsonReader reader) {
        return reader instanceof Utf8CheckingBsonReader checking ? checking.lastInvalidReason : null;
    }

    @Override
    public BsonType readBsonType() {
        // in a document the type byte is followed by the field name
        nameStart = getBsonInput().getPosition() + 1;
        return super.readBsonType();
    }

    @Override
    public String readName() {
        String name = super.readName();
        if (name.indexOf(REPLACEMENT) >= 0) {
            int end = nameStart;
            while (bytes.get(end) != 0) {
                end++;
            }
            check(nameStart, end - nameStart);
        }
        return name;
    }

    @Override
    protected String doReadString() {
        return checked(0, super::doReadString);
    }

    @Override
    protected String doReadSymbol() {
        return checked(0, super::doReadSymbol);
    }

    @Override
    protected String doReadJavaScript() {
        return checked(0, super::doReadJavaScript);
    }

    @Override
    protected String doReadJavaScriptWithScope() {
        // an int32 total size, then the code as a string
        return checked(Integer.BYTES, super::doReadJavaScriptWithScope);
    }

    /** Reads a string whose bytes start {@code offset} bytes from here, and checks them. */
    private String checked(int offset, Supplier<String> read) {
        int start = getBsonInput().getPosition() + offset;
        return checked(read.get(), start);
    }

    /** The text read from a BSON string at {@code start} (an int32 size with the NUL, the bytes, the NUL). */
    private String checked(String text, int start) {
        if (text.indexOf(REPLACEMENT) >= 0) {
            check(start + Integer.BYTES, bytes.getInt(start) - 1);
        }
        return text;
    }

    private void check(int start, int length) {
        byte[] raw = new byte[length];
        bytes.get(start, raw);
        int invalid = Utf8.invalidAt(raw);
        if (invalid >= 0) {
            invalidCount++;
            lastInvalidText = Utf8.escape(raw);
            lastInvalidReason = "byte 0x" + String.format("%02X", raw[invalid] & 0xff) + " at offset " + invalid
                    + " does not start a well-formed sequence";
        }
    }
}
