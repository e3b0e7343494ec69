package io.hivenosql.api.hive.line.hive4;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.NoSqlMetaHook;
import io.hivenosql.api.spi.NoSqlConnector;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.ql.ddl.table.AbstractAlterTableDesc;
import org.apache.hadoop.hive.ql.ddl.table.misc.properties.AlterTableSetPropertiesDesc;
import org.apache.hadoop.hive.ql.ddl.table.misc.properties.AlterTableUnsetPropertiesDesc;
import org.apache.hadoop.hive.ql.ddl.table.storage.serde.AlterTableSetSerdePropsDesc;
import org.apache.hadoop.hive.ql.ddl.table.storage.serde.AlterTableUnsetSerdePropsDesc;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.metadata.HiveStorageHandler;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveOperationType;

/**
 * Checks what an ALTER TABLE that changes properties would make of a table, before Hive validates the altered table:
 * the same checks as CREATE ({@link NoSqlMetaHook#check}), and the authorizer's say on the store object it would reach
 * ({@link AlteredTableUris}); Hive 4's DDL classes, so a Hive 4 hook only. Hive's own validation opens the SerDe with the new
 * properties and, when that fails, says only "at least one column must be specified for the table".
 */
public final class AlteredTables {
    private AlteredTables() {}

    /**
     * @throws HandlerException saying what is wrong with the altered table; nothing is recorded then
     */
    public static void check(
            HiveStorageHandler handler, NoSqlConnector connector, Configuration conf, AbstractAlterTableDesc desc) {
        boolean set = desc instanceof AlterTableSetPropertiesDesc || desc instanceof AlterTableSetSerdePropsDesc;
        boolean unset = desc instanceof AlterTableUnsetPropertiesDesc || desc instanceof AlterTableUnsetSerdePropsDesc;
        boolean serde = desc instanceof AlterTableSetSerdePropsDesc || desc instanceof AlterTableUnsetSerdePropsDesc;
        if ((!set && !unset) || desc.getPartitionSpec() != null || desc.getProps() == null) {
            return;
        }
        Table before;
        try {
            before = Hive.get().getTable(desc.getDbTableName()).getTTable();
        } catch (HiveException | RuntimeException e) {
            return; // Hive reports a missing table itself
        }
        Table table = before.deepCopy();
        Map<String, String> target;
        if (serde) {
            if (table.getSd().getSerdeInfo() == null) {
                table.getSd().setSerdeInfo(new SerDeInfo());
            }
            SerDeInfo info = table.getSd().getSerdeInfo();
            target = info.getParameters() == null ? new HashMap<>() : new HashMap<>(info.getParameters());
            info.setParameters(target);
        } else {
            target = table.getParameters() == null ? new HashMap<>() : new HashMap<>(table.getParameters());
            table.setParameters(target);
        }
        if (set) {
            target.putAll(desc.getProps());
        } else {
            desc.getProps().keySet().forEach(target::remove);
        }
        try {
            new NoSqlMetaHook(connector, conf).check(table, "altered");
        } catch (MetaException e) {
            if (e.getCause() instanceof HandlerException handlerException) {
                throw handlerException;
            }
            throw new HandlerException(HandlerErrorCode.INVALID_TABLE_PROPERTY, e.getMessage(), e);
        }
        AlteredTableUris.authorize(
                handler,
                before,
                table,
                serde ? HiveOperationType.ALTERTABLE_SERDEPROPERTIES : HiveOperationType.ALTERTABLE_PROPERTIES,
                desc.getDbTableName());
    }
}
