package io.hivenosql.it;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** What a failed statement reports, and an address nobody listens on, for the suites of bad input and lost servers. */
final class Failures {
    private Failures() {}

    /** The whole stack trace of a failure, causes included, as text. */
    static String stackTrace(Throwable e) {
        StringWriter writer = new StringWriter();
        e.printStackTrace(new PrintWriter(writer));
        return writer.toString();
    }

    /** {@code 127.0.0.1:port} of a port that was free a moment ago and has no listener. */
    static String closedAddress() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return "127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
