package io.hivenosql.api.config;

import static java.util.Objects.requireNonNull;

/**
 * A server address from a {@code host:port} list. IPv6 literals are written in brackets: {@code [::1]:6379}. User
 * information ({@code user@host}, {@code user:password@host}) and URLs ({@code redis://host}) are refused; the text of
 * an entry with user information is never echoed, as it may hold a password.
 */
public record HostAndPort(String host, int port) {
    public HostAndPort {
        requireNonNull(host, "host is null");
        if (host.isEmpty()) {
            throw new IllegalArgumentException("host is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not in [1, 65535]");
        }
    }

    /**
     * Parses {@code host:port}, {@code host}, {@code [v6]:port} or {@code [v6]}; a bare IPv6 literal such as
     * {@code ::1} is a host without port.
     *
     * @param defaultPort the port when the text has none; 0 or less when a port is required
     * @throws IllegalArgumentException naming the text and what is wrong with it; a {@link HostUserInfoException}, which
     *     does not name the text, when the text holds user information
     */
    public static HostAndPort parse(String text, int defaultPort) {
        requireNonNull(text, "text is null");
        if (text.indexOf('@') >= 0) {
            throw new HostUserInfoException();
        }
        if (text.contains("://")) {
            throw new IllegalArgumentException("'" + text + "' is a URL; write host:port without a scheme");
        }
        String host = text;
        String port = null;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("'" + text + "' has an unclosed '['");
            }
            host = text.substring(1, close);
            if (close + 1 < text.length()) {
                if (text.charAt(close + 1) != ':') {
                    throw new IllegalArgumentException("expected host:port, got '" + text + "'");
                }
                port = text.substring(close + 2);
            }
        } else {
            int colon = text.indexOf(':');
            if (colon >= 0 && colon == text.lastIndexOf(':')) {
                host = text.substring(0, colon);
                port = text.substring(colon + 1);
            }
            // two or more colons without brackets: an IPv6 literal without a port
        }
        if (host.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "' has no host; write host:port");
        }
        if (port == null) {
            if (defaultPort <= 0) {
                throw new IllegalArgumentException("'" + text + "' has no port; write host:port"
                        + (host.indexOf(':') >= 0 ? " with an IPv6 host in brackets, e.g. [::1]:6379" : ""));
            }
            return new HostAndPort(host, defaultPort);
        }
        if (port.isEmpty() || port.length() > 5 || !port.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("'" + port + "' in '" + text + "' is not a port number");
        }
        int number = Integer.parseInt(port);
        if (number < 1 || number > 65535) {
            throw new IllegalArgumentException("port " + number + " in '" + text + "' is not in [1, 65535]");
        }
        return new HostAndPort(host, number);
    }

    /** Whether {@code host} is an IPv4 or IPv6 address literal (not a name that would need resolving). */
    public static boolean isIpLiteral(String host) {
        requireNonNull(host, "host is null");
        if (host.indexOf(':') >= 0) {
            int zone = host.indexOf('%');
            String address = zone < 0 ? host : host.substring(0, zone);
            return address.chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0);
        }
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return false;
            }
            if (Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
