package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;

/**
 * What HiveServer2 writes to its log while a test runs: an appender on the root logger of the in-process server's
 * log4j2 configuration (the sandbox's log4j2.properties, whose console output is the stack's log file,
 * {@code .sandbox/stack/stack.log} under {@code bin/hive-nosql up}). It sees exactly the events that configuration lets
 * through, with their stack traces. A HiveServer2 3.1.3 runs in a JVM of its own, with its local tasks: what its log
 * file gains meanwhile is captured too. Close it to detach.
 */
final class LogCapture implements AutoCloseable {
    private final StringBuffer text = new StringBuffer();
    private final AbstractAppender appender;
    private final LoggerContext context;
    private final Optional<Path> serverLog;
    private final long serverLogStart;

    private LogCapture() {
        serverLog = HiveStack.Resources.serverLog();
        serverLogStart = serverLog.map(LogCapture::size).orElse(0L);
        context = (LoggerContext) LogManager.getContext(false);
        appender = new AbstractAppender("it-log-capture-" + UUID.randomUUID(), null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                StringBuilder line = new StringBuilder()
                        .append(event.getLevel())
                        .append(' ')
                        .append(event.getLoggerName())
                        .append(": ")
                        .append(event.getMessage().getFormattedMessage())
                        .append('\n');
                if (event.getThrown() != null) {
                    StringWriter trace = new StringWriter();
                    event.getThrown().printStackTrace(new PrintWriter(trace));
                    line.append(trace);
                }
                text.append(line);
            }
        };
        appender.start();
        Configuration configuration = context.getConfiguration();
        configuration.addAppender(appender);
        configuration.getRootLogger().addAppender(appender, null, null);
        context.updateLoggers();
    }

    static LogCapture start() {
        return new LogCapture();
    }

    /** Everything logged since {@link #start()}. */
    String text() {
        return text + serverLog.map(this::serverLogSinceStart).orElse("");
    }

    private String serverLogSinceStart(Path file) {
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            ByteBuffer bytes = ByteBuffer.allocate((int) Math.max(0, size - serverLogStart));
            channel.read(bytes, serverLogStart);
            return new String(bytes.array(), 0, bytes.position(), UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HiveServer2's log " + file, e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HiveServer2's log " + file, e);
        }
    }

    @Override
    public void close() {
        Configuration configuration = context.getConfiguration();
        configuration.getRootLogger().removeAppender(appender.getName());
        context.updateLoggers();
        appender.stop();
    }
}
