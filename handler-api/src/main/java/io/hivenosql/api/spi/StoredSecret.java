package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostBinding;
import java.util.Optional;

/**
 * A secret as a credential store holds it: the value, and the hosts it is bound to, read from the same store (the
 * entry {@code <alias>.hosts} beside it), or none.
 *
 * @param value the secret; its owner clears it after use
 * @param binding the hosts the secret may be sent to; empty when no administrator bound it (then it is not used)
 * @param source where it was found, e.g. the provider path {@code jceks://hdfs/user/hive/nosql.jceks} (for messages)
 */
public record StoredSecret(char[] value, Optional<HostBinding> binding, String source) {
    public StoredSecret {
        requireNonNull(value, "value is null");
        requireNonNull(binding, "binding is null");
        requireNonNull(source, "source is null");
    }

    /** A secret bound to {@code hosts} ({@link HostBinding#parse}), e.g. for tests: {@code bound(pw, "h:6379")}. */
    public static StoredSecret bound(char[] value, String hosts) {
        return new StoredSecret(value, Optional.of(HostBinding.parse(hosts)), "test");
    }
}
