package io.hivenosql.sandbox.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * How a FerretDB of the sandbox is secured (measured with FerretDB 1.24.2):
 * <ul>
 *   <li><b>TLS only</b>: {@code --listen-tls} with the material's server certificate and no plain listener
 *       ({@code --listen-addr=}); with {@link TlsServerMaterial#clientAuth()} also {@code --listen-tls-ca-file}, which
 *       makes FerretDB require a client certificate of that CA (it has no optional mode).
 *   <li><b>SCRAM</b>: FerretDB enforces authentication only with its experimental {@code --test-enable-new-auth}; then
 *       it offers SCRAM-SHA-1 and SCRAM-SHA-256, refuses a wrong password at once (code 18) and every command but
 *       {@code hello}, {@code ping} and the like without credentials (code 13), and creates the first user from
 *       {@code --setup-database/--setup-username/--setup-password} (users it creates have no roles: any signed-in
 *       user may do everything).
 * </ul>
 *
 * @param tls the TLS material; empty for a plain listener
 * @param user the first user (SCRAM enforced); empty for FerretDB's default, which checks no password itself
 */
public record FerretDbSecurity(Optional<TlsServerMaterial> tls, Optional<User> user) {
    public static final FerretDbSecurity NONE = new FerretDbSecurity(Optional.empty(), Optional.empty());

    public FerretDbSecurity {
        requireNonNull(tls, "tls is null");
        requireNonNull(user, "user is null");
    }

    /** A user FerretDB creates at its first start: {@code database} is its authentication database. */
    public record User(String database, String name, String password) {
        public User {
            requireNonNull(database, "database is null");
            requireNonNull(name, "name is null");
            requireNonNull(password, "password is null");
        }
    }

    FerretDbSecurity withTls(TlsServerMaterial material) {
        return new FerretDbSecurity(Optional.of(requireNonNull(material, "material is null")), user);
    }

    FerretDbSecurity withUser(User first) {
        return new FerretDbSecurity(tls, Optional.of(requireNonNull(first, "first is null")));
    }

    boolean isNone() {
        return tls.isEmpty() && user.isEmpty();
    }

    /** FerretDB's listener and authentication flags for a server on {@code host:port}. */
    List<String> flags(String host, int port) {
        List<String> flags = new ArrayList<>();
        if (tls.isPresent()) {
            TlsServerMaterial material = tls.get();
            flags.add("--listen-addr=");
            flags.add("--listen-tls=" + host + ":" + port);
            flags.add("--listen-tls-cert-file=" + material.server().certPem());
            flags.add("--listen-tls-key-file=" + material.server().keyPem());
            if (material.clientAuth()) {
                flags.add("--listen-tls-ca-file=" + material.ca().caPem());
            }
        } else {
            flags.add("--listen-addr=" + host + ":" + port);
        }
        user.ifPresent(first -> {
            flags.add("--test-enable-new-auth");
            flags.add("--setup-database=" + first.database());
            flags.add("--setup-username=" + first.name());
            flags.add("--setup-password=" + first.password());
        });
        return flags;
    }

    /** The context of the fixture's own connections (the readiness check); empty for a plain listener. */
    Optional<SSLContext> fixtureContext() {
        return tls.map(TlsServerMaterial::fixtureContext);
    }
}
