package io.hivenosql.sandbox.mongo.server;

/** STUB (owned by the server helper). */
public final class MongoServerLauncher {
    private MongoServerLauncher() {}

    public static void main(String[] args) {}
}
