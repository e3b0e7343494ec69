package io.hivenosql.api.hive;

/** The storage handler of the testing store, shaped exactly as a store module's. */
public final class TestingStorageHandler extends NoSqlStorageHandler {
    public TestingStorageHandler() {
        super(
                new TestingNoSqlConnector(),
                TestingInputFormat.class,
                TestingRowInputFormat.class,
                TestingOutputFormat.class,
                TestingSerDe.class);
    }
}
