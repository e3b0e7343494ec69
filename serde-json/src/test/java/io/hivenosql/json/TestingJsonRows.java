package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.Distributions;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import io.trino.tpch.TextPool;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The tables and rows of the JSON SerDe benchmark, from fixed seeds. Rows are Hive's standard Java objects (Long,
 * Integer, HiveDecimal, String, Hive Date and Timestamp, byte[], List for a struct or array, Map), under the standard
 * Java struct ObjectInspector of the table ({@link Table#rowInspector()}); {@link TestingJsonLines} writes their JSON
 * lines.
 *
 * <ul>
 *   <li>{@link #LINEITEM} (flat): TPC-H {@code lineitem}'s 16 columns (3 bigint, int, 4 decimal(12,2), 5 string, 3 date)
 *       from {@code io.trino.tpch} (dbgen's algorithm, scale factor 1, its first rows; comments drawn from a 10 MB
 *       text pool), one flat object per row;
 *   <li>{@link #ORDERS} (nested): an order with a customer struct holding an address struct, an array of 1-7 line-item
 *       structs, a map of 0-3 string tags, a timestamp, a date, decimals, a double, a boolean and a 16-byte binary
 *       (base64), some NULLs (written as JSON null inside the customer, left out at the top level) and non-ASCII
 *       text.
 * </ul>
 */
final class TestingJsonRows {
    private static final int TEXT_POOL_BYTES = 10 << 20;
    private static final long NESTED_SEED = 1234;
    private static final long MILLIS_2020 = 1_577_836_800_000L;
    private static final long MILLIS_FIVE_YEARS = 5L * 365 * 86_400_000L;
    private static final String[] CITIES = {
        "Zürich", "São Paulo", "Kraków", "東京", "Berlin", "Lyon", "Toronto", "Nairobi", "Austin", "Reykjavík"
    };
    private static final String[] COUNTRIES = {"CH", "BR", "PL", "JP", "DE", "FR", "CA", "KE", "US", "IS"};
    private static final String[] STREETS = {"Main St", "Bahnhofstrasse", "Rua Augusta", "Floriańska", "Elm Ave"};
    private static final String[] WORDS = {
        "quick", "furious", "deposits", "accounts", "sleep", "carefully", "blithely", "ironic", "pending", "requests",
        "final", "packages", "haggle", "express", "theodolites", "regular", "foxes", "bold", "pinto", "beans"
    };
    private static final String[] TAG_KEYS = {"channel", "campaign", "region", "gift", "source"};
    private static final String[] STATUSES = {"O", "F", "P"};
    private static TextPool textPool;

    private TestingJsonRows() {}

    /** A table: its Hive column names and types, and the standard Java struct ObjectInspector of its rows. */
    record Table(String name, List<String> columns, List<String> types) {
        Table {
            requireNonNull(name, "name is null");
            columns = List.copyOf(columns);
            types = List.copyOf(types);
            if (columns.size() != types.size()) {
                throw new IllegalArgumentException("columns and types differ in number");
            }
        }

        /** The properties Hive gives a SerDe of this table: name, columns, columns.types (Hive's own separators). */
        Properties tableProperties() {
            Properties properties = new Properties();
            properties.setProperty("name", name);
            properties.setProperty("columns", String.join(",", columns));
            properties.setProperty("columns.types", String.join(":", types));
            properties.setProperty("column.name.delimiter", ",");
            return properties;
        }

        StructObjectInspector rowInspector() {
            List<TypeInfo> typeInfos =
                    types.stream().map(TypeInfoUtils::getTypeInfoFromTypeString).toList();
            return (StructObjectInspector) TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(
                    TypeInfoFactory.getStructTypeInfo(columns, typeInfos));
        }
    }

    static final Table LINEITEM = lineitem();

    static final Table ORDERS = new Table(
            "bench.json_orders",
            List.of(
                    "o_orderkey",
                    "o_orderstatus",
                    "o_totalprice",
                    "o_orderdate",
                    "o_created",
                    "o_priority",
                    "o_urgent",
                    "o_customer",
                    "o_lines",
                    "o_tags",
                    "o_signature",
                    "o_comment"),
            List.of(
                    "bigint",
                    "string",
                    "decimal(12,2)",
                    "date",
                    "timestamp",
                    "int",
                    "boolean",
                    "struct<c_custkey:bigint,c_name:string,c_phone:string,c_balance:decimal(12,2),"
                            + "c_address:struct<street:string,city:string,zip:int,country:string>>",
                    "array<struct<l_linenumber:int,l_partkey:bigint,l_quantity:int,l_price:decimal(12,2),"
                            + "l_discount:double,l_shipdate:date,l_comment:string>>",
                    "map<string,string>",
                    "binary",
                    "string"));

    private static Table lineitem() {
        List<String> columns = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (TpchColumn<LineItem> column : TpchTable.LINE_ITEM.getColumns()) {
            columns.add(column.getColumnName());
            types.add(TpchFiles.hiveType(column));
        }
        return new Table("bench.json_lineitem", columns, types);
    }

    /** The first {@code count} rows of {@link #LINEITEM}, in dbgen's order. */
    static List<List<Object>> lineitemRows(int count) {
        List<List<Object>> rows = new ArrayList<>(count);
        Iterator<LineItem> items =
                new LineItemGenerator(1, 1, 1, Distributions.getDefaultDistributions(), textPool()).iterator();
        for (int i = 0; i < count; i++) {
            rows.add(lineitemRow(items.next()));
        }
        return rows;
    }

    /** The first {@code count} rows of {@link #ORDERS}. */
    static List<List<Object>> orderRows(int count) {
        List<List<Object>> rows = new ArrayList<>(count);
        SplittableRandom random = new SplittableRandom(NESTED_SEED);
        for (int i = 0; i < count; i++) {
            rows.add(orderRow(i, random));
        }
        return rows;
    }

    private static synchronized TextPool textPool() {
        if (textPool == null) {
            textPool = new TextPool(TEXT_POOL_BYTES, Distributions.getDefaultDistributions());
        }
        return textPool;
    }

    private static List<Object> lineitemRow(LineItem item) {
        return Arrays.asList(
                item.getOrderKey(),
                item.getPartKey(),
                item.getSupplierKey(),
                item.getLineNumber(),
                cents(item.getQuantity() * 100),
                cents(item.getExtendedPriceInCents()),
                cents(item.getDiscountPercent()),
                cents(item.getTaxPercent()),
                item.getReturnFlag(),
                item.getStatus(),
                Date.ofEpochDay(item.getShipDate()),
                Date.ofEpochDay(item.getCommitDate()),
                Date.ofEpochDay(item.getReceiptDate()),
                item.getShipInstructions(),
                item.getShipMode(),
                item.getComment());
    }

    private static List<Object> orderRow(int index, SplittableRandom random) {
        int city = random.nextInt(CITIES.length);
        List<Object> address = Arrays.asList(
                (100 + random.nextInt(900)) + " " + STREETS[random.nextInt(STREETS.length)],
                CITIES[city],
                1000 + random.nextInt(99_000),
                COUNTRIES[city]);
        long custkey = 1 + random.nextInt(150_000);
        List<Object> customer = Arrays.asList(
                custkey,
                "Customer#" + padded(custkey, 9),
                random.nextInt(10) == 0
                        ? null
                        : (10 + random.nextInt(25)) + "-" + padded(random.nextInt(1000), 3) + "-"
                                + padded(random.nextInt(1000), 3) + "-" + padded(random.nextInt(10_000), 4),
                cents(random.nextLong(-99_999, 999_999)),
                address);
        int orderDay = 8035 + random.nextInt(2400);
        int lineCount = 1 + random.nextInt(7);
        List<Object> lines = new ArrayList<>(lineCount);
        long total = 0;
        for (int line = 1; line <= lineCount; line++) {
            long price = 90_000 + random.nextLong(10_000_000);
            total += price;
            lines.add(Arrays.asList(
                    line,
                    1L + random.nextInt(200_000),
                    1 + random.nextInt(50),
                    cents(price),
                    random.nextInt(11) / 100.0,
                    Date.ofEpochDay(orderDay + 1 + random.nextInt(121)),
                    words(random, 2 + random.nextInt(6))));
        }
        Map<Object, Object> tags = new LinkedHashMap<>();
        int tagCount = random.nextInt(4);
        for (int tag = 0; tag < tagCount; tag++) {
            tags.put(TAG_KEYS[random.nextInt(TAG_KEYS.length)], words(random, 1));
        }
        byte[] signature = new byte[16];
        random.nextBytes(signature);
        return Arrays.asList(
                4L * index + 1,
                STATUSES[random.nextInt(STATUSES.length)],
                cents(total),
                Date.ofEpochDay(orderDay),
                Timestamp.ofEpochMilli(MILLIS_2020 + random.nextLong(MILLIS_FIVE_YEARS)),
                1 + random.nextInt(5),
                random.nextInt(4) == 0,
                customer,
                lines,
                tags,
                signature,
                random.nextInt(5) == 0 ? null : words(random, 4 + random.nextInt(10)));
    }

    private static String padded(long value, int digits) {
        String text = Long.toString(value);
        return "0".repeat(Math.max(0, digits - text.length())) + text;
    }

    private static HiveDecimal cents(long cents) {
        return HiveDecimal.create(BigDecimal.valueOf(cents, 2));
    }

    private static String words(SplittableRandom random, int count) {
        StringBuilder builder = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                builder.append(' ');
            }
            builder.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return builder.toString();
    }

    /**
     * Hands every primitive value of a row, as the SerDe gives it, to the Blackhole, walking structs, arrays and maps
     * with the SerDe's ObjectInspector (which makes a lazy row produce every field).
     *
     * @return the number of non-NULL primitive values (map keys included)
     */
    static int consume(ObjectInspector inspector, Object data, Blackhole blackhole) {
        if (data == null) {
            return 0;
        }
        switch (inspector.getCategory()) {
            case PRIMITIVE -> {
                blackhole.consume(data);
                return 1;
            }
            case STRUCT -> {
                StructObjectInspector struct = (StructObjectInspector) inspector;
                int values = 0;
                for (StructField field : struct.getAllStructFieldRefs()) {
                    values +=
                            consume(field.getFieldObjectInspector(), struct.getStructFieldData(data, field), blackhole);
                }
                return values;
            }
            case LIST -> {
                ListObjectInspector list = (ListObjectInspector) inspector;
                ObjectInspector element = list.getListElementObjectInspector();
                int values = 0;
                int length = list.getListLength(data);
                for (int i = 0; i < length; i++) {
                    values += consume(element, list.getListElement(data, i), blackhole);
                }
                return values;
            }
            case MAP -> {
                MapObjectInspector map = (MapObjectInspector) inspector;
                int values = 0;
                for (Map.Entry<?, ?> entry : map.getMap(data).entrySet()) {
                    values += consume(map.getMapKeyObjectInspector(), entry.getKey(), blackhole);
                    values += consume(map.getMapValueObjectInspector(), entry.getValue(), blackhole);
                }
                return values;
            }
            default -> throw new IllegalArgumentException("unexpected type " + inspector.getTypeName());
        }
    }

    /**
     * A row as comparable standard Java values: converted with the SerDe's ObjectInspector, binary as {@code
     * binary:<hex>} (a byte[] has no value equality).
     */
    static Object comparable(ObjectInspector inspector, Object data) {
        return withComparableBinary(ObjectInspectorUtils.copyToStandardJavaObject(data, inspector));
    }

    private static Object withComparableBinary(Object value) {
        if (value instanceof byte[] bytes) {
            return "binary:" + HexFormat.of().formatHex(bytes);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(TestingJsonRows::withComparableBinary).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((key, element) -> copy.put(withComparableBinary(key), withComparableBinary(element)));
            return copy;
        }
        return value;
    }
}
