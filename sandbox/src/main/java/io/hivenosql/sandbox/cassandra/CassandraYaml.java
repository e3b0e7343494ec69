package io.hivenosql.sandbox.cassandra;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code cassandra.yaml} of a {@link TestingCassandraServer}: one node on its address (127.0.0.1 by default), every directory under the
 * work directory, fast single-node settings and generous timeouts (two cores shared with HiveServer2 and the tests).
 *
 * <p>Settings are top-level keys with raw YAML values; a value that starts with a newline is a block (a list or a
 * mapping) written below its key. Later settings replace earlier ones with the same key.
 */
final class CassandraYaml {
    static final String DATA = "data";
    static final String COMMITLOG = "commitlog";
    static final String SAVED_CACHES = "saved_caches";
    static final String HINTS = "hints";
    static final String CDC_RAW = "cdc_raw";

    private CassandraYaml() {}

    /** The defaults for a node in {@code workDir} with the given ports. */
    static Map<String, String> defaults(
            Path workDir, String host, int storagePort, int nativePort, int numTokens, boolean passwordAuthenticator) {
        requireNonNull(workDir, "workDir is null");
        requireNonNull(host, "host is null");
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("cluster_name", quote("hive-nosql testing"));
        settings.put("num_tokens", Integer.toString(numTokens));
        settings.put("partitioner", "org.apache.cassandra.dht.Murmur3Partitioner");
        settings.put(
                "data_file_directories", "\n  - " + quote(workDir.resolve(DATA).toString()));
        settings.put("commitlog_directory", quote(workDir.resolve(COMMITLOG).toString()));
        settings.put(
                "saved_caches_directory", quote(workDir.resolve(SAVED_CACHES).toString()));
        settings.put("hints_directory", quote(workDir.resolve(HINTS).toString()));
        settings.put("cdc_raw_directory", quote(workDir.resolve(CDC_RAW).toString()));
        settings.put("commitlog_sync", "periodic");
        settings.put("commitlog_sync_period", "10000ms");
        settings.put("seed_provider", seedProvider(host + ":" + storagePort));
        settings.put("listen_address", host);
        settings.put("rpc_address", host);
        settings.put("storage_port", Integer.toString(storagePort));
        settings.put("native_transport_port", Integer.toString(nativePort));
        settings.put("start_native_transport", "true");
        settings.put("endpoint_snitch", "SimpleSnitch");
        settings.put("dynamic_snitch", "false");
        settings.put("authenticator", passwordAuthenticator ? "PasswordAuthenticator" : "AllowAllAuthenticator");
        settings.put("authorizer", passwordAuthenticator ? "CassandraAuthorizer" : "AllowAllAuthorizer");
        settings.put("role_manager", "CassandraRoleManager");
        settings.put("disk_access_mode", "mmap_index_only");
        settings.put("concurrent_compactors", "1");
        settings.put("auto_snapshot", "false");
        settings.put("read_request_timeout", "30000ms");
        settings.put("range_request_timeout", "60000ms");
        settings.put("write_request_timeout", "30000ms");
        settings.put("counter_write_request_timeout", "30000ms");
        settings.put("truncate_request_timeout", "60000ms");
        settings.put("request_timeout", "60000ms");
        // a fresh node of 5.0: no need to stay readable by 4.x
        settings.put("storage_compatibility_mode", "NONE");
        return settings;
    }

    /** The {@code seed_provider} value naming {@code seeds} ({@code host:port,host:port}). */
    static String seedProvider(String seeds) {
        return "\n  - class_name: org.apache.cassandra.locator.SimpleSeedProvider\n    parameters:\n      - seeds: "
                + quote(requireNonNull(seeds, "seeds is null"));
    }

    /**
     * The {@code client_encryption_options} value of a node whose native port speaks only TLS ({@code optional: false}):
     * its PKCS12 key store, and the PKCS12 trust store of the CA whose client certificates it accepts (it requires one
     * when {@code clientAuth}). Both stores open with {@code password}.
     */
    static String clientEncryption(Path keyStore, Path trustStore, String password, boolean clientAuth) {
        requireNonNull(keyStore, "keyStore is null");
        requireNonNull(trustStore, "trustStore is null");
        requireNonNull(password, "password is null");
        return "\n  enabled: true"
                + "\n  optional: false"
                + "\n  store_type: PKCS12"
                + "\n  keystore: " + quote(keyStore.toString())
                + "\n  keystore_password: " + quote(password)
                + "\n  truststore: " + quote(trustStore.toString())
                + "\n  truststore_password: " + quote(password)
                + "\n  require_client_auth: " + clientAuth;
    }

    static String render(Map<String, String> settings) {
        StringBuilder yaml = new StringBuilder("# written by hive-nosql's TestingCassandraServer\n");
        settings.forEach((key, value) -> {
            yaml.append(key).append(':');
            if (!value.startsWith("\n")) {
                yaml.append(' ');
            }
            yaml.append(value).append('\n');
        });
        return yaml.toString();
    }

    /** A double-quoted YAML scalar. */
    static String quote(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
