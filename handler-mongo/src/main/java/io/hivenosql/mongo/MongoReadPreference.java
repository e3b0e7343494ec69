package io.hivenosql.mongo;

import com.mongodb.ReadPreference;

/** Values of {@code mongo.read-preference}. */
public enum MongoReadPreference {
    PRIMARY(ReadPreference.primary()),
    PRIMARY_PREFERRED(ReadPreference.primaryPreferred()),
    SECONDARY(ReadPreference.secondary()),
    SECONDARY_PREFERRED(ReadPreference.secondaryPreferred()),
    NEAREST(ReadPreference.nearest());

    private final ReadPreference preference;

    MongoReadPreference(ReadPreference preference) {
        this.preference = preference;
    }

    ReadPreference preference() {
        return preference;
    }
}
