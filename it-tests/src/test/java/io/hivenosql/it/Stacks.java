package io.hivenosql.it;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Stack traces as text, for assertions that a secret appears nowhere in what a client or a log gets. */
final class Stacks {
    private Stacks() {}

    /** The whole stack trace of {@code e}, causes and suppressed exceptions included; "" for null. */
    static String of(Throwable e) {
        if (e == null) {
            return "";
        }
        StringWriter writer = new StringWriter();
        e.printStackTrace(new PrintWriter(writer));
        return writer.toString();
    }
}
