package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.ConnectionString;
import com.mongodb.MongoConfigurationException;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.UserInfo;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretUse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * A parsed {@code mongo.uri}: the driver's connection string, the database and collection of mongo-hadoop's
 * {@code /database.collection} path, and its {@code authSource} option. A URI with user information is refused before
 * the driver sees it, and is never echoed: a password ({@code user:password@}) is a secret whoever can DESCRIBE the
 * table could read; a user alone ({@code user@}) belongs in {@code mongo.user}, with the password's alias beside it.
 *
 * @param authSource the {@code authSource} option, which the driver keeps only in a credential (there is none here)
 */
record MongoUri(
        ConnectionString connectionString,
        Optional<String> database,
        Optional<String> collection,
        Optional<String> authSource) {
    private static final String AUTH_SOURCE_OPTION = "authsource";
    private static final int DEFAULT_PORT = 27017;

    MongoUri {
        requireNonNull(connectionString, "connectionString is null");
        requireNonNull(database, "database is null");
        requireNonNull(collection, "collection is null");
        requireNonNull(authSource, "authSource is null");
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
            if (at > scheme) {
                throw userInUri(tableName);
            }
        }
        ConnectionString parsed;
        try {
            parsed = new ConnectionString(uri);
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + tableName + ": property '" + key + "' is not a MongoDB connection string ("
                            + UserInfo.mask(e.getMessage())
                            + "); write mongodb://host[:port][,host2]/database.collection[?options]");
        } catch (MongoConfigurationException e) {
            // mongodb+srv:// reads the DNS TXT record of its name as the string is parsed
            throw new HandlerException(
                    HandlerErrorCode.STORE_UNREACHABLE,
                    "table " + tableName + ": property '" + key + "': the DNS records of its mongodb+srv name could "
                            + "not be read (" + UserInfo.mask(e.getMessage()) + "); check the name, and that this "
                            + "host resolves DNS SRV and TXT records (a Java runtime without the jdk.naming.dns "
                            + "module cannot), or list the hosts in a mongodb:// string",
                    e);
        }
        if (parsed.getPassword() != null) {
            throw new HandlerException(
                    HandlerErrorCode.PLAINTEXT_SECRET,
                    "table " + tableName + ": property '" + key + "' holds a password; use "
                            + MongoTableProperties.PASSWORD_ALIAS.key() + " instead");
        }
        if (parsed.getUsername() != null) {
            throw userInUri(tableName);
        }
        return new MongoUri(
                parsed,
                Optional.ofNullable(parsed.getDatabase()).filter(s -> !s.isEmpty()),
                Optional.ofNullable(parsed.getCollection()).filter(s -> !s.isEmpty()),
                option(uri, AUTH_SOURCE_OPTION));
    }

    private static HandlerException userInUri(String tableName) {
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + tableName + ": property '" + MongoTableProperties.URI.key() + "' names a user (user@host); "
                        + "remove it from the URI, put the user in " + MongoTableProperties.USER.key()
                        + " and the password alias in " + MongoTableProperties.PASSWORD_ALIAS.key()
                        + " (the alias of the password in a Hadoop credential provider)");
    }

    /**
     * The value of a query option of the URI ({@code ?name=value&...}, name case-insensitive, value URL-decoded); the
     * last one when it repeats, as the driver takes it.
     */
    static Optional<String> option(String uri, String name) {
        int query = uri.indexOf('?');
        if (query < 0) {
            return Optional.empty();
        }
        String found = null;
        for (String pair : uri.substring(query + 1).split("[&;]")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).trim().equalsIgnoreCase(name)) {
                found = URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            }
        }
        return Optional.ofNullable(found).filter(value -> !value.isEmpty());
    }

    /**
     * Where a password under {@code alias} goes: the URI's hosts (port 27017 where none is given), or for
     * {@code mongodb+srv://name} the SRV name, whose records give the hosts.
     */
    SecretUse secretUse(String alias) {
        String aliasKey = MongoTableProperties.PASSWORD_ALIAS.key();
        String uriKey = MongoTableProperties.URI.key();
        if (connectionString.isSrvProtocol()) {
            return new SecretUse(
                    aliasKey,
                    alias,
                    uriKey,
                    List.of(),
                    Optional.of(connectionString.getHosts().get(0)));
        }
        return new SecretUse(aliasKey, alias, uriKey, hosts());
    }

    /** The hosts of a {@code mongodb://} URI, port 27017 where none is given. */
    List<HostAndPort> hosts() {
        return connectionString.getHosts().stream()
                .map(host -> HostAndPort.parse(host, DEFAULT_PORT))
                .toList();
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
