package io.hivenosql.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

/** Hadoop credential providers (JCEKS keystores) for tests, written as {@code hadoop credential create} writes them. */
final class Keystores {
    private Keystores() {}

    /**
     * Writes a new keystore at {@code file} holding {@code entries} (alias to value; a binding is the entry
     * {@code <alias>.hosts}) and returns its provider path, {@code jceks://file/...}. An existing file is replaced.
     */
    static String create(Path file, Map<String, String> entries) throws IOException {
        Files.deleteIfExists(file);
        String provider = "jceks://file" + file.toAbsolutePath();
        Configuration conf = new Configuration(false);
        conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, provider);
        CredentialProvider credentials =
                CredentialProviderFactory.getProviders(conf).get(0);
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            credentials.createCredentialEntry(entry.getKey(), entry.getValue().toCharArray());
        }
        credentials.flush();
        // readable by its owner only, as `hadoop credential create` leaves a local keystore
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return provider;
    }

    /** The binding entry of {@code alias}: the comma-separated host:port list its secret may be sent to. */
    static String hosts(String alias) {
        return alias + ".hosts";
    }
}
