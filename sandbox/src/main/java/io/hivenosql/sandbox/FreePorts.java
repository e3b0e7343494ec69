package io.hivenosql.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

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
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
