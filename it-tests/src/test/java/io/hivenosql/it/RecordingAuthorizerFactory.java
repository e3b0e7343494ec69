package io.hivenosql.it;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.security.HiveAuthenticationProvider;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAccessControlException;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAccessController;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizationValidator;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizer;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizerFactory;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizerImpl;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthzContext;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthzSessionContext;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveMetastoreClientFactory;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveOperationType;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HivePrivilegeObject;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HivePrivilegeObject.HivePrivilegeObjectType;

/**
 * A HiveServer2 authorizer (V2, {@code hive.security.authorization.manager}) that stands for Ranger's in the
 * integration tests: it allows everything but the storage-handler URIs a test denies, and records what it is asked
 * about storage-handler tables ({@code STORAGEHANDLER_URI} objects, with every other object of the same check), so
 * that a test can see which URI each statement was authorized against and that nothing secret reached it. The
 * integration stack's HiveServer2 (Hive 4.0.1, in the test JVM) runs with it; roles and grants are not supported.
 */
public final class RecordingAuthorizerFactory implements HiveAuthorizerFactory {
    private static final Queue<Check> CHECKS = new ConcurrentLinkedQueue<>();
    private static final AtomicReference<Predicate<String>> DENIED = new AtomicReference<>(uri -> false);

    /** One check that held a storage-handler URI: the operation, its URIs, and every object's text. */
    public record Check(HiveOperationType operation, String command, List<String> uris, List<String> objects) {}

    /** The checks recorded since the last {@link #reset}, oldest first. */
    public static List<Check> checks() {
        return List.copyOf(CHECKS);
    }

    /** Forgets the recorded checks and allows every URI again. */
    public static void reset() {
        CHECKS.clear();
        DENIED.set(uri -> false);
    }

    /** Denies the storage-handler URIs that match, as a Ranger policy would. */
    public static void deny(Predicate<String> uris) {
        DENIED.set(uris);
    }

    @Override
    public HiveAuthorizer createHiveAuthorizer(
            HiveMetastoreClientFactory metastoreClientFactory,
            HiveConf conf,
            HiveAuthenticationProvider authenticator,
            HiveAuthzSessionContext context) {
        HiveAccessController noRoles = (HiveAccessController) Proxy.newProxyInstance(
                HiveAccessController.class.getClassLoader(),
                new Class<?>[] {HiveAccessController.class},
                (proxy, method, args) -> {
                    if (method.getReturnType() == List.class) {
                        return List.of();
                    }
                    if (method.getReturnType() == void.class) {
                        return null;
                    }
                    throw new UnsupportedOperationException("the recording authorizer has no " + method.getName());
                });
        return new HiveAuthorizerImpl(noRoles, new Validator());
    }

    private static final class Validator implements HiveAuthorizationValidator {
        @Override
        public void checkPrivileges(
                HiveOperationType operation,
                List<HivePrivilegeObject> inputs,
                List<HivePrivilegeObject> outputs,
                HiveAuthzContext context)
                throws HiveAccessControlException {
            List<HivePrivilegeObject> all = new ArrayList<>();
            all.addAll(inputs == null ? List.of() : inputs);
            all.addAll(outputs == null ? List.of() : outputs);
            List<String> uris = all.stream()
                    .filter(object -> object.getType() == HivePrivilegeObjectType.STORAGEHANDLER_URI)
                    .map(HivePrivilegeObject::getObjectName)
                    .toList();
            if (uris.isEmpty()) {
                return;
            }
            CHECKS.add(new Check(
                    operation,
                    context == null ? "" : String.valueOf(context.getCommandString()),
                    uris,
                    all.stream().map(HivePrivilegeObject::toString).toList()));
            for (String uri : uris) {
                if (DENIED.get().test(uri)) {
                    throw new HiveAccessControlException(
                            "Permission denied: the recording authorizer denies " + operation + " on " + uri);
                }
            }
        }

        @Override
        public List<HivePrivilegeObject> filterListCmdObjects(
                List<HivePrivilegeObject> objects, HiveAuthzContext context) {
            return objects;
        }

        @Override
        public List<HivePrivilegeObject> applyRowFilterAndColumnMasking(
                HiveAuthzContext context, List<HivePrivilegeObject> objects) {
            return List.of();
        }

        @Override
        public boolean needTransform() {
            return false;
        }
    }
}
