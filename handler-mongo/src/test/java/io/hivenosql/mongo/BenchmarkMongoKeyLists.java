package io.hivenosql.mongo;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;
import io.hivenosql.sandbox.bench.JmhRounds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;

/**
 * What translating a long key list into a MongoDB filter costs: the join keys that runtime join-key pushdown hands a
 * MERGE's target ({@code id IN (...)} of {@link #keys} bigint keys, every 100th), which split planning translates for
 * each check (can it be pushed, exactly?) and each split. No server: the translation alone.
 *
 * <ul>
 *   <li>{@code rawIdInDocument}: what a hand-written client builds, {@code {_id: {$in: [the keys as int64]}}};
 *   <li>{@code handlerIdList}: the handler's filter of the list on the column mapped to {@code _id} (each key also as
 *       the int32 and double that read as it);
 *   <li>{@code handlerFieldList}: the same list on a bigint column of an ordinary field (also guarded against arrays).
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench mongo}, or {@link #main} alone; figures in docs/benchmarks.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BenchmarkMongoKeyLists {
    @Param("30000")
    public int keys;

    private MongoPredicateTranslator translator;
    private List<Object> list;

    @Setup
    public void setUp() {
        List<ColumnMapping> columns = List.of(
                new ColumnMapping("id", DataTypes.parse("bigint"), "_id", ColumnRole.KEY),
                new ColumnMapping("k", DataTypes.parse("bigint"), "k", ColumnRole.FIELD),
                new ColumnMapping("c", DataTypes.parse("string"), "c", ColumnRole.FIELD));
        DocumentLayout layout = new DocumentLayout(
                "bench.lines", new TableMapping(columns), 0, Set.of(), MongoObjectIdFormat.STRING, false);
        translator = new MongoPredicateTranslator("bench.lines", layout, BadRecordPolicy.FAIL);
        list = new ArrayList<>(keys);
        for (long i = 1; i <= keys; i++) {
            list.add(i * 100);
        }
    }

    @Benchmark
    public BsonDocument rawIdInDocument() {
        BsonArray values = new BsonArray(new ArrayList<>(list.size()));
        for (Object key : list) {
            values.add(new BsonInt64((Long) key));
        }
        return new BsonDocument("_id", new BsonDocument("$in", values));
    }

    @Benchmark
    public BsonDocument handlerIdList() {
        return translator.toBson(new Filter.In("id", list));
    }

    @Benchmark
    public BsonDocument handlerFieldList() {
        return translator.toBson(new Filter.In("k", list));
    }

    /** Runs the three methods in {@code args[1]} rounds (default 3) of {@code args[0]} keys (default 30,000). */
    public static void main(String[] args) throws RunnerException {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 30_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        new JmhRounds(
                        BenchmarkMongoKeyLists.class,
                        "rawIdInDocument",
                        List.of("handlerIdList", "handlerFieldList"),
                        keys)
                .run(rounds, Map.of("keys", Integer.toString(keys)), Map.of(), "1g");
    }
}
