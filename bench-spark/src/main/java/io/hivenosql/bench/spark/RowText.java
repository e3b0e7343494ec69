package io.hivenosql.bench.spark;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * Rows as beeline's tsv2 output prints them, so that the bench compares them with the Hive targets' rows as it compares
 * those: fields joined by tabs, NULL as {@code NULL}, decimals in plain digits, dates as ISO text (the JVM runs in UTC, as
 * the session does), doubles in Java's shortest form (the comparison rounds every number to cents).
 */
final class RowText {
    private RowText() {}

    static List<String> format(List<Row> rows) {
        List<String> lines = new ArrayList<>(rows.size());
        for (Row row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length(); i++) {
                if (i > 0) {
                    line.append('\t');
                }
                line.append(field(row.get(i)));
            }
            lines.add(line.toString());
        }
        return lines;
    }

    static String field(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof scala.math.BigDecimal decimal) {
            return decimal.bigDecimal().toPlainString();
        }
        return value.toString();
    }
}
