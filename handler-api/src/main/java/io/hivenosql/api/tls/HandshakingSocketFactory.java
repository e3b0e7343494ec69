package io.hivenosql.api.tls;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * An {@link SSLSocketFactory} for clients that layer TLS over a connected socket and talk at once (Jedis): it applies
 * the table's {@link SSLParameters} (host name verification) and completes the handshake before handing the socket
 * over, so that a handshake that fails fails as one. A server that speaks plain text usually waits for a command and
 * never answers the client's hello: that silence becomes an {@link SSLHandshakeException} that says so, instead of a
 * read timeout that looks like a busy server.
 */
final class HandshakingSocketFactory extends SSLSocketFactory {
    /** The start of the message of a handshake that got no answer, which {@link TlsFailures} recognizes. */
    static final String NO_ANSWER = "no answer to the TLS handshake";

    private final SSLSocketFactory delegate;
    private final SSLParameters parameters;

    HandshakingSocketFactory(SSLSocketFactory delegate, SSLParameters parameters) {
        this.delegate = requireNonNull(delegate, "delegate is null");
        this.parameters = requireNonNull(parameters, "parameters is null");
    }

    @Override
    public Socket createSocket(Socket socket, String host, int port, boolean autoClose) throws IOException {
        return handshake((SSLSocket) delegate.createSocket(socket, host, port, autoClose), host, port);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return handshake((SSLSocket) delegate.createSocket(host, port), host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return handshake((SSLSocket) delegate.createSocket(host, port, localHost, localPort), host, port);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return handshake((SSLSocket) delegate.createSocket(host, port), host.getHostAddress(), port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return handshake(
                (SSLSocket) delegate.createSocket(address, port, localAddress, localPort),
                address.getHostAddress(),
                port);
    }

    private SSLSocket handshake(SSLSocket socket, String host, int port) throws IOException {
        // read before the handshake: a failed handshake closes the socket
        int timeout = socket.getSoTimeout();
        try {
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            return socket;
        } catch (SocketTimeoutException e) {
            socket.close();
            SSLHandshakeException silent =
                    new SSLHandshakeException(NO_ANSWER + " from " + host + ":" + port + " within " + timeout + " ms");
            silent.initCause(e);
            throw silent;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return delegate.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return delegate.getSupportedCipherSuites();
    }
}
