package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.MappingFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * What a HiveServer2 session may name in {@code nosql.mapping.url}, which HiveServer2 reads with its own rights:
 * <ul>
 *   <li>local files ({@code file:} URLs and plain paths) only under the directories of {@value
 *       ServerContext#MAPPING_FILE_ROOTS} in HiveServer2's own configuration (a session's {@code SET} does not count),
 *       after resolving {@code ..} and symbolic links, and only when the session user may read them;
 *   <li>files of Hadoop file systems ({@code hdfs:}, {@code s3a:}, ...) when the session user may read them (checked
 *       as that user); never {@code http:}, {@code https:}, {@code ftp:} or {@code sftp:} URLs;
 *   <li>{@code classpath:} resources only when they are mapping files by name ({@code .json} or {@code .avsc}).
 * </ul>
 * Outside a session (tasks, which read what HiveServer2 checked when it planned the query) nothing is checked.
 */
final class MappingUrlPolicy {
    private static final Set<String> REMOTE_SCHEMES = Set.of("http", "https", "ftp", "sftp");
    private static final String PROPERTY = NoSqlTableProperties.MAPPING_URL.key();

    private final List<String> configuredRoots;
    private final Optional<String> user;
    private final Configuration conf;

    MappingUrlPolicy(List<String> roots, Optional<String> user, Configuration conf) {
        this.configuredRoots = List.copyOf(requireNonNull(roots, "roots is null"));
        this.user = requireNonNull(user, "user is null");
        this.conf = requireNonNull(conf, "conf is null");
    }

    /** The policy of the session the current thread works for; one that checks nothing outside sessions. */
    static MappingUrlPolicy forSession(Configuration conf) {
        Optional<String> user = ServerContext.sessionUser();
        List<String> roots = user.isEmpty()
                ? List.of()
                : ServerContext.list(ServerContext.serverConf(), ServerContext.MAPPING_FILE_ROOTS);
        return new MappingUrlPolicy(roots, user, conf);
    }

    /**
     * Checks a mapping URL and returns the location to open: for a local file its real path as a {@code file:} URL
     * (what was checked is what is read), otherwise {@code url} itself.
     *
     * @throws HandlerException MAPPING_URL_NOT_ALLOWED naming the URL, the rule and the setting; nothing of the file
     */
    String check(String url) {
        return check(PROPERTY, url);
    }

    /**
     * {@link #check(String)} for a file that {@code property} names (a TLS trust store): the same rules, except that no
     * {@code classpath:} resource is allowed; messages name {@code property}.
     */
    String check(String property, String url) {
        if (user.isEmpty()) {
            return url;
        }
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("classpath:")) {
            if (!property.equals(PROPERTY)) {
                throw refused(property, url, "only mapping files may be classpath: resources; name a file on HDFS");
            }
            String name = lower.substring("classpath:".length());
            if (!(name.endsWith(".json") || name.endsWith(".avsc")) || name.contains("..")) {
                throw refused(
                        property,
                        url,
                        "a classpath: resource must be a mapping file by name, ending in .json or .avsc");
            }
            return url;
        }
        String scheme = scheme(url);
        if (scheme == null || scheme.equals("file")) {
            return checkLocal(property, url);
        }
        if (REMOTE_SCHEMES.contains(scheme)) {
            throw refused(property, url, "HiveServer2 does not fetch files over " + scheme + ": put the file on HDFS");
        }
        try {
            ServerContext.checkReadable(new Path(url), conf, user.get());
        } catch (IOException | RuntimeException e) {
            throw refused(
                    property,
                    url,
                    "user '" + user.get() + "', who runs this statement, cannot be shown to read it (" + describe(e)
                            + ")");
        }
        return url;
    }

    private String checkLocal(String property, String url) {
        java.nio.file.Path path;
        try {
            path = MappingFiles.localPath(url).toAbsolutePath().normalize();
        } catch (IOException | InvalidPathException e) {
            throw refused(property, url, "it is not a local path (" + describe(e) + ")");
        }
        List<java.nio.file.Path> roots = roots();
        if (!isUnder(path, roots)) {
            throw outsideRoots(property, url);
        }
        java.nio.file.Path real = path;
        if (Files.exists(path)) {
            try {
                real = path.toRealPath();
            } catch (IOException e) {
                throw refused(property, url, describe(e));
            }
            if (!isUnder(real, roots)) {
                throw outsideRoots(property, url); // a symbolic link out of the allowed directories
            }
            try {
                ServerContext.checkReadable(new Path(real.toUri()), conf, user.get());
            } catch (IOException | RuntimeException e) {
                throw refused(
                        property,
                        url,
                        "user '" + user.get() + "', who runs this statement, may not read it (" + describe(e) + ")");
            }
        }
        return real.toUri().toString();
    }

    private List<java.nio.file.Path> roots() {
        List<java.nio.file.Path> roots = new ArrayList<>();
        for (String root : configuredRoots) {
            try {
                java.nio.file.Path path =
                        MappingFiles.localPath(root).toAbsolutePath().normalize();
                roots.add(path);
                if (Files.exists(path)) {
                    roots.add(path.toRealPath());
                }
            } catch (IOException | InvalidPathException e) {
                // a root that is no local path admits nothing
            }
        }
        return roots;
    }

    private static boolean isUnder(java.nio.file.Path path, List<java.nio.file.Path> roots) {
        return roots.stream().anyMatch(path::startsWith);
    }

    private HandlerException outsideRoots(String property, String url) {
        String allowed = configuredRoots.isEmpty() ? "none is set" : String.join(", ", configuredRoots);
        return refused(
                property,
                url,
                "it names a local file of the HiveServer2 host outside the directories mapping files (and the TLS "
                        + "files of tables) may be read from ("
                        + ServerContext.MAPPING_FILE_ROOTS + " in HiveServer2's configuration: " + allowed
                        + "). Put the file there or on HDFS, or ask an administrator to add its directory");
    }

    private static HandlerException refused(String property, String url, String why) {
        return new HandlerException(
                HandlerErrorCode.MAPPING_URL_NOT_ALLOWED, property + " '" + url + "' is not read: " + why);
    }

    private static String scheme(String url) {
        int colon = url.indexOf(':');
        if (colon <= 1) {
            return null; // no scheme, or a Windows drive letter
        }
        String scheme = url.substring(0, colon);
        if (!Character.isLetter(scheme.charAt(0))
                || !scheme.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.')) {
            return null;
        }
        return scheme.toLowerCase(Locale.ROOT);
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
