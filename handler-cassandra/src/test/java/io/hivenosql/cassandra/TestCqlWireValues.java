package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Text and compact decimals decoded from the protocol's bytes equal what the driver's codecs decode. */
class TestCqlWireValues {
    @Test
    void decimalsOfAnUnscaledLongDecodeAsTheDriverDecodesThem() {
        String[] values = {
            "0",
            "1",
            "-1",
            "0.05",
            "-0.05",
            "123.456",
            "-99999.99",
            "1E+5",
            "1E-30",
            "127",
            "128",
            "-128",
            "-129",
            "32767",
            "32768",
            "9223372036854775807",
            "-9223372036854775808",
            "922337203685477580.7"
        };
        for (String text : values) {
            BigDecimal value = new BigDecimal(text);
            ByteBuffer encoded = TypeCodecs.DECIMAL.encode(value, ProtocolVersion.DEFAULT);

            assertThat(CqlWireValues.compactDecimal(encoded)).as(text).isEqualTo(value);
            assertThat(CqlWireValues.compactDecimal(encoded)).as(text).isEqualTo(decodeByDriver(encoded));
        }
    }

    @Test
    void longerDecimalsAreLeftToTheDriver() {
        BigDecimal wide = new BigDecimal(BigInteger.TWO.pow(63), 2);
        ByteBuffer encoded = TypeCodecs.DECIMAL.encode(wide, ProtocolVersion.DEFAULT);

        assertThat(CqlWireValues.compactDecimal(encoded)).isNull();
        assertThat(CqlWireValues.compactDecimal(null)).isNull();
        assertThat(CqlWireValues.compactDecimal(ByteBuffer.allocate(0))).isNull();
    }

    @Test
    void aDecimalInTheMiddleOfABufferReadsOnlyItsBytes() {
        ByteBuffer encoded = TypeCodecs.DECIMAL.encode(new BigDecimal("-12.5"), ProtocolVersion.DEFAULT);
        ByteBuffer frame = ByteBuffer.allocate(encoded.remaining() + 6);
        frame.put(new byte[] {9, 9, 9}).put(encoded.duplicate()).put(new byte[] {7, 7, 7});
        frame.position(3).limit(3 + encoded.remaining());

        assertThat(CqlWireValues.compactDecimal(frame.slice())).isEqualTo(new BigDecimal("-12.5"));
        assertThat(CqlWireValues.compactDecimal(frame)).isEqualTo(new BigDecimal("-12.5"));
    }

    @Test
    void textDecodesAsTheDriverDecodesItAndRefusesWhatIsNotUtf8() {
        for (String text : new String[] {"", "plain", "zürich", "日本", "emoji \uD83D\uDE00"}) {
            ByteBuffer encoded = TypeCodecs.TEXT.encode(text, ProtocolVersion.DEFAULT);
            assertThat(CqlWireValues.text(encoded, PrimitiveType.STRING)).isEqualTo(text);
            assertThat(CqlWireValues.text(
                            ByteBuffer.allocateDirect(encoded.remaining())
                                    .put(encoded.duplicate())
                                    .flip(),
                            PrimitiveType.STRING))
                    .isEqualTo(text);
        }
        assertThat(CqlWireValues.text(null, PrimitiveType.STRING)).isNull();
        assertThatThrownBy(
                        () -> CqlWireValues.text(ByteBuffer.wrap(new byte[] {'a', (byte) 0xC3}), PrimitiveType.STRING))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("not valid UTF-8");
    }

    private static BigDecimal decodeByDriver(ByteBuffer encoded) {
        return TypeCodecs.DECIMAL.decode(encoded.duplicate(), ProtocolVersion.DEFAULT);
    }
}
