package io.hivenosql.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class TestTestingTcpRelay {
    @Test
    void forwardsBothWaysAndRecordsWhatClientsSend() throws Exception {
        try (ServerSocket echo = new ServerSocket()) {
            echo.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Thread server = new Thread(() -> {
                try (Socket socket = echo.accept();
                        InputStream in = socket.getInputStream();
                        OutputStream out = socket.getOutputStream()) {
                    byte[] line = in.readNBytes(9);
                    out.write(("echo " + new String(line, UTF_8)).getBytes(UTF_8));
                } catch (Exception e) {
                    // the test fails on the client side
                }
            });
            server.setDaemon(true);
            server.start();
            try (TestingTcpRelay relay = TestingTcpRelay.start("127.0.0.1", echo.getLocalPort());
                    Socket client = new Socket(relay.host(), relay.port())) {
                assertThat(relay.address()).isEqualTo("127.0.0.1:" + relay.port());
                client.getOutputStream().write("AUTH s3cr".getBytes(UTF_8));
                assertThat(new String(client.getInputStream().readNBytes(14), UTF_8))
                        .isEqualTo("echo AUTH s3cr");
                assertThat(relay.receivedText()).isEqualTo("AUTH s3cr");
                assertThat(relay.connections()).isEqualTo(1);
            }
        }
    }

    @Test
    void armedCutBreaksTheConnectionInTheMiddleOfAReplyAndRefusedConnectionsClose() throws Exception {
        try (ServerSocket source = new ServerSocket()) {
            source.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Thread server = new Thread(() -> {
                while (true) {
                    try (Socket socket = source.accept();
                            OutputStream out = socket.getOutputStream()) {
                        out.write(new byte[100]);
                        out.flush();
                        socket.getInputStream().read(); // until the client goes
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            server.setDaemon(true);
            server.start();
            try (TestingTcpRelay relay = TestingTcpRelay.start("127.0.0.1", source.getLocalPort())) {
                relay.cutAfterBytesToClients(50);
                try (Socket client = new Socket(relay.host(), relay.port())) {
                    // 49 bytes, then the end of the stream: the reply is cut short
                    assertThat(client.getInputStream().readAllBytes()).hasSize(49);
                }
                assertThat(relay.cuts()).isEqualTo(1);
                // the cut is spent: the next connection gets the whole reply
                try (Socket client = new Socket(relay.host(), relay.port())) {
                    assertThat(client.getInputStream().readNBytes(100)).hasSize(100);
                }
                relay.refuseConnections(true);
                try (Socket client = new Socket(relay.host(), relay.port())) {
                    assertThat(client.getInputStream().readAllBytes()).isEmpty();
                }
                assertThat(relay.connections()).isEqualTo(3);
            }
        }
    }
}
