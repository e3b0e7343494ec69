package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.CONNECTOR;
import static io.hivenosql.mongo.TestingMongoWriteTables.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS to real FerretDB servers (the sandbox's {@link TestingMongoServer} of flavour {@link MongoFlavour#FERRETDB},
 * over PostgreSQL) that listen only with TLS, with certificates of a private CA made for the test. Two servers, started
 * together, neither of which requires client certificates: {@code expired} presents a certificate for {@code
 * 127.0.0.1} that expired yesterday, {@code localhostOnly} a current one that names only {@code localhost}. Proven
 * through the connector's writer and reader: a table that trusts the CA and names the host of the certificate writes
 * and reads; the expired certificate, and the certificate of {@code localhost} for a table that names the address
 * {@code 127.0.0.1} (whose reverse-DNS name is {@code localhost}: the driver would have sent that name and had it
 * checked, see {@link LiteralAddressResolver}), are HNS-140 errors that say so, name the server and what to change;
 * with {@code mongo.ssl.hostname.verification=false} the same misnamed table writes and reads.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestMongoFerretDbTls {
    private static final String DATABASE = "ferret_tls";
    /** A refused handshake is reported when server selection gives up: after this long, for the refused tables. */
    private static final String REFUSAL_TIMEOUT_MS = "2000";

    @TempDir
    static Path dir;

    private TestingCertificates ca;
    private TestingMongoServer expired;
    private TestingMongoServer localhostOnly;

    @BeforeAll
    void start() {
        ca = TestingCertificates.create(dir.resolve("ca"), "mongo test CA");
        TlsServerMaterial material = TlsServerMaterial.issue(ca, "ferretdb", false);
        TlsServerMaterial expiredMaterial =
                material.withServer(ca.issue("ferretdb-expired", List.of("127.0.0.1"), Validity.EXPIRED));
        TlsServerMaterial localhostMaterial =
                material.withServer(ca.issue("ferretdb-localhost", List.of("localhost"), Validity.CURRENT));
        // each FerretDB has its own PostgreSQL cluster: started together, they take about the time of one
        CompletableFuture<TestingMongoServer> first = CompletableFuture.supplyAsync(() -> ferretDb(expiredMaterial));
        CompletableFuture<TestingMongoServer> second = CompletableFuture.supplyAsync(() -> ferretDb(localhostMaterial));
        try {
            expired = first.join();
        } finally {
            localhostOnly = second.join();
        }
    }

    @AfterAll
    void stop() {
        MongoClients.closeIdle();
        // each close waits for its PostgreSQL cluster to stop (about 2 s): closed together
        CompletableFuture.allOf(Stream.of(expired, localhostOnly)
                        .filter(Objects::nonNull)
                        .map(server -> CompletableFuture.runAsync(server::close))
                        .toArray(CompletableFuture[]::new))
                .join();
    }

    private static TestingMongoServer ferretDb(TlsServerMaterial material) {
        return TestingMongoServer.builder()
                .flavour(MongoFlavour.FERRETDB)
                .tls(material)
                .build();
    }

    /** {@code id int -> _id, v string} on {@code host:<port of server>}, with TLS trusting the test CA's PEM file. */
    private TestingMongoWriteTables tlsTable(String collection, String host, TestingMongoServer server) {
        String uri = "mongodb://" + host + ":" + server.port() + "/" + DATABASE + "." + collection;
        return TestingMongoWriteTables.table(uri, DATABASE, collection)
                .column("id", "int")
                .column("v", "string")
                .mapping("id", "_id")
                .property("mongo.ssl", "true")
                .property("mongo.ssl.truststore", ca.caPem().toString());
    }

    /** Every row of the table, as {@code [id, v]}, through the connector's split planner and readers. */
    private static List<List<Object>> readAll(TableContext table) throws IOException {
        ReadRequest request = new ReadRequest(table, List.of(0, 1), Optional.empty(), OptionalLong.empty());
        List<List<Object>> rows = new ArrayList<>();
        for (SplitSpec split : CONNECTOR.planSplits(request, 1)) {
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    rows.add(List.of(source.get(0), source.get(1)));
                }
            }
        }
        return rows;
    }

    private static void tlsFailed(HandlerException e) {
        assertThat(e.errorCode()).isEqualTo(HandlerErrorCode.TLS_FAILED);
    }

    @Test
    void aTableTrustingTheCaAndNamingAHostOfTheCertificateWritesAndReads() throws IOException {
        TableContext table = tlsTable("trusted", "localhost", localhostOnly).build();
        write(table, List.<Object[]>of(new Object[] {1, "one"}, new Object[] {2, "two"}));
        assertThat(readAll(table)).containsExactlyInAnyOrder(List.of(1, "one"), List.of(2, "two"));
    }

    @Test
    void anExpiredCertificateIsRefusedSayingItIsNotValidNow() {
        String server = "127.0.0.1:" + expired.port();
        TableContext table = tlsTable("expired", "127.0.0.1", expired)
                .property("mongo.timeout.ms", REFUSAL_TIMEOUT_MS)
                .build();
        assertThatThrownBy(() -> readAll(table))
                .isInstanceOfSatisfying(HandlerException.class, TestMongoFerretDbTls::tlsFailed)
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("table " + DATABASE + ".expired: the TLS handshake with " + server + " failed")
                .hasMessageContaining("the certificate " + server + " presents is not valid now")
                .hasMessageContaining("the server needs a current certificate");
        assertThatThrownBy(() -> write(table, List.<Object[]>of(new Object[] {1, "one"})))
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("the certificate " + server + " presents is not valid now");
    }

    @Test
    void aCertificateOfAnotherHostIsRefusedUnlessVerificationIsOff() throws IOException {
        String server = "127.0.0.1:" + localhostOnly.port();
        TableContext misnamed = tlsTable("misnamed", "127.0.0.1", localhostOnly)
                .property("mongo.timeout.ms", REFUSAL_TIMEOUT_MS)
                .build();
        assertThatThrownBy(() -> readAll(misnamed))
                .isInstanceOfSatisfying(HandlerException.class, TestMongoFerretDbTls::tlsFailed)
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("table " + DATABASE + ".misnamed: the TLS handshake with " + server + " failed")
                .hasMessageContaining("the certificate " + server + " presents does not name that host")
                .hasMessageContaining("name the server in mongo.uri as its certificate does")
                .hasMessageContaining("mongo.ssl.hostname.verification=false");

        TableContext unverified = tlsTable("misnamed", "127.0.0.1", localhostOnly)
                .property("mongo.ssl.hostname.verification", "false")
                .build();
        write(unverified, List.<Object[]>of(new Object[] {7, "seven"}));
        assertThat(readAll(unverified)).containsExactly(List.of(7, "seven"));
    }
}
