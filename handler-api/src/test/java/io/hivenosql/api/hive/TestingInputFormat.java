package io.hivenosql.api.hive;

public final class TestingInputFormat extends NoSqlVectorizedInputFormat {
    public TestingInputFormat() {
        super(new TestingNoSqlConnector());
    }
}
