package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.ConnectionString;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.Optional;

/**
 * A parsed {@code mongo.uri}: the driver's connection string, and the database and collection of mongo-hadoop's
 * {@code /database.collection} path. A URI that carries a password is refused before the driver sees it, and is never
 * echoed: whoever can DESCRIBE the table could read it.
 */
record MongoUri(ConnectionString connectionString, Optional<String> database, Optional<String> collection) {
    MongoUri {
        requireNonNull(connectionString, "connectionString is null");
        requireNonNull(database, "database is null");
        requireNonNull(collection, "collection is null");
    }

    static MongoUri parse(String tableName, String uri) {
        String key = MongoTableProperties.URI.key();
        int scheme = uri.indexOf("://");
        if (scheme > 0) {
            int end = authorityEnd(uri, scheme + 3);
            int at = uri.lastIndexOf('@', end - 1);
            if (at > scheme && uri.substring(scheme + 3, at).contains(":")) {
                throw new HandlerException(
                        HandlerErrorCode.PLAINTEXT_SECRET,
                        "table " + tableName + ": property '" + key + "' holds a password (user:password@), which "
                                + "every user who can DESCRIBE the table could read. Remove it from the URI, set "
                                + MongoTableProperties.USER.key() + " to the user and "
                                + MongoTableProperties.PASSWORD_ALIAS.key() + " to the alias of the password in a "
                                + "Hadoop credential provider ('hadoop credential create <alias> -provider <path>')");
            }
        }
        ConnectionString parsed;
        try {
            parsed = new ConnectionString(uri);
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + tableName + ": property '" + key + "' is not a MongoDB connection string ("
                            + e.getMessage() + "); write mongodb://host[:port][,host2]/database.collection[?options]");
        }
        if (parsed.getPassword() != null) {
            throw new HandlerException(
                    HandlerErrorCode.PLAINTEXT_SECRET,
                    "table " + tableName + ": property '" + key + "' holds a password; use "
                            + MongoTableProperties.PASSWORD_ALIAS.key() + " instead");
        }
        return new MongoUri(
                parsed,
                Optional.ofNullable(parsed.getDatabase()).filter(s -> !s.isEmpty()),
                Optional.ofNullable(parsed.getCollection()).filter(s -> !s.isEmpty()));
    }

    /** The user written in the URI ({@code user@host}), if any. */
    Optional<String> user() {
        return Optional.ofNullable(connectionString.getUsername());
    }

    /** The URI with any user name left out, for messages and logs. */
    String redacted() {
        return "mongodb" + (connectionString.isSrvProtocol() ? "+srv" : "") + "://"
                + String.join(",", connectionString.getHosts());
    }

    private static int authorityEnd(String uri, int start) {
        for (int i = start; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '/' || c == '?') {
                return i;
            }
        }
        return uri.length();
    }
}
