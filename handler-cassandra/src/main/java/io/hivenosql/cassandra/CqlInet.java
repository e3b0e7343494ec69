package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import com.datastax.oss.driver.shaded.guava.common.net.InetAddresses;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CQL {@code inet} values as text, the one canonical spelling a Hive string column reads: an IPv4 address (4 bytes) as
 * its dotted quad ({@code 192.0.2.1}); an IPv6 address (16 bytes) in RFC 5952's form, lower-case hex, the longest run
 * of two or more zero groups as {@code ::} ({@code 2001:db8::1}), as cqlsh and the drivers show it; and an IPv4-mapped
 * IPv6 address ({@code ::ffff:0:0/96}) in RFC 5952's mixed form {@code ::ffff:192.0.2.1}, kept apart from the IPv4
 * address, which Cassandra stores and compares as other bytes. Literals are parsed as addresses only, never looked up
 * as host names.
 */
final class CqlInet {
    private static final Pattern IPV4_TEXT = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern IPV6_TEXT = Pattern.compile("[0-9a-fA-F:.]+");
    private static final int IPV4_BYTES = 4;
    private static final int IPV6_BYTES = 16;
    private static final int MAPPED_PREFIX = 12;

    private CqlInet() {}

    /** The canonical text of an address's bytes (4 or 16 of them). */
    static String text(byte[] address) {
        if (address.length == IPV4_BYTES) {
            return dottedQuad(address, 0);
        }
        if (address.length != IPV6_BYTES) {
            throw new IllegalArgumentException("an inet value has 4 or 16 bytes, not " + address.length);
        }
        if (isMapped(address)) {
            return "::ffff:" + dottedQuad(address, MAPPED_PREFIX);
        }
        return InetAddresses.toAddrString(inet6(address));
    }

    /** The canonical text of a driver value. */
    static String text(InetAddress address) {
        return text(address.getAddress());
    }

    /**
     * The address of a literal: a dotted quad, or an IPv6 address (an IPv4-mapped one keeps its 16 bytes).
     *
     * @throws IllegalArgumentException naming what is wrong with the text
     */
    static InetAddress parse(String text) {
        Matcher ipv4 = IPV4_TEXT.matcher(text);
        if (ipv4.matches()) {
            byte[] address = new byte[IPV4_BYTES];
            for (int i = 0; i < IPV4_BYTES; i++) {
                int part = Integer.parseInt(ipv4.group(i + 1));
                if (part > 255) {
                    throw new IllegalArgumentException("IPv4 address part " + part + " is greater than 255");
                }
                address[i] = (byte) part;
            }
            return address(address);
        }
        if (text.indexOf(':') >= 0 && IPV6_TEXT.matcher(text).matches()) {
            InetAddress parsed;
            try {
                // a literal with ':' is parsed as an IPv6 address, never looked up as a host name
                parsed = InetAddress.getByName(text);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("not an IPv6 address: " + e.getMessage(), e);
            }
            if (parsed instanceof Inet4Address) {
                // Java turns ::ffff:a.b.c.d into the IPv4 address; Cassandra keeps the mapped address's 16 bytes
                byte[] mapped = new byte[IPV6_BYTES];
                mapped[10] = (byte) 0xff;
                mapped[11] = (byte) 0xff;
                System.arraycopy(parsed.getAddress(), 0, mapped, MAPPED_PREFIX, IPV4_BYTES);
                return inet6(mapped);
            }
            return parsed;
        }
        throw new IllegalArgumentException(
                "not an IP address (a.b.c.d or an IPv6 address; host names are not resolved)");
    }

    /** The address of 4 or 16 bytes, as Cassandra stores it (16 bytes stay an IPv6 address). */
    static InetAddress address(byte[] address) {
        try {
            return address.length == IPV6_BYTES ? inet6(address) : InetAddress.getByAddress(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("an inet value has 4 or 16 bytes, not " + address.length, e);
        }
    }

    private static Inet6Address inet6(byte[] address) {
        try {
            return Inet6Address.getByAddress(null, address, -1);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("an IPv6 address has 16 bytes, not " + address.length, e);
        }
    }

    private static boolean isMapped(byte[] address) {
        for (int i = 0; i < 10; i++) {
            if (address[i] != 0) {
                return false;
            }
        }
        return address[10] == (byte) 0xff && address[11] == (byte) 0xff;
    }

    private static String dottedQuad(byte[] address, int from) {
        return (address[from] & 0xff) + "." + (address[from + 1] & 0xff) + "." + (address[from + 2] & 0xff) + "."
                + (address[from + 3] & 0xff);
    }

    /**
     * The codec of a collection column: the driver's, except that inet elements (in lists, sets and maps, at any
     * depth) decode to their stored bytes, so that an IPv4-mapped IPv6 address keeps its 16 bytes ({@link CqlInet}).
     */
    @SuppressWarnings("unchecked")
    static TypeCodec<Object> collectionCodec(DataType cql) {
        return (TypeCodec<Object>) (TypeCodec<?>) inetAsBytes(cql);
    }

    private static TypeCodec<?> inetAsBytes(DataType cql) {
        if (cql.getProtocolCode() == ProtocolConstants.DataType.INET) {
            return TypeCodecs.BLOB; // the bytes as they are
        }
        if (cql instanceof ListType list && holdsInet(list)) {
            return TypeCodecs.listOf(inetAsBytes(list.getElementType()));
        }
        if (cql instanceof SetType set && holdsInet(set)) {
            return TypeCodecs.setOf(inetAsBytes(set.getElementType()));
        }
        if (cql instanceof com.datastax.oss.driver.api.core.type.MapType map && holdsInet(map)) {
            return TypeCodecs.mapOf(inetAsBytes(map.getKeyType()), inetAsBytes(map.getValueType()));
        }
        return CodecRegistry.DEFAULT.codecFor(cql);
    }

    /** Whether inet values sit in the collection, through lists, sets and maps only. */
    private static boolean holdsInet(DataType cql) {
        if (cql.getProtocolCode() == ProtocolConstants.DataType.INET) {
            return true;
        }
        if (cql instanceof ListType list) {
            return holdsInet(list.getElementType());
        }
        if (cql instanceof SetType set) {
            return holdsInet(set.getElementType());
        }
        if (cql instanceof com.datastax.oss.driver.api.core.type.MapType map) {
            return holdsInet(map.getKeyType()) || holdsInet(map.getValueType());
        }
        return false;
    }
}
