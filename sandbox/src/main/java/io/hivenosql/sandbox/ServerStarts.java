package io.hivenosql.sandbox;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starting a {@link Stack}'s store servers in the background while HiveServer2 starts. */
final class ServerStarts {
    private static final Logger log = LoggerFactory.getLogger(ServerStarts.class);

    private ServerStarts() {}

    /** Runs {@code start} in a daemon thread of its own: the store starts while HiveServer2 does. */
    static <T> CompletableFuture<T> inBackground(String threadName, Supplier<T> start) {
        CompletableFuture<T> server = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        server.complete(start.get());
                    } catch (RuntimeException | Error e) {
                        server.completeExceptionally(e);
                    }
                },
                threadName);
        thread.setDaemon(true);
        thread.start();
        return server;
    }

    static <T> T await(CompletableFuture<T> server) {
        try {
            return server.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** After a failed start of the rest of the stack: stops a store once its own start is over. */
    static <T> void closeWhenStarted(CompletableFuture<T> server, String what, Consumer<T> close) {
        try {
            close.accept(server.join());
        } catch (RuntimeException e) {
            log.warn("{} did not start either: {}", what, e.getMessage());
        }
    }
}
