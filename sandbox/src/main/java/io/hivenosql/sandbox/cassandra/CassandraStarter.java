package io.hivenosql.sandbox.cassandra;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.tls.TestingCertificates.Issued;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a {@link TestingCassandraServer}: prepares the work directory, writes the yaml and logback files, launches the
 * daemon's JVM on free ports and waits until the node answers CQL; tries other ports when one was taken meanwhile.
 */
final class CassandraStarter {
    private static final Logger log = LoggerFactory.getLogger(CassandraStarter.class);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    private static final int START_ATTEMPTS = 3;
    private static final String STORE_PASSWORD = "testing-cassandra-store";

    private CassandraStarter() {}

    /**
     * The settings of a server, from {@link TestingCassandraServer.Builder}: {@code ports} empty to pick free ones;
     * {@code keepData} keeps the data of the work directory (a ring's node, restarted on it; the ring deletes it).
     */
    record Settings(
            String host,
            Optional<Ports> ports,
            boolean keepData,
            Optional<Path> workDir,
            int heapMegabytes,
            int numTokens,
            boolean passwordAuthenticator,
            Optional<TlsServerMaterial> tls,
            Duration startTimeout,
            Map<String, String> config,
            Map<String, String> systemProperties,
            long parentPid,
            boolean shared) {
        Settings {
            requireNonNull(host, "host is null");
            requireNonNull(ports, "ports is null");
            requireNonNull(workDir, "workDir is null");
            if (keepData && workDir.isEmpty()) {
                throw new IllegalArgumentException("a server that keeps its data needs a work directory");
            }
            requireNonNull(tls, "tls is null");
            requireNonNull(startTimeout, "startTimeout is null");
            config = Map.copyOf(requireNonNull(config, "config is null"));
            systemProperties = Map.copyOf(requireNonNull(systemProperties, "systemProperties is null"));
        }
    }

    /** The storage (gossip), CQL and JMX ports of a node; JMX listens on 127.0.0.1 whatever the node's address. */
    record Ports(int storage, int cql, int jmx) {}

    static TestingCassandraServer start(Settings settings) {
        CassandraCommand command = CassandraCommand.load();
        if (settings.ports().isPresent()) {
            Ports ports = settings.ports().get();
            return startOn(settings, command, ports.storage(), ports.cql(), ports.jmx());
        }
        PortTakenException last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            List<Integer> ports = freePorts(3);
            try {
                return startOn(settings, command, ports.get(0), ports.get(1), ports.get(2));
            } catch (PortTakenException e) {
                // another process took a port between probing and binding: try other ones
                last = e;
                log.warn("Cassandra did not start on ports {} (attempt {}): {}", ports, attempt, e.getMessage());
            }
        }
        throw last;
    }

    private static TestingCassandraServer startOn(
            Settings settings, CassandraCommand command, int storagePort, int nativePort, int jmxPort) {
        long start = System.nanoTime();
        Path workDir = prepareWorkDir(settings);
        Map<String, String> yaml = CassandraYaml.defaults(
                workDir,
                settings.host(),
                storagePort,
                nativePort,
                settings.numTokens(),
                settings.passwordAuthenticator());
        settings.tls().ifPresent(material -> yaml.put("client_encryption_options", clientEncryption(material)));
        yaml.putAll(settings.config());
        Process process;
        try {
            Files.writeString(workDir.resolve(TestingCassandraServer.YAML_FILE), CassandraYaml.render(yaml), UTF_8);
            Files.writeString(
                    workDir.resolve(TestingCassandraServer.LOGBACK_FILE), CassandraCommand.logbackXml("INFO"), UTF_8);
            Files.writeString(
                    workDir.resolve(TestingCassandraServer.TOOLS_LOGBACK_FILE),
                    CassandraCommand.logbackXml("WARN"),
                    UTF_8);
            List<String> daemon = command.daemon(
                    workDir, settings.heapMegabytes(), jmxPort, settings.parentPid(), settings.systemProperties());
            process = ServerProcess.launch(daemon, workDir, workDir.resolve(TestingCassandraServer.LOG_FILE), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start a Cassandra daemon in " + workDir, e);
        }
        ServerProcess owned = TestingCassandraServer.ownProcess(process);
        TestingCassandraServer server =
                new TestingCassandraServer(settings, command, workDir, storagePort, nativePort, jmxPort, owned);
        try {
            awaitReady(server, owned, settings);
        } catch (RuntimeException e) {
            server.abandon();
            throw e;
        }
        log.info("Started {} in {} ms", server, (System.nanoTime() - start) / 1_000_000);
        return server;
    }

    /**
     * The {@code client_encryption_options} of a TLS node: its key store and the trust store of its CA, as PKCS12 files
     * beside the CA's (written again at each start; the password is the sandbox's, a test fixture's, not a secret).
     */
    private static String clientEncryption(TlsServerMaterial material) {
        Path keyStore = writeKeyStore(material, material.server());
        Path trustStore = material.ca().trustStore(material.server().name() + "-truststore.p12", STORE_PASSWORD);
        return CassandraYaml.clientEncryption(keyStore, trustStore, STORE_PASSWORD, material.clientAuth());
    }

    /** Writes {@code certificate}'s key and chain to the key store of the node started with {@code material}. */
    private static Path writeKeyStore(TlsServerMaterial material, Issued certificate) {
        return material.ca().keyStore(certificate, material.server().name() + "-keystore.p12", STORE_PASSWORD);
    }

    /**
     * Makes the TLS node {@code server}, started with {@code material}, present {@code certificate} to new connections:
     * writes it over the node's key store, has the node rebuild its TLS contexts from the files ({@code nodetool
     * reloadssl}: whatever the files' times; of an expired certificate Cassandra only logs a warning), then checks with
     * a handshake of the fixture's own that the node presents it, since a reload that fails keeps the old contexts and
     * only logs the error.
     */
    static void presentCertificate(TestingCassandraServer server, TlsServerMaterial material, Issued certificate) {
        writeKeyStore(material, certificate);
        server.nodetool("reloadssl");
        Optional<X509Certificate> presented;
        try (CqlProbe probe = CqlProbe.connect(
                server.host(), server.nativePort(), PROBE_TIMEOUT, Optional.of(material.fixtureContext()))) {
            presented = probe.serverCertificate();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot connect to " + server + " after reloading its certificate", e);
        }
        if (!presented.equals(Optional.of(certificate.certificate()))) {
            throw new IllegalStateException(server + " still presents "
                    + presented.map(c -> c.getSubjectX500Principal().getName()).orElse("no certificate")
                    + " after reloading " + certificate.name() + "; log tail (" + server.logFile() + "):\n"
                    + server.logTail());
        }
        log.info("{} presents {} to new connections", server, certificate.name());
    }

    /**
     * Waits until the node answers CQL (and, with authentication, until the default superuser can log in); over TLS
     * with the fixture's own context for a TLS node.
     */
    private static void awaitReady(TestingCassandraServer server, ServerProcess process, Settings settings) {
        Optional<SSLContext> tls = settings.tls().map(TlsServerMaterial::fixtureContext);
        process.awaitReady(
                settings.startTimeout(),
                POLL_INTERVAL,
                () -> {
                    try (CqlProbe probe = CqlProbe.connect(server.host(), server.nativePort(), PROBE_TIMEOUT, tls)) {
                        probe.options();
                        if (settings.passwordAuthenticator()) {
                            probe.startup(TestingCassandraServer.SUPERUSER, TestingCassandraServer.SUPERUSER_PASSWORD);
                        } else {
                            probe.startup(null, null);
                        }
                        return Optional.of(true);
                    }
                },
                exitCode -> {
                    String tail = server.logTail();
                    String message = "Cassandra on " + server.contactPoint() + " exited with code " + exitCode
                            + " during start-up; log tail (" + server.logFile() + "):\n" + tail;
                    return tail.contains("Address already in use")
                            ? new PortTakenException(message)
                            : new IllegalStateException(message);
                },
                last -> new IllegalStateException(
                        "Cassandra on " + server.contactPoint() + " did not answer CQL within "
                                + settings.startTimeout().toSeconds() + " s (" + (last == null ? "no answer yet" : last)
                                + "); log tail (" + server.logFile() + "):\n" + server.logTail()));
    }

    private static Path prepareWorkDir(Settings settings) {
        try {
            if (settings.workDir().isEmpty()) {
                return Files.createTempDirectory("testing-cassandra-");
            }
            Path dir = Files.createDirectories(settings.workDir().get());
            if (!settings.keepData()) {
                WorkDirs.deleteRunFiles(dir);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a work directory for Cassandra", e);
        }
    }

    private static List<Integer> freePorts(int count) {
        Set<Integer> ports = new LinkedHashSet<>();
        while (ports.size() < count) {
            ports.add(FreePorts.pick());
        }
        return new ArrayList<>(ports);
    }

    /** The daemon could not bind a port another process took after it was picked: worth another attempt. */
    private static final class PortTakenException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        PortTakenException(String message) {
            super(message);
        }
    }
}
