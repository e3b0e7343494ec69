package io.hivenosql.api.hive;

public final class TestingSerDe extends NoSqlSerDe {
    public TestingSerDe() {
        super(new TestingNoSqlConnector());
    }
}
