package io.hivenosql.sandbox;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay that stands for an attacker's listener in tests: it listens on a free port of 127.0.0.1, forwards every
 * connection to a target server (so that the client behind it works as if it talked to the server) and records every
 * byte the clients send. A test points a table at {@link #address()} and then asks whether credentials went through
 * ({@link #receivedText()}, {@link #connections()}).
 *
 * <p>Threads are daemons; {@link #close()} closes the listening socket and every connection it relayed.
 */
public final class TestingTcpRelay implements Closeable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Socket> sockets = new ArrayList<>();
    private volatile boolean closed;

    private TestingTcpRelay(ServerSocket listener, InetSocketAddress target) {
        this.listener = listener;
        this.target = target;
    }

    /** Starts a relay to {@code host:port}. */
    public static TestingTcpRelay start(String host, int port) {
        requireNonNull(host, "host is null");
        try {
            ServerSocket listener = new ServerSocket();
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            TestingTcpRelay relay = new TestingTcpRelay(listener, new InetSocketAddress(host, port));
            Thread acceptor = new Thread(relay::acceptLoop, "testing-tcp-relay-" + listener.getLocalPort());
            acceptor.setDaemon(true);
            acceptor.start();
            return relay;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a TCP relay to " + host + ":" + port, e);
        }
    }

    /** {@code 127.0.0.1:<port>}: where clients connect. */
    public String address() {
        return listener.getInetAddress().getHostAddress() + ":" + listener.getLocalPort();
    }

    public String host() {
        return listener.getInetAddress().getHostAddress();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** How many connections clients opened through the relay so far. */
    public int connections() {
        return connections.get();
    }

    /** Every byte clients sent so far, in arrival order (connections interleaved). */
    public byte[] received() {
        synchronized (received) {
            return received.toByteArray();
        }
    }

    /** {@link #received()} as ISO-8859-1 text: one char per byte, so that ASCII within binary protocols is found. */
    public String receivedText() {
        return new String(received(), ISO_8859_1);
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            connections.incrementAndGet();
            Socket server = new Socket();
            try {
                server.connect(target, 10_000);
            } catch (IOException e) {
                closeQuietly(client);
                closeQuietly(server);
                continue;
            }
            synchronized (sockets) {
                sockets.add(client);
                sockets.add(server);
            }
            pump(client, server, true);
            pump(server, client, false);
        }
    }

    private void pump(Socket from, Socket to, boolean record) {
        Thread thread = new Thread(
                () -> {
                    byte[] buffer = new byte[8192];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        int n;
                        while ((n = in.read(buffer)) >= 0) {
                            if (record) {
                                synchronized (received) {
                                    received.write(buffer, 0, n);
                                }
                            }
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                    } catch (IOException e) {
                        // one side closed
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "testing-tcp-relay-pump-" + listener.getLocalPort());
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        synchronized (sockets) {
            sockets.forEach(TestingTcpRelay::closeQuietly);
            sockets.clear();
        }
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // nothing to do
        }
    }

    @Override
    public String toString() {
        return "TestingTcpRelay[" + address() + " -> " + target.getHostString() + ":" + target.getPort() + "]";
    }
}
