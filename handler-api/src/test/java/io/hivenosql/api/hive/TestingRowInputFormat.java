package io.hivenosql.api.hive;

public final class TestingRowInputFormat extends NoSqlInputFormat {
    public TestingRowInputFormat() {
        super(new TestingNoSqlConnector());
    }
}
