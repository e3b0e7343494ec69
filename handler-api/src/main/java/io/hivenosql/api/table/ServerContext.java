package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.hive.common.FileUtils;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * What HiveServer2 knows beyond a table's properties: the user of the session a statement runs in, and the server's own
 * configuration (its hive-site.xml and core-site.xml), which no session can change with {@code SET}, unlike the
 * configuration a handler is given.
 */
final class ServerContext {
    /** Directories under which {@code nosql.mapping.url} may name local files; a HiveServer2 setting. */
    static final String MAPPING_FILE_ROOTS = "hivenosql.mapping.file.roots";

    private static volatile Configuration serverConf;

    private ServerContext() {}

    /**
     * The user of the HiveServer2 session the current thread works for (the connecting user, or the one it proxies);
     * empty outside a session (tasks, and threads of Hive's own that run no statement).
     */
    static Optional<String> sessionUser() {
        SessionState session = SessionState.get();
        if (session == null) {
            return Optional.empty();
        }
        String user = session.getUserName();
        if (user == null || user.isEmpty()) {
            user = SessionState.getUserFromAuthenticator();
        }
        return Optional.ofNullable(user).filter(u -> !u.isEmpty());
    }

    /** HiveServer2's own configuration, loaded once per JVM from its configuration files. */
    static Configuration serverConf() {
        Configuration conf = serverConf;
        if (conf == null) {
            synchronized (ServerContext.class) {
                conf = serverConf;
                if (conf == null) {
                    conf = new HiveConf();
                    serverConf = conf;
                }
            }
        }
        return conf;
    }

    /** The trimmed, non-empty entries of a comma-separated setting of {@code conf}. */
    static List<String> list(Configuration conf, String key) {
        return conf.getTrimmedStringCollection(key).stream()
                .filter(s -> !s.isEmpty())
                .toList();
    }

    /**
     * Checks that {@code user} may read {@code path}: as that user when it is not the server's own (Hive's
     * impersonating check, which HDFS allows when HiveServer2 may proxy users), directly otherwise.
     *
     * @throws IOException when the file is missing or the user may not read it; the message says which
     */
    static void checkReadable(Path path, Configuration conf, String user) throws IOException {
        requireNonNull(path, "path is null");
        requireNonNull(user, "user is null");
        FileSystem fs = path.getFileSystem(conf);
        FileStatus status = fs.getFileStatus(path);
        try {
            FileUtils.checkFileAccessWithImpersonation(fs, status, FsAction.READ, user);
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
