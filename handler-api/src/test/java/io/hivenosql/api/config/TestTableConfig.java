package io.hivenosql.api.config;

import static io.hivenosql.api.config.TestingTableProperties.BATCH_SIZE;
import static io.hivenosql.api.config.TestingTableProperties.DATABASE;
import static io.hivenosql.api.config.TestingTableProperties.HOSTS;
import static io.hivenosql.api.config.TestingTableProperties.KEY_PREFIX;
import static io.hivenosql.api.config.TestingTableProperties.POLICY;
import static io.hivenosql.api.config.TestingTableProperties.READ_ONLY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestTableConfig {
    private static final List<TableProperty> DECLARED = declared();
    private static final Set<String> PREFIXES = Set.of("teststore.", "nosql.");

    @Test
    void typedValuesAndDefaults() {
        TableConfig config = validate(Map.of(
                "teststore.hosts", "a:1, [::1]:2,b",
                "teststore.database", " db0 ",
                "teststore.read-only", "TRUE",
                "external.table.purge", "true"));
        assertThat(config.tableName()).isEqualTo("db.t");
        List<HostAndPort> hosts = config.get(HOSTS);
        assertThat(hosts)
                .containsExactly(new HostAndPort("a", 1), new HostAndPort("::1", 2), new HostAndPort("b", 6379));
        assertThat((String) config.get(DATABASE)).isEqualTo("db0");
        assertThat((Integer) config.get(BATCH_SIZE)).isEqualTo(500);
        assertThat((String) config.get(KEY_PREFIX)).isEmpty();
        assertThat((Boolean) config.get(READ_ONLY)).isTrue();
        assertThat((BadRecordPolicy) config.get(POLICY)).isEqualTo(BadRecordPolicy.FAIL);
        assertThat((BadRecordPolicy) config.get(NoSqlTableProperties.BAD_RECORD_POLICY))
                .isEqualTo(BadRecordPolicy.FAIL);
        assertThat(config.getOptional(NoSqlTableProperties.MAPPING_URL)).isEmpty();
        assertThat(config.isSet(READ_ONLY)).isTrue();
        assertThat(config.isSet(BATCH_SIZE)).isFalse();
        assertThat(config.raw("external.table.purge")).contains("true");
        assertThat(config.rawProperties()).hasSize(4);
    }

    @Test
    void userInformationInAHostListIsAPlainTextSecretAndNeverEchoed() {
        assertThatThrownBy(
                        () -> validate(Map.of("teststore.hosts", "a:1,hive:s3cret@b:2", "teststore.batch.size", "0")))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.PLAINTEXT_SECRET))
                .hasMessageContaining("property 'teststore.hosts': an entry holds user information")
                .hasMessageContaining("property 'teststore.batch.size'")
                .hasMessageNotContaining("s3cret")
                .hasMessageNotContaining("hive:");
    }

    @Test
    void setValuesOverrideDefaults() {
        TableConfig config = validate(Map.of(
                "teststore.hosts", "h",
                "teststore.database", "d",
                "teststore.batch.size", "10000",
                "teststore.bad-record.policy", "Skip",
                "nosql.mapping.url", "classpath:m.json"));
        assertThat((Integer) config.get(BATCH_SIZE)).isEqualTo(10_000);
        assertThat((BadRecordPolicy) config.get(POLICY)).isEqualTo(BadRecordPolicy.SKIP);
        assertThat(config.getOptional(NoSqlTableProperties.MAPPING_URL)).contains("classpath:m.json");
    }

    @Test
    void reportsAllViolationsTogether() {
        assertThatThrownBy(() -> validate(Map.of(
                        "teststore.hosts", "h:99999",
                        "teststore.batch.size", "0",
                        "teststore.read-only", "yes",
                        "teststore.bad-record.policy", "ignore",
                        "teststore.batch.sise", "5")))
                .isInstanceOf(HandlerException.class)
                .satisfies(e -> assertThat(((HandlerException) e).errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageStartingWith("HNS-101 INVALID_TABLE_PROPERTY: table db.t has 6 invalid properties:")
                .hasMessageContaining("property 'teststore.hosts': port 99999 in 'h:99999' is not in [1, 65535]")
                .hasMessageContaining("missing required property 'teststore.database' (The database.)")
                .hasMessageContaining("property 'teststore.batch.size': expected an integer in [1, 10000], got 0")
                .hasMessageContaining("property 'teststore.read-only': expected true or false, got 'yes'")
                .hasMessageContaining(
                        "property 'teststore.bad-record.policy': expected one of fail, null, skip, got 'ignore'")
                .hasMessageContaining("unknown property 'teststore.batch.sise'; did you mean 'teststore.batch.size'?");
    }

    @Test
    void misspeltKeySuggestsTheRightOne() {
        assertThatThrownBy(() ->
                        validate(Map.of("teststore.hosts", "h", "teststore.database", "d", "teststore.databse", "x")))
                .satisfies(e -> assertThat(((HandlerException) e).errorCode())
                        .isEqualTo(HandlerErrorCode.UNKNOWN_TABLE_PROPERTY))
                .hasMessageContaining("unknown property 'teststore.databse'; did you mean 'teststore.database'?");
        assertThatThrownBy(() ->
                        validate(Map.of("teststore.hosts", "h", "teststore.database", "d", "nosql.mapping.uri", "x")))
                .hasMessageContaining("did you mean 'nosql.mapping.url'?");
    }

    @Test
    void wrongCaseKeyIsReportedNotIgnored() {
        assertThatThrownBy(() -> validate(
                        Map.of("teststore.hosts", "h", "teststore.database", "d", "TestStore.Batch.Size", "5")))
                .hasMessageContaining("unknown property 'TestStore.Batch.Size'; did you mean 'teststore.batch.size'?");
    }

    @Test
    void unrelatedUnknownKeyListsTheKnownOnes() {
        assertThatThrownBy(() -> validate(
                        Map.of("teststore.hosts", "h", "teststore.database", "d", "teststore.zzzzzzzzzzzzzzzz", "x")))
                .hasMessageContaining("unknown property 'teststore.zzzzzzzzzzzzzzzz'; known properties: "
                        + "teststore.hosts, teststore.database, teststore.batch.size");
    }

    @Test
    void onlyMissingPropertiesIsMissingCode() {
        assertThatThrownBy(() -> validate(Map.of()))
                .satisfies(e -> assertThat(((HandlerException) e).errorCode())
                        .isEqualTo(HandlerErrorCode.MISSING_TABLE_PROPERTY))
                .hasMessageContaining("table db.t has 2 invalid properties")
                .hasMessageContaining("missing required property 'teststore.hosts'")
                .hasMessageContaining("missing required property 'teststore.database'");
    }

    @Test
    void keysOfOtherOwnersAreIgnored() {
        TableConfig config = validate(
                Map.of("teststore.hosts", "h", "teststore.database", "d", "mongo.uri", "x", "hive.sql.x", "y"));
        assertThat(config.raw("mongo.uri")).contains("x");
    }

    @Test
    void duplicateDeclarationsAreAProgrammingError() {
        List<TableProperty> twice = new ArrayList<>(DECLARED);
        PropertySpec again = new PropertySpec("teststore.hosts", PropertyType.string(), null, false, "");
        twice.add(() -> again);
        assertThatThrownBy(() -> TableConfig.validate("t", Map.of(), twice, PREFIXES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'teststore.hosts'");
    }

    private static TableConfig validate(Map<String, String> properties) {
        return TableConfig.validate("db.t", properties, DECLARED, PREFIXES);
    }

    private static List<TableProperty> declared() {
        List<TableProperty> declared = new ArrayList<>(Arrays.asList(TestingTableProperties.values()));
        declared.addAll(Arrays.asList(NoSqlTableProperties.values()));
        return List.copyOf(declared);
    }
}
