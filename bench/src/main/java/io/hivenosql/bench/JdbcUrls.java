package io.hivenosql.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** HiveServer2 JDBC URLs: {@code jdbc:hive2://<hosts>/<database>;<session>?<conf>#<vars>}. */
final class JdbcUrls {
    private static final Pattern URL = Pattern.compile("(jdbc:hive2://[^/;?#]*)(/[^;?#]*)?(.*)");

    private JdbcUrls() {}

    /** The same URL with another database. */
    static String withDatabase(String url, String database) {
        Matcher matcher = URL.matcher(url);
        if (!matcher.matches()) {
            throw new IllegalArgumentException(
                    "not a HiveServer2 JDBC URL (jdbc:hive2://host:port/database...): " + redacted(url));
        }
        return matcher.group(1) + "/" + database + matcher.group(3);
    }

    /** The URL without its session, conf and variable parts (where a password could be): for logs and reports. */
    static String redacted(String url) {
        int cut = url.length();
        for (char c : new char[] {';', '?', '#'}) {
            int at = url.indexOf(c);
            if (at >= 0) {
                cut = Math.min(cut, at);
            }
        }
        return url.substring(0, cut) + (cut < url.length() ? ";..." : "");
    }
}
