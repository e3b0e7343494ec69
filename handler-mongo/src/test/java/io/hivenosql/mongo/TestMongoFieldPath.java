package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

class TestMongoFieldPath {
    @Test
    void guardsTheValueAndEveryParentAgainstArrays() {
        assertThat(new MongoFieldPath("a").render(List.of(doc("{$gt: 1}")), true))
                .isEqualTo(doc("{a: {$gt: 1, $not: {$type: 'array'}}}"));
        assertThat(new MongoFieldPath("a.b.c").render(List.of(doc("{$gt: 1}")), true))
                .isEqualTo(doc("{'a': {$not: {$type: 'array'}}, 'a.b': {$not: {$type: 'array'}},"
                        + " 'a.b.c': {$gt: 1, $not: {$type: 'array'}}}"));
        // text columns read arrays (as JSON text): their value is not guarded, an array condition never
        assertThat(new MongoFieldPath("a.b").render(List.of(doc("{$gt: 'x'}")), false))
                .isEqualTo(doc("{'a': {$not: {$type: 'array'}}, 'a.b': {$gt: 'x'}}"));
        assertThat(new MongoFieldPath("a").render(List.of(MongoFieldPath.ARRAY.clone()), true))
                .isEqualTo(doc("{a: {$type: 'array'}}"));
    }

    @Test
    void idIsNeverAnArray() {
        MongoFieldPath id = new MongoFieldPath("_id");
        assertThat(id.isId()).isTrue();
        assertThat(id.render(List.of(doc("{$eq: 1}")), true)).isEqualTo(doc("{_id: {$eq: 1}}"));
        MongoFieldPath nested = new MongoFieldPath("_id.x.y");
        assertThat(nested.isId()).isFalse();
        assertThat(nested.guardedParents()).containsExactly("_id.x");
    }

    @Test
    void mergesEqualitiesIntoOneInAndOtherAlternativesIntoAnOr() {
        MongoFieldPath path = new MongoFieldPath("n");
        assertThat(path.render(List.of(doc("{$eq: 1}"), doc("{$eq: 2}"), doc("{$eq: 1}")), false))
                .isEqualTo(doc("{n: {$in: [1, 2]}}"));
        assertThat(path.render(List.of(doc("{$lt: 1}"), doc("{$eq: 5}")), false))
                .isEqualTo(doc("{$or: [{n: {$lt: 1}}, {n: {$eq: 5}}]}"));
        // no alternative matches nothing
        assertThat(path.render(List.of(), true)).isEqualTo(doc("{n: {$in: []}}"));
    }

    @Test
    void equalitiesAreTheValuesOfPlainEqOnly() {
        assertThat(MongoFieldPath.equalities(List.of(doc("{$eq: 3}"), doc("{$eq: 1}"), doc("{$eq: 3}"))))
                .contains(new BsonArray(List.of(new BsonInt32(3), new BsonInt32(1))));
        assertThat(MongoFieldPath.equalities(List.of())).contains(new BsonArray());
        assertThat(MongoFieldPath.equalities(List.of(doc("{$eq: 3}"), doc("{$eq: 4, $not: {$type: 'array'}}"))))
                .isEmpty();
        assertThat(MongoFieldPath.equalities(List.of(doc("{$gte: 3}")))).isEmpty();
    }

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }
}
