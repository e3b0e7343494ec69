package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One unit of parallel reading as the connector plans it.
 *
 * @param payload the connector's own description of the split (e.g. a slot range and a node), opaque to the core;
 *     it travels inside the Hive split to the task
 * @param hosts the hosts that hold the data, preferred for scheduling; may be empty
 * @param estimatedBytes an estimate of the data the split reads, used by Hive and Tez to size tasks; 0 if unknown
 * @param description a short human-readable form for logs
 */
public record SplitSpec(byte[] payload, List<String> hosts, long estimatedBytes, String description) {
    public SplitSpec {
        requireNonNull(payload, "payload is null");
        hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        requireNonNull(description, "description is null");
        if (estimatedBytes < 0) {
            throw new IllegalArgumentException("estimatedBytes is negative");
        }
    }
}
