package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.DocumentCodec;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * camelCase field names, as mongo-hadoop's own sample data has them ({@code publicationYear} of its books,
 * {@code studentID}, {@code paymentType}), under mongo-hadoop's DDL, whose Hive columns are lower case: every value
 * reads; a pushed filter on a camelCase column tests the spelling the collection uses; documents that spell a field
 * in several ways read each its own; a document with two spellings of one field is a bad record under every policy;
 * INSERT writes the spelling the collection has; BSON files read the same.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoFieldNamesIT {
    private static final String DB = "it_mongo_names";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";
    /** mongo-hadoop's books DDL (hive/README.md), with our class name. */
    private static final String BOOKS = "author array<string>, edition string, isbn string, publicationYear int, "
            + "publisher string, tags array<string>, title string";

    private static final int BOOK_COUNT = 24;

    private HiveInstance hive;
    private HiveStack.Resources stack;
    private MongoClient client;
    private MongoDatabase database;

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        client = stack.mongoClient();
        database = client.getDatabase(DB);
        database.drop();
        database.getCollection("books").insertMany(books());
        database.getCollection("payments")
                .insertMany(List.of(
                        payment(1, "S1", "card", 10), payment(2, "S2", "cash", 20), payment(3, "S3", "card", 30)));
        // older documents spell the field otherwise: each reads its own
        database.getCollection("mixed")
                .insertMany(List.of(
                        new Document("_id", 1).append("studentID", "S1").append("paymentType", "card"),
                        new Document("_id", 2).append("studentID", "S2").append("PaymentType", "cash"),
                        new Document("_id", 3).append("studentID", "S3").append("paymentType", "cash")));
        // one document spells studentID in two ways, neither as the Hive column is spelt
        database.getCollection("clash")
                .insertMany(List.of(
                        new Document("_id", 1)
                                .append("studentID", "S1")
                                .append("StudentId", "s-one")
                                .append("paymentType", "card"),
                        new Document("_id", 2).append("studentID", "S2").append("paymentType", "cash")));
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".books (" + BOOKS + ") " + HANDLER + " TBLPROPERTIES ("
                + uri("books") + ")");
        for (String collection : List.of("payments", "mixed", "clash")) {
            hive.execute("CREATE EXTERNAL TABLE " + DB + "." + collection + " (id int, studentID string, "
                    + "paymentType string, amount int) " + HANDLER
                    + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ("
                    + uri(collection) + ")");
        }
    }

    @AfterAll
    void close() {
        if (client != null) {
            client.close();
        }
    }

    private String uri(String collection) {
        return "'mongo.uri'='" + stack.mongo().databaseUri(DB, collection) + "'";
    }

    private static List<Document> books() {
        List<Document> books = new ArrayList<>();
        for (int i = 0; i < BOOK_COUNT; i++) {
            books.add(new Document("_id", new ObjectId())
                    .append("author", List.of("Author " + i, "Co-author " + (i % 3)))
                    .append("edition", (i % 4 + 1) + "th")
                    .append("isbn", "978-0-" + (1000 + i))
                    .append("publicationYear", 1990 + i)
                    .append("publisher", i % 2 == 0 ? "O'Reilly" : "Manning")
                    .append("tags", List.of("t" + i % 5))
                    .append("title", "Book " + i));
        }
        return books;
    }

    private static Document payment(int id, String student, String type, int amount) {
        return new Document("_id", id)
                .append("studentID", student)
                .append("paymentType", type)
                .append("amount", amount);
    }

    @Test
    void everyValueOfMongoHadoopsSampleDataReads() throws Exception {
        assertThat(Rows.of(
                        hive,
                        "SELECT count(*), count(publicationyear), count(author), count(edition), count(isbn), "
                                + "count(publisher), count(tags), count(title), sum(publicationYear) FROM " + DB
                                + ".books"))
                .containsExactly(BOOK_COUNT + "|" + BOOK_COUNT + "|" + BOOK_COUNT + "|" + BOOK_COUNT + "|" + BOOK_COUNT
                        + "|" + BOOK_COUNT + "|" + BOOK_COUNT + "|" + BOOK_COUNT + "|"
                        + (1990L * BOOK_COUNT + (long) BOOK_COUNT * (BOOK_COUNT - 1) / 2));
        assertThat(Rows.of(
                        hive, "SELECT title, publicationyear, author FROM " + DB + ".books WHERE isbn = '978-0-1007'"))
                .containsExactly("Book 7|1997|[\"Author 7\",\"Co-author 1\"]");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".payments WHERE id <= 3 ORDER BY id"))
                .containsExactly("1|S1|card|10", "2|S2|cash|20", "3|S3|card|30");
    }

    @Test
    void aFilterOnACamelCaseColumnIsPushedInTheCollectionsSpelling() throws Exception {
        String sql = "SELECT title FROM " + DB + ".books WHERE publicationYear >= 2010";
        List<String> expected = new ArrayList<>();
        database.getCollection("books")
                .find(Filters.gte("publicationYear", 2010))
                .forEach(book -> expected.add(book.getString("title")));
        assertThat(expected).hasSize(4);
        assertThat(Rows.of(hive, sql)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(Rows.of(hive, "SELECT count(*) FROM " + DB + ".books WHERE publicationyear < 2010"))
                .containsExactly(String.valueOf(BOOK_COUNT - 4));
        assertThat(QueryLog.explain(hive, sql))
                .contains("filterExpr: (publicationyear >= 2010)")
                .doesNotContain("Filter Operator");
        String log = QueryLog.of(
                hive,
                List.of("SET hive.fetch.task.conversion=more", "SET hive.server2.logging.operation.level=VERBOSE"),
                sql);
        assertThat(log)
                .contains("table " + DB + ".books: pushed filter {\"publicationYear\": {")
                .contains("publicationyear: 'publicationyear' -> 'publicationYear'");
        // sampled once for the query, though Hive asks the handler about the table at several steps of planning
        assertThat(log.split("field spellings in 24 sampled documents of " + DB + ".books", -1))
                .hasSize(2);
    }

    @Test
    void documentsThatSpellAFieldInSeveralWaysReadEachItsOwn() throws Exception {
        assertThat(Rows.of(hive, "SELECT id, studentid, paymenttype FROM " + DB + ".mixed ORDER BY id"))
                .containsExactly("1|S1|card", "2|S2|cash", "3|S3|cash");
        String sql = "SELECT id FROM " + DB + ".mixed WHERE paymentType = 'cash'";
        assertThat(Rows.of(hive, sql + " ORDER BY id")).containsExactly("2", "3");
        // a filter on one spelling would miss the other's documents: Hive filters
        assertThat(QueryLog.explain(hive, sql))
                .contains("Filter Operator")
                .contains("predicate: (paymenttype = 'cash')");
        // the other column has one spelling and is still pushed
        assertThat(QueryLog.explain(hive, "SELECT id FROM " + DB + ".mixed WHERE studentID = 'S2'"))
                .doesNotContain("Filter Operator");
        assertThat(Rows.of(hive, "SELECT id FROM " + DB + ".mixed WHERE studentID = 'S2'"))
                .containsExactly("2");
    }

    @Test
    void aDocumentWithTwoSpellingsOfAFieldIsABadRecordUnderEachPolicy() throws Exception {
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + DB + ".clash"))
                .hasMessageContaining("HNS-121")
                .hasMessageContaining("table " + DB + ".clash")
                .hasMessageContaining("key '1'")
                .hasMessageContaining("column 'studentid'")
                .hasMessageContaining("'StudentId' and 'studentID'")
                .hasMessageContaining("mongo.columns.mapping");
        hive.execute("ALTER TABLE " + DB + ".clash SET TBLPROPERTIES ('nosql.bad-record.policy'='null')");
        assertThat(Rows.of(hive, "SELECT id, studentid, paymenttype FROM " + DB + ".clash ORDER BY id"))
                .containsExactly("1|NULL|card", "2|S2|cash");
        hive.execute("ALTER TABLE " + DB + ".clash SET TBLPROPERTIES ('nosql.bad-record.policy'='skip')");
        assertThat(Rows.of(hive, "SELECT id, studentid, paymenttype FROM " + DB + ".clash ORDER BY id"))
                .containsExactly("2|S2|cash");
        // a mapping that spells one exactly picks it where a document has it; a document with only the other
        // spelling reads that one (the one field equal to the mapped path ignoring case)
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".clash_mapped (id int, studentid string) " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\",\"studentid\":\"StudentId\"}') "
                + "TBLPROPERTIES (" + uri("clash") + ")");
        assertThat(Rows.of(hive, "SELECT id, studentid FROM " + DB + ".clash_mapped ORDER BY id"))
                .containsExactly("1|s-one", "2|S2");
    }

    @Test
    void insertWritesTheSpellingTheCollectionHas() throws Exception {
        hive.execute("INSERT INTO " + DB + ".payments VALUES (4, 'S4', 'card', 40)");
        Document written =
                database.getCollection("payments").find(Filters.eq("_id", 4)).first();
        assertThat(written).isNotNull();
        assertThat(written.keySet()).containsExactly("_id", "studentID", "paymentType", "amount");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".payments WHERE id = 4"))
                .containsExactly("4|S4|card|40");
        // a new collection gets the Hive names (no spelling to follow), and reads them back
        hive.execute("CREATE TABLE " + DB + ".fresh (id int, studentID string) " + HANDLER + " TBLPROPERTIES ("
                + uri("fresh") + ")");
        hive.execute("INSERT INTO " + DB + ".fresh VALUES (1, 'S1')");
        assertThat(database.getCollection("fresh").find().first().keySet()).contains("studentid");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".fresh")).containsExactly("1|S1");
    }

    @Test
    void bsonFilesWithCamelCaseFieldsReadEveryValue() throws Exception {
        Path dir = stack.scratch("names-books-bson");
        writeDump(dir.resolve("books.bson"), books());
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".books_dump (" + BOOKS + ") "
                + "ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe' "
                + "STORED AS INPUTFORMAT 'io.hivenosql.mongo.BsonFileInputFormat' "
                + "OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat' LOCATION '" + dir.toUri() + "'");
        assertThat(Rows.of(
                        hive,
                        "SELECT count(publicationyear), min(publicationYear), max(publicationyear) FROM " + DB
                                + ".books_dump"))
                .containsExactly(BOOK_COUNT + "|1990|" + (1990 + BOOK_COUNT - 1));
        Path clash = stack.scratch("names-clash-bson");
        writeDump(
                clash.resolve("clash.bson"),
                List.of(new Document("_id", 1).append("Title", "a").append("TITLE", "b")));
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".clash_dump (title string) "
                + "ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe' "
                + "STORED AS INPUTFORMAT 'io.hivenosql.mongo.BsonFileInputFormat' "
                + "OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat' LOCATION '" + clash.toUri() + "'");
        assertThatThrownBy(() -> hive.query("SELECT title FROM " + DB + ".clash_dump"))
                .hasMessageContaining("HNS-121")
                .hasMessageContaining("'Title' and 'TITLE'");
    }

    private static void writeDump(Path file, List<Document> documents) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            for (Document document : documents) {
                ByteBuffer bytes = new RawBsonDocument(document, new DocumentCodec())
                        .getByteBuffer()
                        .asNIO();
                byte[] copy = new byte[bytes.remaining()];
                bytes.get(copy);
                out.write(copy);
            }
        }
    }
}
