package io.hivenosql.sandbox.mongo;

import static java.util.Objects.requireNonNull;

/**
 * A MongoDB connection string taken apart without a driver: {@code scheme://[userinfo@]hosts[/path][?options]}. The
 * base ({@link #base()}) drops the path (a database or {@code database.collection}) and keeps the options; messages
 * use {@link #redacted()}, which leaves the user information out.
 *
 * @param scheme {@code mongodb} or {@code mongodb+srv}
 * @param userInfo what precedes {@code @} in the authority, or empty
 * @param hosts the comma-separated hosts ({@code host[:port]}), never empty
 * @param options the query string without {@code ?}, or empty
 */
record MongoServerUri(String scheme, String userInfo, String hosts, String options) {
    static final int DEFAULT_PORT = 27017;

    MongoServerUri {
        requireNonNull(scheme, "scheme is null");
        requireNonNull(userInfo, "userInfo is null");
        requireNonNull(hosts, "hosts is null");
        requireNonNull(options, "options is null");
        if (!scheme.equals("mongodb") && !scheme.equals("mongodb+srv")) {
            throw new IllegalArgumentException("scheme must be mongodb or mongodb+srv: " + scheme);
        }
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("hosts is empty");
        }
    }

    /** Parses {@code uri}; {@code source} names where it came from (e.g. the variable MONGO_URI) in a failure. */
    static MongoServerUri parse(String uri, String source) {
        requireNonNull(uri, "uri is null");
        requireNonNull(source, "source is null");
        String text = uri.trim();
        int separator = text.indexOf("://");
        String scheme = separator < 0 ? "" : text.substring(0, separator);
        if (!scheme.equals("mongodb") && !scheme.equals("mongodb+srv")) {
            throw new IllegalArgumentException(source + " is not a MongoDB connection string (it does not start with "
                    + "mongodb:// or mongodb+srv://): write mongodb://host[:port][,host2[:port]][/database][?options]");
        }
        int start = separator + 3;
        int authorityEnd = start;
        while (authorityEnd < text.length() && text.charAt(authorityEnd) != '/' && text.charAt(authorityEnd) != '?') {
            authorityEnd++;
        }
        String authority = text.substring(start, authorityEnd);
        int at = authority.lastIndexOf('@');
        String userInfo = at < 0 ? "" : authority.substring(0, at);
        String hosts = authority.substring(at + 1);
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException(
                    source + " names no host: write " + scheme + "://host[:port][,host2[:port]][/database][?options]");
        }
        int question = text.indexOf('?', authorityEnd);
        String options = question < 0 ? "" : text.substring(question + 1);
        return new MongoServerUri(scheme, userInfo, hosts, options);
    }

    /** {@code scheme://[userinfo@]hosts}, then {@code /?options} when there are options. */
    String base() {
        return authority() + (options.isEmpty() ? "" : "/?" + options);
    }

    /** {@code scheme://[userinfo@]hosts/database.collection[?options]}: a table's {@code mongo.uri}. */
    String withNamespace(String database, String collection) {
        requireNonNull(database, "database is null");
        requireNonNull(collection, "collection is null");
        if (database.isEmpty() || database.matches(".*[/\\\\. \"$?].*")) {
            throw new IllegalArgumentException(
                    "database must be a MongoDB database name (not empty, none of / \\ . space \" $ ?): '" + database
                            + "'");
        }
        if (collection.isEmpty() || collection.startsWith("$") || collection.contains("?")) {
            throw new IllegalArgumentException(
                    "collection must be a MongoDB collection name (not empty, no leading $, no ?): '" + collection
                            + "'");
        }
        return authority() + "/" + database + "." + collection + (options.isEmpty() ? "" : "?" + options);
    }

    /** {@code scheme://hosts}: without user information, for messages and logs. */
    String redacted() {
        return scheme + "://" + hosts;
    }

    /** The first host's name (without brackets for an IPv6 address). */
    String firstHost() {
        String first = firstHostAndPort();
        if (first.startsWith("[")) {
            int close = first.indexOf(']');
            return close < 0 ? first.substring(1) : first.substring(1, close);
        }
        int colon = first.lastIndexOf(':');
        return colon < 0 ? first : first.substring(0, colon);
    }

    /** The first host's port; {@value #DEFAULT_PORT} when it names none (always for {@code mongodb+srv}). */
    int firstPort() {
        String first = firstHostAndPort();
        int colon = first.lastIndexOf(':');
        if (colon < 0 || colon < first.lastIndexOf(']')) {
            return DEFAULT_PORT;
        }
        try {
            return Integer.parseInt(first.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("The port of host '" + first + "' of " + redacted()
                    + " is not a number: write host:port, e.g. 127.0.0.1:27017");
        }
    }

    private String firstHostAndPort() {
        int comma = hosts.indexOf(',');
        return comma < 0 ? hosts : hosts.substring(0, comma);
    }

    private String authority() {
        return scheme + "://" + (userInfo.isEmpty() ? "" : userInfo + "@") + hosts;
    }

    @Override
    public String toString() {
        return redacted();
    }
}
