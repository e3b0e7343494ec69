package io.hivenosql.bench.failover;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Tells a request that failed because of the node loss from one that failed for another reason, by its error message:
 * the handlers' store errors ({@code HNS-201 STORE_UNREACHABLE}, {@code HNS-202 STORE_ERROR}, {@code HNS-203
 * WRITE_FAILED}, {@code HNS-204 REPLICAS_UNAVAILABLE}) and the drivers' words for a lost node (a refused or reset
 * connection, no node or replica available, a cluster that is down, a read or write timeout). Anything else (a Hive
 * error, a JDBC timeout, a wrong statement) is another failure. The report lists every distinct message with its
 * class, so the split can be checked.
 */
public final class FailureCauses {
    /** Matched against the message in lower case. */
    private static final List<Pattern> NODE_LOSS = List.of(
            Pattern.compile("hns-20[1-4]"),
            Pattern.compile("connection refused"),
            Pattern.compile("connection reset"),
            Pattern.compile("broken pipe"),
            Pattern.compile("unexpected end of stream"),
            Pattern.compile("no ?node ?available|allnodesfailed|all host\\(s\\) tried"),
            Pattern.compile("unavailable ?exception|not enough replicas|cannot achieve consistency"),
            Pattern.compile("(read|write)timeoutexception|(read|write) timeout"),
            Pattern.compile("clusterdown|cluster is down|jedisconnectionexception|could not get a resource"),
            Pattern.compile("tryagain|jedisclusteroperationexception|no more cluster attempts"));

    private FailureCauses() {}

    /** Whether the message says a node or the connection to it was lost. */
    public static boolean nodeLoss(String message) {
        String text = message == null ? "" : message.toLowerCase(Locale.ROOT);
        return NODE_LOSS.stream().anyMatch(pattern -> pattern.matcher(text).find());
    }

    /** The outcome of a failed request with this message. */
    public static RequestRecord.Outcome outcome(String message) {
        return nodeLoss(message) ? RequestRecord.Outcome.FAILED_NODE_LOSS : RequestRecord.Outcome.FAILED_OTHER;
    }

    /**
     * A failure's message without what differs between requests (numbers such as ports, keys, counts and times, but
     * not IPv4 addresses or error codes like {@code HNS-201}; query and session ids), so that equal causes
     * count together in the report; cut to 300 characters.
     */
    public static String normalize(String message) {
        String text = message == null ? "(no message)" : message.strip();
        text = text.replaceAll("hive_\\d+_[0-9a-f-]+", "<query>")
                .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>")
                .replaceAll("(?<![\\d.-])\\d+(?![\\d.])", "N")
                .replaceAll("\\s+", " ");
        return text.length() <= 300 ? text : text.substring(0, 300) + "\u2026";
    }
}
