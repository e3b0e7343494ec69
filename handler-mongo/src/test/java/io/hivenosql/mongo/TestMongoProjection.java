package io.hivenosql.mongo;

import static io.hivenosql.mongo.bson.TestingLayouts.layout;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.mongo.bson.DocumentLayout;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class TestMongoProjection {
    private static final DocumentLayout LAYOUT = layout().column("id", "string", "_id")
            .column("name", "string")
            .column("city", "string", "address.city")
            .column(
                    "addr",
                    "struct<city:string,zipCode:int,geo:struct<lat:double,lng:double>,tags:map<string,int>>",
                    "address")
            .column("n", "int", "stats.n")
            .column("items", "array<struct<price:double>>")
            .build();

    @Test
    void projectedColumnsAndAlwaysTheId() {
        // _id also when no column reads it: bad-record messages name the document
        assertThat(json(List.of(1, 2), Set.of())).isEqualTo("{\"_id\": 1, \"address.city\": 1, \"name\": 1}");
        assertThat(json(List.of(0, 1), Set.of())).isEqualTo("{\"_id\": 1, \"name\": 1}");
    }

    @Test
    void rowCountsFetchOnlyTheId() {
        assertThat(json(List.of(), Set.of())).isEqualTo("{\"_id\": 1}");
    }

    @Test
    void nestedPathsOfStructColumns() {
        assertThat(json(List.of(3), Set.of("addr.zipcode", "addr.geo.lat")))
                .isEqualTo("{\"_id\": 1, \"address.geo.lat\": 1, \"address.zipCode\": 1}");
        // a path into a map value projects the map
        assertThat(json(List.of(3), Set.of("addr.tags.x"))).isEqualTo("{\"_id\": 1, \"address.tags\": 1}");
        // an unknown sub-field reads the whole column
        assertThat(json(List.of(3), Set.of("addr.nope"))).isEqualTo("{\"_id\": 1, \"address\": 1}");
        // nested paths of columns that are not projected, or not structs, are ignored
        assertThat(json(List.of(1, 5), Set.of("addr.city", "items.price")))
                .isEqualTo("{\"_id\": 1, \"items\": 1, \"name\": 1}");
    }

    @Test
    void wholeStructColumnsWhenNestedPruningIsOff() {
        // mongo.read.prune-nested=false: projected paths are case-sensitive, whole sub-documents are matched by the
        // reader case-insensitively
        assertThat(MongoProjection.of(LAYOUT, List.of(3), Set.of("addr.zipcode", "addr.geo.lat"), false)
                        .toJson())
                .isEqualTo("{\"_id\": 1, \"address\": 1}");
        assertThat(MongoProjection.of(LAYOUT, List.of(3), Set.of("addr.zipcode"), true)
                        .toJson())
                .isEqualTo("{\"_id\": 1, \"address.zipCode\": 1}");
    }

    @Test
    void pathsInsideOtherPathsAreDropped() {
        // addr reads all of address, which includes address.city
        assertThat(json(List.of(2, 3), Set.of())).isEqualTo("{\"_id\": 1, \"address\": 1}");
        // the pruned struct and another column under it
        assertThat(json(List.of(2, 3), Set.of("addr.city"))).isEqualTo("{\"_id\": 1, \"address.city\": 1}");
        DocumentLayout tricky = layout().column("a", "int", "a.b")
                .column("b", "int", "a-c")
                .column("c", "int", "a.b.c")
                .column("d", "int", "a.bc")
                .build();
        assertThat(MongoProjection.of(tricky, List.of(0, 2, 3), Set.of()).toJson())
                .isEqualTo("{\"_id\": 1, \"a.b\": 1, \"a.bc\": 1}");
        assertThat(MongoProjection.of(tricky, List.of(1, 2), Set.of()).toJson())
                .isEqualTo("{\"_id\": 1, \"a-c\": 1, \"a.b.c\": 1}");
        // every column whole: no projection at all (the documents as stored)
        assertThat(MongoProjection.of(tricky, List.of(0, 1, 2, 3), Set.of()).toJson())
                .isEqualTo("{}");
    }

    @Test
    void columnsUnderIdReadTheWholeId() {
        // _id and _id.region would collide: the whole _id includes the column's path
        DocumentLayout compound = layout().column("region", "string", "_id.region")
                .column("v", "int")
                .build();
        assertThat(MongoProjection.of(compound, List.of(0), Set.of()).toJson()).isEqualTo("{\"_id\": 1}");
        assertThat(MongoProjection.of(compound, List.of(1), Set.of()).toJson()).isEqualTo("{\"_id\": 1, \"v\": 1}");
    }

    @Test
    void objectIdStructsAreFetchedWhole() {
        // an ObjectId read as mongo-hadoop's struct<oid:string,bsontype:int> has no sub-field oid to project
        DocumentLayout ids = layout().column("id", "struct<oid:string,bsontype:int>", "_id")
                .column("ref", "struct<oid:string>", "ref")
                .column("doc", "struct<owner:struct<oid:string>,n:int>", "doc")
                .build();
        assertThat(MongoProjection.of(ids, List.of(1, 2), Set.of("ref.oid", "doc.owner.oid", "doc.n"))
                        .toJson())
                .isEqualTo("{\"_id\": 1, \"doc.n\": 1, \"doc.owner\": 1, \"ref\": 1}");
    }

    private static String json(List<Integer> projection, Set<String> nestedPaths) {
        BsonDocument document = MongoProjection.of(LAYOUT, projection, nestedPaths);
        return document.toJson();
    }
}
