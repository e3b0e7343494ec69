package io.hivenosql.api.hive;

public final class TestingInputFormat extends NoSqlInputFormat {
    public TestingInputFormat() {
        super(new TestingNoSqlConnector());
    }
}
