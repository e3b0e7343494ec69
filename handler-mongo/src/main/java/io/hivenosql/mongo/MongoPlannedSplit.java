package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One split as {@link MongoSplitPlanner} and its helpers ({@link MongoIdRanges}, {@link MongoChunks}) plan it: what it
 * reads, its preferred hosts, and what it is for descriptions. A record of its own, so that the helpers need not know
 * their caller.
 *
 * @param what e.g. {@code _id in [ObjectId(...), ObjectId(...))}
 */
record MongoPlannedSplit(MongoSplit split, List<String> hosts, String what) {
    MongoPlannedSplit {
        requireNonNull(split, "split is null");
        hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        requireNonNull(what, "what is null");
    }
}
