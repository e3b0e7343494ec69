package io.hivenosql.sandbox.tls;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A private certificate authority made at run time, for the TLS servers the sandbox starts and the clients that talk
 * to them: nothing of it is ever checked in. It issues server certificates (for names and addresses such as
 * {@code 127.0.0.1} and {@code localhost}), client certificates, and, for tests of what goes wrong, certificates that
 * have expired; each is written as PEM files and, on request, as a PKCS12 key store. Keys are EC P-256.
 *
 * <pre>{@code
 * TestingCertificates ca = TestingCertificates.create(dir, "hive-nosql test CA");
 * TestingCertificates.Issued server = ca.issue("redis", List.of("127.0.0.1", "localhost"), Validity.CURRENT);
 * // server.certPem(), server.keyPem(), ca.caPem()
 * }</pre>
 *
 * <p>It uses only the BouncyCastle builders and the JDK's own providers (no provider is registered).
 */
public final class TestingCertificates {
    private static final String SIGNATURE = "SHA256withECDSA";
    private static final Duration LIFETIME = Duration.ofDays(30);
    private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());

    /** When an issued certificate is valid. */
    public enum Validity {
        /** From a day ago for 30 days. */
        CURRENT,
        /** Expired yesterday. */
        EXPIRED
    }

    /** An issued certificate, its key, the certificate of the CA that signed it, and the files they were written to. */
    public record Issued(
            String name,
            X509Certificate certificate,
            PrivateKey key,
            X509Certificate issuer,
            Path certPem,
            Path keyPem,
            Path pem) {
        public Issued {
            requireNonNull(name, "name is null");
            requireNonNull(certificate, "certificate is null");
            requireNonNull(issuer, "issuer is null");
            requireNonNull(key, "key is null");
            requireNonNull(certPem, "certPem is null");
            requireNonNull(keyPem, "keyPem is null");
            requireNonNull(pem, "pem is null");
        }
    }

    private final Path dir;
    private final String name;
    private final KeyPair keys;
    private final X509Certificate certificate;
    private final Path caPem;

    private TestingCertificates(Path dir, String name, KeyPair keys, X509Certificate certificate, Path caPem) {
        this.dir = dir;
        this.name = name;
        this.keys = keys;
        this.certificate = certificate;
        this.caPem = caPem;
    }

    /** A new CA named {@code name}; its files go to {@code dir} (created if missing), its certificate to ca.pem. */
    public static TestingCertificates create(Path dir, String name) {
        requireNonNull(dir, "dir is null");
        requireNonNull(name, "name is null");
        try {
            Files.createDirectories(dir);
            KeyPair keys = keyPair();
            X500Name subject = new X500Name("CN=" + name + ", O=hive-nosql sandbox");
            Instant now = Instant.now();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    subject,
                    serial(),
                    Date.from(now.minus(Duration.ofDays(1))),
                    Date.from(now.plus(LIFETIME)),
                    subject,
                    keys.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            X509Certificate certificate = sign(builder, keys.getPrivate());
            Path caPem = dir.resolve("ca.pem");
            writePem(caPem, List.of(certificate), null);
            return new TestingCertificates(dir, name, keys, certificate, caPem);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the certificates of " + name + " to " + dir, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the CA " + name, e);
        }
    }

    public String name() {
        return name;
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** The PEM file of this CA's certificate: what clients and servers that trust it are given. */
    public Path caPem() {
        return caPem;
    }

    /**
     * A certificate for {@code subjectName} signed by this CA, valid as {@code validity} says, naming {@code hosts}
     * (IP addresses and DNS names) as subject alternative names, for servers and clients alike. Written to
     * {@code <subjectName>.crt.pem}, {@code <subjectName>.key.pem} (PKCS#8) and {@code <subjectName>.pem} (key, then
     * certificate, then this CA's).
     */
    public Issued issue(String subjectName, List<String> hosts, Validity validity) {
        requireNonNull(subjectName, "subjectName is null");
        requireNonNull(hosts, "hosts is null");
        requireNonNull(validity, "validity is null");
        try {
            KeyPair pair = keyPair();
            Instant now = Instant.now();
            Instant notBefore =
                    validity == Validity.CURRENT ? now.minus(Duration.ofDays(1)) : now.minus(Duration.ofDays(3));
            Instant notAfter = validity == Validity.CURRENT ? now.plus(LIFETIME) : now.minus(Duration.ofDays(1));
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    certificate,
                    serial(),
                    Date.from(notBefore),
                    Date.from(notAfter),
                    new X500Name("CN=" + subjectName + ", O=hive-nosql sandbox"),
                    pair.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(
                    Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth
            }));
            if (!hosts.isEmpty()) {
                builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames(hosts));
            }
            X509Certificate issued = sign(builder, keys.getPrivate());
            Path certPem = dir.resolve(subjectName + ".crt.pem");
            Path keyPem = dir.resolve(subjectName + ".key.pem");
            Path pem = dir.resolve(subjectName + ".pem");
            writePem(certPem, List.of(issued), null);
            writePem(keyPem, List.of(), pair.getPrivate());
            writePem(pem, List.of(issued, certificate), pair.getPrivate());
            return new Issued(subjectName, issued, pair.getPrivate(), certificate, certPem, keyPem, pem);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the certificate of " + subjectName + " to " + dir, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot issue a certificate for " + subjectName, e);
        }
    }

    /**
     * A PKCS12 key store at {@code <name>.p12} (in this CA's directory) holding {@code issued}'s key and chain, whichever
     * CA issued it, under {@code password}.
     */
    public Path keyStore(Issued issued, String password) {
        requireNonNull(issued, "issued is null");
        return keyStore(issued, issued.name() + ".p12", password);
    }

    /**
     * A PKCS12 key store at {@code <file>} (in this CA's directory) holding {@code issued}'s key and chain under {@code
     * password}, replacing what the file held: a server's key store that gets another certificate.
     */
    public Path keyStore(Issued issued, String file, String password) {
        requireNonNull(issued, "issued is null");
        requireNonNull(file, "file is null");
        requireNonNull(password, "password is null");
        return store(
                file,
                password,
                store -> store.setKeyEntry(issued.name(), issued.key(), password.toCharArray(), new Certificate[] {
                    issued.certificate(), issued.issuer()
                }));
    }

    /** A PKCS12 trust store at {@code <file>} holding this CA's certificate under {@code password}. */
    public Path trustStore(String file, String password) {
        requireNonNull(file, "file is null");
        requireNonNull(password, "password is null");
        return store(file, password, store -> store.setCertificateEntry("ca", certificate));
    }

    private interface Filler {
        void fill(KeyStore store) throws GeneralSecurityException;
    }

    private Path store(String file, String password, Filler filler) {
        Path path = dir.resolve(file);
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            filler.fill(store);
            try (OutputStream out = Files.newOutputStream(path)) {
                store.store(out, password.toCharArray());
            }
            return path;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + path, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make the key store " + path, e);
        }
    }

    private static GeneralNames alternativeNames(List<String> hosts) {
        List<GeneralName> names = new ArrayList<>();
        for (String host : hosts) {
            boolean address = host.chars().allMatch(c -> Character.isDigit(c) || c == '.') || host.contains(":");
            names.add(new GeneralName(address ? GeneralName.iPAddress : GeneralName.dNSName, host));
        }
        return new GeneralNames(names.toArray(GeneralName[]::new));
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey signer)
            throws OperatorCreationException, GeneralSecurityException {
        return new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE).build(signer)));
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
        return generator.generateKeyPair();
    }

    private static BigInteger serial() {
        return BigInteger.valueOf(SERIALS.incrementAndGet());
    }

    private static void writePem(Path file, List<X509Certificate> certificates, PrivateKey key)
            throws IOException, GeneralSecurityException {
        StringBuilder text = new StringBuilder();
        if (key != null) {
            block(text, "PRIVATE KEY", key.getEncoded());
        }
        for (X509Certificate certificate : certificates) {
            block(text, "CERTIFICATE", certificate.getEncoded());
        }
        Files.writeString(file, text, US_ASCII);
    }

    private static void block(StringBuilder text, String type, byte[] der) {
        text.append("-----BEGIN ").append(type).append("-----\n");
        text.append(Base64.getMimeEncoder(64, "\n".getBytes(US_ASCII)).encodeToString(der));
        text.append("\n-----END ").append(type).append("-----\n");
    }
}
