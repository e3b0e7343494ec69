package io.hivenosql.api.hive;

import io.hivenosql.api.hive.line.HiveLines;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warnings for the user whose statement caused them. In HiveServer2 they go to Hive's session console
 * ({@code SessionState.getConsole()}), whose logger HiveServer2 copies into the statement's operation log: beeline
 * prints it, and JDBC clients read it with {@code HiveStatement.getQueryLog()} (at the default
 * {@code hive.server2.logging.operation.level=EXECUTION} and above). Without a session (a metastore running on its
 * own, tests), and always, they go to this class's log.
 */
final class UserWarnings {
    private static final Logger LOG = LoggerFactory.getLogger(UserWarnings.class);

    private UserWarnings() {}

    static void warn(String message) {
        HiveLines.current().printSessionWarning("WARNING: " + message);
        LOG.warn(message);
    }
}
