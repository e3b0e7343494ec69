package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.mongo.MongoIndexes.Index;
import io.hivenosql.mongo.MongoIndexes.Key;
import io.hivenosql.mongo.MongoIndexes.KeyType;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class TestMongoIndexes {
    private static final String TABLE = "sales.orders";
    private static final TableMapping MAPPING = new TableMapping(List.of(
            column("id", "string", "_id"),
            column("o_custkey", "bigint", "customer.key"),
            column("o_orderdate", "date", "o_orderdate"),
            column("o_comment", "string", "comment"),
            column("address", "struct<city:string,zip:string>", "addr"),
            column("unique", "int", "uniq")));

    private static ColumnMapping column(String name, String type, String path) {
        return new ColumnMapping(name, DataTypes.parse(type), path, ColumnRole.FIELD);
    }

    private static List<Index> parse(String value) {
        return MongoIndexes.parse(TABLE, value, MAPPING);
    }

    @Test
    void columnsResolveToTheirFieldPathsInOrder() {
        List<Index> indexes = parse("unique id; o_custkey, o_orderdate:-1");
        assertThat(indexes)
                .containsExactly(
                        new Index("unique id", List.of(new Key("_id", KeyType.ASCENDING)), true),
                        new Index(
                                "o_custkey, o_orderdate:-1",
                                List.of(
                                        new Key("customer.key", KeyType.ASCENDING),
                                        new Key("o_orderdate", KeyType.DESCENDING)),
                                false));
        assertThat(indexes.get(1).document())
                .isEqualTo(BsonDocument.parse("{\"customer.key\": 1, \"o_orderdate\": -1}"));
        // key order is the index's order, not alphabetical
        assertThat(indexes.get(1).document().keySet()).containsExactly("customer.key", "o_orderdate");
    }

    @Test
    void everyKeyTypeAndLooseSpacingAndCase() {
        List<Index> indexes = parse("  O_CUSTKEY : hashed ;o_comment:TEXT,o_orderdate : 1;UNIQUE   o_orderdate:-1 ;");
        assertThat(indexes).hasSize(3);
        assertThat(indexes.get(0).document()).isEqualTo(BsonDocument.parse("{\"customer.key\": \"hashed\"}"));
        assertThat(indexes.get(0).unique()).isFalse();
        assertThat(indexes.get(1).document())
                .isEqualTo(BsonDocument.parse("{\"comment\": \"text\", \"o_orderdate\": 1}"));
        assertThat(indexes.get(2).document()).isEqualTo(BsonDocument.parse("{\"o_orderdate\": -1}"));
        assertThat(indexes.get(2).unique()).isTrue();
        assertThat(indexes.get(2).entry()).isEqualTo("UNIQUE   o_orderdate:-1");
    }

    @Test
    void subFieldsOfAStructColumnFollowItsPath() {
        assertThat(parse("address.city, address.zip:-1").get(0).document())
                .isEqualTo(BsonDocument.parse("{\"addr.city\": 1, \"addr.zip\": -1}"));
    }

    @Test
    void aColumnNamedUniqueIsAColumnWhenAlone() {
        assertThat(parse("unique").get(0))
                .isEqualTo(new Index("unique", List.of(new Key("uniq", KeyType.ASCENDING)), false));
        assertThat(parse("unique unique").get(0))
                .isEqualTo(new Index("unique unique", List.of(new Key("uniq", KeyType.ASCENDING)), true));
    }

    @Test
    void unknownColumnsAreNamedWithTheTablesColumns() {
        assertThatThrownBy(() -> parse("o_custkey; o_totalprice:-1"))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.COLUMN_NOT_FOUND))
                .hasMessageStartingWith("HNS-113 COLUMN_NOT_FOUND")
                .hasMessageContaining("table sales.orders")
                .hasMessageContaining("'mongo.indexes'")
                .hasMessageContaining("'o_totalprice'")
                .hasMessageContaining("columns: id, o_custkey, o_orderdate, o_comment, address, unique");
        // a field path is not a column name
        assertThatThrownBy(() -> parse("customer.key"))
                .hasMessageStartingWith("HNS-113 COLUMN_NOT_FOUND")
                .hasMessageContaining("'customer.key'");
        assertThatThrownBy(() -> parse("address."))
                .hasMessageStartingWith("HNS-113")
                .hasMessageContaining("'address.'");
    }

    @Test
    void syntaxErrorsNameTheTablePropertyAndEntryAndShowTheSyntax() {
        assertSyntaxError("o_custkey:2", "o_custkey:2", "'2' of 'o_custkey:2' is not an index type");
        assertSyntaxError("id; o_custkey:asc, o_orderdate", "o_custkey:asc, o_orderdate", "'asc'");
        assertSyntaxError("o_custkey,,o_orderdate", "o_custkey,,o_orderdate", "a column name is missing");
        assertSyntaxError("o_custkey,", "o_custkey,", "a column name is missing");
        assertSyntaxError(":1", ":1", "'' is not a column name");
        assertSyntaxError("o_custkey:1:2", "o_custkey:1:2", "more than one ':'");
        assertSyntaxError("unique o_custkey o_orderdate", "unique o_custkey o_orderdate", "not a column name");
        assertSyntaxError("o_custkey, O_CUSTKEY:-1", "o_custkey, O_CUSTKEY:-1", "customer.key appears twice");
        assertSyntaxError("unique o_custkey:hashed", "unique o_custkey:hashed", "cannot make a hashed index unique");
        assertSyntaxError(" ; ;", " ; ;", "it names no index");
    }

    @Test
    void uniqueNeedsColumns() {
        TableMapping withoutUniqueColumn = new TableMapping(List.of(column("id", "string", "_id")));
        assertThatThrownBy(() -> MongoIndexes.parse(TABLE, "unique", withoutUniqueColumn))
                .hasMessageStartingWith("HNS-101 INVALID_TABLE_PROPERTY")
                .hasMessageContaining("entry 'unique'")
                .hasMessageContaining("must be followed by the columns");
    }

    private static void assertSyntaxError(String value, String entry, String problem) {
        assertThatThrownBy(() -> parse(value))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("table sales.orders")
                .hasMessageContaining("property 'mongo.indexes', entry '" + entry + "'")
                .hasMessageContaining(problem)
                .hasMessageContaining("Syntax: " + MongoIndexes.SYNTAX);
    }
}
