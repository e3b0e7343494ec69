package io.hivenosql.api.hive.line.hive4;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.metadata.HiveStorageHandler;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizer;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthzContext;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveOperationType;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HivePrivilegeObject;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HivePrivilegeObject.HivePrivObjectActionType;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HivePrivilegeObject.HivePrivilegeObjectType;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * Asks the session's authorizer about the store object an ALTER TABLE points a table at. Hive 4 authorizes {@code ALTER
 * TABLE ... SET TBLPROPERTIES} of a storage-handler table against the URI of the table as it was
 * ({@code hive.security.authorization.tables.on.storagehandlers}), so that a user allowed to alter a table over a
 * permitted object could point it at one the administrator denies. When the properties change the table's URI, the
 * new URI is checked too, as Hive checks a CREATE's: a denial stops the statement before the table changes.
 */
final class AlteredTableUris {
    private AlteredTableUris() {}

    /**
     * @throws HandlerException PERMISSION_DENIED with the authorizer's message when it denies the new URI
     */
    static void authorize(
            HiveStorageHandler handler, Table before, Table after, HiveOperationType operation, String tableName) {
        SessionState session = SessionState.get();
        if (session == null || !session.isAuthorizationModeV2()) {
            return;
        }
        HiveConf conf = session.getConf();
        if (!conf.getBoolVar(HiveConf.ConfVars.HIVE_AUTHORIZATION_ENABLED)
                || !conf.getBoolVar(HiveConf.ConfVars.HIVE_AUTHORIZATION_TABLES_ON_STORAGEHANDLERS)) {
            return;
        }
        HiveAuthorizer authorizer = session.getAuthorizerV2();
        if (authorizer == null) {
            return;
        }
        URI was;
        URI now;
        try {
            was = handler.getURIForAuth(before);
            now = handler.getURIForAuth(after);
        } catch (URISyntaxException e) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    "table " + tableName + ": no URI to authorize: " + e.getMessage(),
                    e);
        }
        if (now.equals(was)) {
            return;
        }
        HivePrivilegeObject object = new HivePrivilegeObject(
                HivePrivilegeObjectType.STORAGEHANDLER_URI,
                null,
                now.toString(),
                null,
                null,
                HivePrivObjectActionType.OTHER,
                null,
                handler.getClass().getName(),
                after.getOwner(),
                after.getOwnerType());
        HiveAuthzContext.Builder context = new HiveAuthzContext.Builder();
        context.setUserIpAddress(session.getUserIpAddress());
        context.setForwardedAddresses(session.getForwardedAddresses());
        context.setCommandString("ALTER TABLE " + tableName + " (the store object it reaches becomes " + now + ")");
        try {
            authorizer.checkPrivileges(operation, List.of(), List.of(object), context.build());
        } catch (HiveException e) {
            throw new HandlerException(
                    HandlerErrorCode.PERMISSION_DENIED,
                    "table " + tableName + ": the ALTER TABLE would point the table at " + now + " (it reaches " + was
                            + "), which the authorizer does not allow: " + e.getMessage(),
                    e);
        }
    }
}
