package io.hivenosql.mongo;

import com.mongodb.MongoCredential;

/** Values of {@code mongo.auth.mechanism}. */
public enum MongoAuthMechanism {
    DEFAULT,
    SCRAM_SHA_1,
    SCRAM_SHA_256;

    MongoCredential credential(String user, String source, char[] password) {
        return switch (this) {
            case DEFAULT -> MongoCredential.createCredential(user, source, password);
            case SCRAM_SHA_1 -> MongoCredential.createScramSha1Credential(user, source, password);
            case SCRAM_SHA_256 -> MongoCredential.createScramSha256Credential(user, source, password);
        };
    }
}
