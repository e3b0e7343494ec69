package io.hivenosql.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;

/** Free TCP ports on 127.0.0.1: servers of the local stack never use fixed ports. */
public final class FreePorts {
    private FreePorts() {}

    /**
     * A port that was free on 127.0.0.1 a moment ago. Another process may take it before the caller binds it; callers
     * that can, retry on a bind failure.
     */
    public static int pick() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot find a free TCP port on 127.0.0.1", e);
        }
    }

    /** Whether {@code port} of 127.0.0.1 is free at this moment (it can be bound). */
    public static boolean isFree(int port) {
        return isFree(InetAddress.getLoopbackAddress(), port);
    }

    /**
     * A port that was free a moment ago on every one of {@code hosts} (e.g. the loopback addresses of a ring whose nodes
     * share their ports); tries up to 100 ports.
     */
    public static int pickOnAll(List<String> hosts) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = pick();
            if (hosts.stream().allMatch(host -> isFree(address(host), port))) {
                return port;
            }
        }
        throw new IllegalStateException("Cannot find a TCP port free on all of " + hosts);
    }

    private static InetAddress address(String host) {
        try {
            return InetAddress.getByName(host);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot resolve " + host, e);
        }
    }

    private static boolean isFree(InetAddress address, int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, address)) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
