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
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay that stands for an attacker's listener in tests: it listens on a free port of 127.0.0.1, forwards every
 * connection to a target server (so that the client behind it works as if it talked to the server) and records every
 * byte the clients send. A test points a table at {@link #address()} and then asks whether credentials went through
 * ({@link #receivedText()}, {@link #connections()}).
 *
 * <p>It also stands for a network that fails under a client: {@link #cutConnections()} breaks every relayed
 * connection at once, {@link #cutAfterBytesToClients} once the server has sent so many more bytes (in the middle of a
 * reply), and {@link #refuseConnections} closes new connections as soon as they are accepted, so that a client cannot
 * reconnect until it is allowed again.
 *
 * <p>Threads are daemons; {@link #close()} closes the listening socket and every connection it relayed.
 */
public final class TestingTcpRelay implements Closeable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Socket> sockets = new ArrayList<>();
    /** Bytes the server may still send to clients before every connection is cut; negative: no cut armed. */
    private final AtomicLong bytesBeforeCut = new AtomicLong(-1);

    private final AtomicInteger cuts = new AtomicInteger();
    private volatile boolean refusing;
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

    /** Breaks every connection relayed so far; the relay goes on accepting new ones. */
    public void cutConnections() {
        cuts.incrementAndGet();
        synchronized (sockets) {
            sockets.forEach(TestingTcpRelay::closeQuietly);
            sockets.clear();
        }
    }

    /**
     * Arms one cut: the server's next reads towards the clients (all connections together) pass on until one would
     * reach {@code bytes} bytes in all; of that read only what stays below {@code bytes} is delivered, and every
     * connection is broken ({@link #cutConnections()}), so that a client sees its connection end in the middle of a
     * reply.
     */
    public void cutAfterBytesToClients(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("bytes must be positive: " + bytes);
        }
        bytesBeforeCut.set(bytes);
    }

    /** While true, connections are closed as soon as they are accepted (the client's connect succeeds, then breaks). */
    public void refuseConnections(boolean refuse) {
        refusing = refuse;
    }

    /** How many times the relay broke its connections ({@link #cutConnections()}, armed cuts). */
    public int cuts() {
        return cuts.get();
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
            if (refusing) {
                closeQuietly(client);
                continue;
            }
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
                            long allowed = record ? n : allowedToClient(n);
                            out.write(buffer, 0, (int) allowed);
                            out.flush();
                            if (allowed < n) {
                                cutConnections();
                                return;
                            }
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

    /** How many of {@code n} bytes from the server may pass before an armed cut: {@code n} when none is armed. */
    private long allowedToClient(int n) {
        while (true) {
            long before = bytesBeforeCut.get();
            if (before < 0) {
                return n;
            }
            long after = Math.max(0, before - n);
            if (bytesBeforeCut.compareAndSet(before, after == 0 ? -1 : after)) {
                return after == 0 ? before - 1 : n;
            }
        }
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
