package io.hivenosql.api.tls;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * Tells what went wrong in a TLS handshake from the exception a driver reports (the JDK's exception is somewhere among
 * its causes), and says it as an error that names the table, the host and what to fix: a certificate that no trusted
 * CA signed, one that expired, one that names another host, a server that answers in plain text, a server that wants
 * (or refuses) the client's certificate. Nothing ever falls back to plain text.
 */
public final class TlsFailures {
    private TlsFailures() {}

    /**
     * The TLS failure among {@code failure}'s causes as a {@link HandlerErrorCode#TLS_FAILED} error; empty when none
     * of them is a TLS failure.
     *
     * @param settings the table's TLS settings (for the properties to name)
     * @param host the server connected to, {@code host:port}
     * @param hostsProperty the property that names the server, e.g. {@code redis.nodes}
     */
    public static Optional<HandlerException> describe(
            TlsSettings settings, String host, String hostsProperty, Throwable failure) {
        List<Throwable> chain = chain(failure);
        Optional<String> why = why(settings, host, hostsProperty, chain);
        return why.map(text -> new HandlerException(
                HandlerErrorCode.TLS_FAILED,
                "table " + settings.tableName() + ": the TLS handshake with " + host + " failed: " + text,
                failure));
    }

    private static Optional<String> why(
            TlsSettings settings, String host, String hostsProperty, List<Throwable> chain) {
        TlsProperties properties = settings.properties();
        for (Throwable cause : chain) {
            if (cause instanceof CertificateExpiredException || cause instanceof CertificateNotYetValidException) {
                return Optional.of(notValidNow(host, cause));
            }
        }
        for (Throwable cause : chain) {
            // a driver that reports the handshake only as text (MongoDB server selection): "validity check failed"
            if (lower(cause).contains("validity check failed")) {
                return Optional.of(notValidNow(host, cause));
            }
        }
        for (Throwable cause : chain) {
            String message = lower(cause);
            if (message.contains("no subject alternative") || message.contains("no name matching")) {
                return Optional.of("the certificate " + host + " presents does not name that host ("
                        + reason(cause)
                        + "): name the server in " + hostsProperty + " as its certificate does (a name or address "
                        + "among its subject alternative names), or have the certificate reissued to name it. "
                        + properties.hostnameVerification().key() + "=false turns the check off, which lets any holder "
                        + "of a certificate of a trusted CA stand in for the server");
            }
        }
        for (Throwable cause : chain) {
            String message = lower(cause);
            if (cause instanceof CertPathBuilderException
                    || cause instanceof CertPathValidatorException
                    || message.contains("unable to find valid certification path")) {
                return Optional.of("the certificate " + host + " presents is not signed by a CA that "
                        + settings.trustSource() + " trusts: set "
                        + properties.trustStore().key() + " to the PEM file "
                        + "(or trust store) of the CA that signed the server's certificate");
            }
        }
        for (Throwable cause : chain) {
            String message = lower(cause);
            if (message.startsWith(HandshakingSocketFactory.NO_ANSWER.toLowerCase(Locale.ROOT))) {
                return Optional.of(host + " did not answer the TLS handshake (" + cause.getMessage() + "), as a server "
                        + "that speaks plain text does: name the server's TLS port in " + hostsProperty + ", or, for a "
                        + "server without TLS, set " + properties.enabled().key() + "=false");
            }
            // the JDK's words, and Netty's (the Cassandra driver), which adds the hex of what came back
            if (message.contains("unsupported or unrecognized ssl message")
                    || message.contains("plaintext connection")
                    || message.startsWith("not an ssl/tls record")) {
                return Optional.of(host + " answered in plain text, not TLS: name the server's TLS port in "
                        + hostsProperty + ", or, for a server without TLS, set "
                        + properties.enabled().key()
                        + "=false");
            }
            if (message.contains("certificate_required")
                    || message.contains("bad_certificate")
                    || message.contains("unknown_ca")
                    || message.contains("certificate_unknown")) {
                String client = settings.keyStore().isPresent()
                        ? "refused the client certificate of "
                                + properties.keyStore().key() + " (" + cause.getMessage()
                                + "): use a certificate signed by a CA the server trusts"
                        : "requires a client certificate (" + cause.getMessage() + "): set "
                                + properties.keyStore().key() + " to the client's key and certificate, signed by a CA "
                                + "the server trusts";
                return Optional.of(host + " " + client);
            }
        }
        for (Throwable cause : chain) {
            if (cause instanceof SSLException) {
                return Optional.of(reason(cause) + " (trusting " + settings.trustSource() + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * A connection the server closed as soon as the handshake was done ({@code failure} was thrown while the client
     * opened it): in TLS 1.3 a server that requires a client certificate, or does not trust the one it got, says so
     * only after the client's handshake has finished, and the client then sees its first write or read fail. Empty
     * when {@code failure} is not such a closing.
     */
    public static Optional<HandlerException> closedAfterHandshake(
            TlsSettings settings, String host, Throwable failure) {
        boolean closed = chain(failure).stream()
                .map(TlsFailures::lower)
                .anyMatch(message -> message.contains("broken pipe")
                        || message.contains("connection reset")
                        || message.contains("end of stream"));
        if (!closed) {
            return Optional.empty();
        }
        TlsProperties properties = settings.properties();
        String fix = settings.keyStore().isPresent()
                ? "check that a CA the server trusts signed the certificate of "
                        + properties.keyStore().key()
                : "set " + properties.keyStore().key() + " to the client's key and certificate, signed by a CA the "
                        + "server trusts";
        return Optional.of(new HandlerException(
                HandlerErrorCode.TLS_FAILED,
                "table " + settings.tableName() + ": " + host + " closed the connection as soon as the TLS handshake "
                        + "was done, as a server that requires a client certificate does when it gets none or one it "
                        + "does not trust (TLS 1.3 gives the client no reason); if it requires one, " + fix,
                failure));
    }

    private static String notValidNow(String host, Throwable cause) {
        return "the certificate " + host + " presents is not valid now (" + reason(cause)
                + "): the server needs a current certificate; its administrator renews it";
    }

    /**
     * What {@code cause} says, or, for a driver that reports the handshake only as the text of its cluster's state
     * (MongoDB's server selection: "Timed out while waiting for a server ... caused by {javax.net.ssl...}, caused by
     * {java.security.cert.CertificateExpiredException: NotAfter: ...}}]"), its innermost cause alone.
     */
    static String reason(Throwable cause) {
        String message = String.valueOf(cause.getMessage());
        int innermost = message.lastIndexOf(CAUSED_BY);
        if (innermost < 0) {
            return message;
        }
        int start = innermost + CAUSED_BY.length();
        int end = message.indexOf('}', start);
        return end < 0 ? message : message.substring(start, end);
    }

    private static final String CAUSED_BY = "caused by {";

    private static List<Throwable> chain(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = failure; t != null && !chain.contains(t) && chain.size() < 32; t = t.getCause()) {
            chain.add(t);
            for (Throwable suppressed : t.getSuppressed()) {
                chain.addAll(chain(suppressed));
            }
        }
        return chain;
    }

    private static String lower(Throwable cause) {
        String message = cause.getMessage();
        return message == null ? "" : message.toLowerCase(Locale.ROOT);
    }
}
