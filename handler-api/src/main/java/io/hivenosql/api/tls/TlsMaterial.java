package io.hivenosql.api.tls;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads trust and key material from the bytes of a file, whatever its format: PEM (certificates, an unencrypted PKCS#8
 * private key), PKCS12 or JKS. Every problem is an {@link IllegalArgumentException} whose message says what the file
 * holds and how to fix it, never any of its content.
 */
final class TlsMaterial {
    private static final Pattern PEM_BLOCK =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*?)-----END \\1-----");
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448", "DSA");

    private TlsMaterial() {}

    /** A trust store of every certificate the file holds (PEM), or the trust store it is (PKCS12, JKS). */
    static KeyStore trustStore(byte[] bytes, char[] password) throws GeneralSecurityException, IOException {
        if (isPem(bytes)) {
            List<Certificate> certificates = certificates(pemBlocks(bytes));
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException("it is a PEM file without any CERTIFICATE block; give the PEM "
                        + "file of the CA certificates that sign the servers' certificates");
            }
            KeyStore store = emptyStore();
            for (int i = 0; i < certificates.size(); i++) {
                store.setCertificateEntry("ca-" + i, certificates.get(i));
            }
            return store;
        }
        KeyStore store = load(bytes, password, "trust store");
        if (store.size() == 0) {
            throw new IllegalArgumentException("the trust store holds no certificate");
        }
        return store;
    }

    /** A key store holding the client's key and chain: the store the file is, or one built from a PEM file. */
    static KeyStore keyStore(byte[] bytes, char[] password) throws GeneralSecurityException, IOException {
        if (!isPem(bytes)) {
            if (password == null) {
                throw new IllegalArgumentException("a PKCS12 or JKS key store needs its password: store it in a "
                        + "credential provider and name its alias");
            }
            KeyStore store = load(bytes, password, "key store");
            int keys = 0;
            for (String alias : java.util.Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    keys++;
                }
            }
            if (keys != 1) {
                throw new IllegalArgumentException(
                        "the key store holds " + keys + " private keys; it must hold " + "exactly one, the client's");
            }
            return store;
        }
        List<Block> blocks = pemBlocks(bytes);
        PrivateKey key = null;
        for (Block block : blocks) {
            switch (block.type()) {
                case "PRIVATE KEY" -> key = privateKey(block.der());
                case "ENCRYPTED PRIVATE KEY" -> throw new IllegalArgumentException("it holds an encrypted PEM "
                        + "private key; put the key and its certificates in a PKCS12 key store instead (openssl "
                        + "pkcs12 -export -inkey key.pem -in cert.pem -out client.p12) and name its password's alias");
                case "RSA PRIVATE KEY", "EC PRIVATE KEY" -> throw new IllegalArgumentException("it holds a "
                        + block.type() + " (a PKCS#1 or SEC1 key); convert it to PKCS#8 (openssl pkcs8 -topk8 -nocrypt "
                        + "-in key.pem -out key8.pem) or to a PKCS12 key store");
                default -> {
                    // certificates are read below; other blocks (parameters) are ignored
                }
            }
        }
        List<Certificate> chain = certificates(blocks);
        if (key == null || chain.isEmpty()) {
            throw new IllegalArgumentException("a PEM key file must hold the client's PRIVATE KEY and its CERTIFICATE "
                    + "(then any intermediate certificates); it holds " + (key == null ? "no private key" : "a key")
                    + " and " + chain.size() + " certificates");
        }
        KeyStore store = emptyStore();
        store.setKeyEntry("client", key, inMemoryPassword(), chain.toArray(Certificate[]::new));
        return store;
    }

    private static KeyStore load(byte[] bytes, char[] password, String what)
            throws GeneralSecurityException, IOException {
        String type = bytes.length >= 4 && (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xed ? "JKS" : "PKCS12";
        KeyStore store = KeyStore.getInstance(type);
        try {
            store.load(new ByteArrayInputStream(bytes), password);
        } catch (IOException e) {
            String reason = e.getCause() instanceof java.security.UnrecoverableKeyException
                            || String.valueOf(e.getMessage()).contains("password")
                    ? password == null
                            ? "it needs its password, which no alias names"
                            : "the password under the alias does not open it"
                    : "it is neither a PEM file nor a PKCS12 or JKS " + what + " (" + e.getMessage() + ")";
            throw new IllegalArgumentException(reason, e);
        }
        return store;
    }

    private static PrivateKey privateKey(byte[] der) throws GeneralSecurityException {
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (InvalidKeySpecException e) {
                // not this algorithm's key: try the next
            }
        }
        throw new IllegalArgumentException("its PRIVATE KEY is none of " + String.join(", ", KEY_ALGORITHMS));
    }

    private static List<Certificate> certificates(List<Block> blocks) throws CertificateException {
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        List<Certificate> certificates = new ArrayList<>();
        for (Block block : blocks) {
            if (block.type().equals("CERTIFICATE") || block.type().equals("TRUSTED CERTIFICATE")) {
                certificates.add(factory.generateCertificate(new ByteArrayInputStream(block.der())));
            }
        }
        return certificates;
    }

    static boolean isPem(byte[] bytes) {
        String start = new String(bytes, 0, Math.min(bytes.length, 4096), US_ASCII);
        return start.contains("-----BEGIN ");
    }

    private static List<Block> pemBlocks(byte[] bytes) {
        Matcher matcher = PEM_BLOCK.matcher(new String(bytes, US_ASCII));
        List<Block> blocks = new ArrayList<>();
        while (matcher.find()) {
            String body = matcher.group(2).replaceAll("\\s", "");
            try {
                blocks.add(new Block(
                        matcher.group(1).toUpperCase(Locale.ROOT),
                        Base64.getDecoder().decode(body)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("its PEM block " + matcher.group(1) + " is not valid base64");
            }
        }
        return blocks;
    }

    /** The password of the key entry of a store built from a PEM file, which lives only in memory. */
    static char[] inMemoryPassword() {
        return "in-memory".toCharArray();
    }

    private static KeyStore emptyStore() throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        return store;
    }

    private record Block(String type, byte[] der) {}
}
