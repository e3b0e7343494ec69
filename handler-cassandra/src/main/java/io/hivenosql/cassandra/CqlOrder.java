package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;

/**
 * Cassandra's order of the values of a CQL type, for the elements of a set and the keys of a map. Cassandra sorts a
 * top-level collection itself, but stores a collection nested in a frozen value (a UDT, a tuple, another collection)
 * as the client serialized it; written unsorted, the same logical value would have other bytes than one written by
 * CQL, and equality on it would miss. Values are the driver's Java values of the type.
 */
final class CqlOrder {
    private CqlOrder() {}

    /** Cassandra's comparator for the type, where it is known; empty where the insertion order is kept. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // values of one CQL type are of one Comparable class
    static Optional<Comparator<Object>> of(DataType cql) {
        Comparator<Object> natural = (a, b) -> ((Comparable) a).compareTo(b);
        return switch (cql.getProtocolCode()) {
            case ProtocolConstants.DataType.ASCII, ProtocolConstants.DataType.VARCHAR -> Optional.of(
                    (a, b) -> compareCodePoints((String) a, (String) b));
            case ProtocolConstants.DataType.BOOLEAN,
                    ProtocolConstants.DataType.TINYINT,
                    ProtocolConstants.DataType.SMALLINT,
                    ProtocolConstants.DataType.INT,
                    ProtocolConstants.DataType.BIGINT,
                    ProtocolConstants.DataType.COUNTER,
                    ProtocolConstants.DataType.VARINT,
                    ProtocolConstants.DataType.DECIMAL,
                    ProtocolConstants.DataType.FLOAT,
                    ProtocolConstants.DataType.DOUBLE,
                    ProtocolConstants.DataType.DATE,
                    ProtocolConstants.DataType.TIME,
                    ProtocolConstants.DataType.TIMESTAMP -> Optional.of(natural);
            case ProtocolConstants.DataType.BLOB -> Optional.of(
                    (a, b) -> compareUnsigned((ByteBuffer) a, (ByteBuffer) b));
            case ProtocolConstants.DataType.INET -> Optional.of(
                    (a, b) -> Arrays.compareUnsigned(((InetAddress) a).getAddress(), ((InetAddress) b).getAddress()));
            default -> Optional.empty();
        };
    }

    /** UTF-8 byte order, which is code point order (String.compareTo orders UTF-16 units, which differs). */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static int compareUnsigned(ByteBuffer a, ByteBuffer b) {
        byte[] x = new byte[a.remaining()];
        byte[] y = new byte[b.remaining()];
        a.duplicate().get(x);
        b.duplicate().get(y);
        return Arrays.compareUnsigned(x, y);
    }
}
