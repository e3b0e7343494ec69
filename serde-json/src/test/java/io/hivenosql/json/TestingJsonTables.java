package io.hivenosql.json;

import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.io.Text;

/** Table properties as Hive hands them to a SerDe, and SerDes initialized with them. */
final class TestingJsonTables {
    private TestingJsonTables() {}

    static Properties table(String name, String columns, String types, Map<String, String> more) {
        Properties properties = new Properties();
        properties.setProperty(hive_metastoreConstants.META_TABLE_NAME, name);
        properties.setProperty(serdeConstants.LIST_COLUMNS, columns);
        properties.setProperty(serdeConstants.LIST_COLUMN_TYPES, types);
        properties.setProperty(serdeConstants.SERIALIZATION_LIB, JsonSerDe.class.getName());
        more.forEach(properties::setProperty);
        return properties;
    }

    static JsonSerDe serDe(Properties table) throws SerDeException {
        JsonSerDe serDe = new JsonSerDe();
        serDe.initialize(new Configuration(), table, null);
        return serDe;
    }

    static Text line(String json) {
        return new Text(json);
    }
}
