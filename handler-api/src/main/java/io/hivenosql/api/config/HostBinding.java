package io.hivenosql.api.config;

import static java.util.Objects.requireNonNull;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The hosts an administrator bound a secret to: the value of the credential entry {@code <alias>.hosts}, a
 * comma-separated list of {@code host:port} entries whose port is required and whose host may be a glob
 * ({@code *.redis.prod.example.com:6379}; {@code *} and {@code ?} stand for characters within one dot-separated label).
 *
 * <p>An address {@code host:port} is permitted when an entry has its port and
 * <ul>
 *   <li>the entry's host matches the address's host as text (case-insensitively; globs as above), or
 *   <li>the address's host is an IP literal and the entry's host, a name without glob characters, resolves to it (so
 *       that members a cluster announces by IP, such as Cassandra peers, match the names an administrator bound).
 * </ul>
 * A name in a table is never resolved to match an entry: what the table names must be bound as it is written.
 */
public final class HostBinding {
    private final List<Entry> entries;

    private HostBinding(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * Parses a binding.
     *
     * @throws IllegalArgumentException saying what is wrong (an entry without a port, user information, an empty list)
     */
    public static HostBinding parse(String text) {
        requireNonNull(text, "text is null");
        List<Entry> entries = new ArrayList<>();
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            HostAndPort address = HostAndPort.parse(part.trim(), 0);
            entries.add(new Entry(address.host().toLowerCase(Locale.ROOT), address.port()));
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("it lists no host:port");
        }
        return new HostBinding(entries);
    }

    /** Whether an address may receive the secret (see the class comment). */
    public boolean permits(String host, int port) {
        requireNonNull(host, "host is null");
        String lower = host.toLowerCase(Locale.ROOT);
        for (Entry entry : entries) {
            if (entry.port() == port && entry.matches(lower)) {
                return true;
            }
        }
        if (!HostAndPort.isIpLiteral(host)) {
            return false;
        }
        for (Entry entry : entries) {
            if (entry.port() == port && !entry.isGlob() && resolvesTo(entry.host(), host)) {
                return true;
            }
        }
        return false;
    }

    public boolean permits(HostAndPort address) {
        return permits(address.host(), address.port());
    }

    /**
     * Whether some entry's host matches {@code name} as text, whatever its port: a {@code mongodb+srv://} name, whose
     * ports come from DNS SRV records.
     */
    public boolean permitsName(String name) {
        String lower = requireNonNull(name, "name is null").toLowerCase(Locale.ROOT);
        return entries.stream().anyMatch(entry -> entry.matches(lower));
    }

    /** Whether {@code name} (resolved) and the IP literal {@code ip} are the same address. */
    public static boolean resolvesTo(String name, String ip) {
        try {
            InetAddress target = InetAddress.getByName(ip);
            return Arrays.asList(InetAddress.getAllByName(name)).contains(target);
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    /** The entries, as an administrator would write them again. */
    @Override
    public String toString() {
        return entries.stream().map(Entry::toString).collect(Collectors.joining(","));
    }

    private record Entry(String host, int port) {
        boolean isGlob() {
            return host.indexOf('*') >= 0 || host.indexOf('?') >= 0;
        }

        boolean matches(String lowerHost) {
            if (!isGlob()) {
                return host.equals(lowerHost) || sameIpLiteral(host, lowerHost);
            }
            return glob(host).matcher(lowerHost).matches();
        }

        private static boolean sameIpLiteral(String a, String b) {
            return HostAndPort.isIpLiteral(a) && HostAndPort.isIpLiteral(b) && resolvesTo(a, b);
        }

        private static Pattern glob(String pattern) {
            StringBuilder regex = new StringBuilder();
            for (char c : pattern.toCharArray()) {
                switch (c) {
                    case '*' -> regex.append("[^.]*");
                    case '?' -> regex.append("[^.]");
                    default -> regex.append(Pattern.quote(String.valueOf(c)));
                }
            }
            return Pattern.compile(regex.toString());
        }

        @Override
        public String toString() {
            return new HostAndPort(host, port).toString();
        }
    }
}
