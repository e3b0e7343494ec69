package io.hivenosql.api.auth;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The URI that Hive's authorizer (Ranger, in most secure clusters) is asked about when a table over a store object is
 * created or its properties change: {@code <scheme>://<hosts>/<segment>/<segment>...}. It names what the table reaches
 * and nothing secret, in one canonical form per object, so that an administrator can write a policy for it:
 *
 * <ul>
 *   <li>the hosts are the table's {@code host:port} list, lower-cased, each once, sorted, joined by {@code ,} (the
 *       order and spelling of a DDL do not change the URI);
 *   <li>each segment (a database, a key prefix, a collection) is percent-encoded as a URI path segment: letters,
 *       digits and {@code -._~!$&'()*+,;=:@} stay as they are; {@code /}, {@code %}, spaces, other characters and
 *       every non-ASCII character's UTF-8 bytes become {@code %XX}.
 * </ul>
 *
 * <p>No user information, query or fragment: a store's credentials come from credential providers and never appear.
 */
public final class StoreUri {
    private static final String KEPT = "-._~!$&'()*+,;=:@";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private StoreUri() {}

    /** The URI of an object reached through the hosts, named by the path's segments. */
    public static URI of(String scheme, List<HostAndPort> hosts, List<String> segments) {
        requireNonNull(hosts, "hosts is null");
        return ofAuthorities(scheme, hosts.stream().map(HostAndPort::toString).toList(), segments);
    }

    /**
     * {@link #of}, with the authorities as text: {@code host:port}, or a name that stands for several hosts (the SRV
     * name of {@code mongodb+srv://}).
     */
    public static URI ofAuthorities(String scheme, List<String> authorities, List<String> segments) {
        requireNonNull(scheme, "scheme is null");
        requireNonNull(authorities, "authorities is null");
        requireNonNull(segments, "segments is null");
        if (authorities.isEmpty()) {
            throw new IllegalArgumentException("a store URI needs at least one host");
        }
        TreeSet<String> authority = new TreeSet<>();
        for (String host : authorities) {
            authority.add(host.toLowerCase(Locale.ROOT));
        }
        StringBuilder text = new StringBuilder(scheme).append("://").append(String.join(",", authority));
        for (String segment : segments) {
            text.append('/').append(encodeSegment(segment));
        }
        try {
            return new URI(text.toString());
        } catch (URISyntaxException e) {
            // every part is encoded or a checked host:port: a URI that does not parse is a bug here
            throw new IllegalStateException("not a URI: " + text, e);
        }
    }

    /** The segment percent-encoded as a URI path segment (RFC 3986 {@code pchar}s stay). */
    public static String encodeSegment(String segment) {
        requireNonNull(segment, "segment is null");
        StringBuilder encoded = new StringBuilder(segment.length());
        for (byte b : segment.getBytes(UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || KEPT.indexOf(c) >= 0) {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return encoded.toString();
    }
}
