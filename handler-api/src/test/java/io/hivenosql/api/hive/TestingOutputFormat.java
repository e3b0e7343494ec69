package io.hivenosql.api.hive;

public final class TestingOutputFormat extends NoSqlOutputFormat {
    public TestingOutputFormat() {
        super(new TestingNoSqlConnector());
    }
}
