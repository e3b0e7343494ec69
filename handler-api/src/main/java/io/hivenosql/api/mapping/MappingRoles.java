package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Checks of the roles a mapping file (or an Avro schema's {@code "role"} attribute) gives columns, for stores where a
 * role means less than {@code key}, {@code field} and {@code ttl} do in general: a role the store cannot honour is
 * refused at CREATE TABLE, never silently ignored. (Inline mappings and DDL columns carry no roles.)
 */
public final class MappingRoles {
    private MappingRoles() {}

    /**
     * Refuses the columns with {@code role} that {@code allowed} does not accept.
     *
     * @param why completes "the store ...", e.g. {@code "has no time to live per document"}
     * @throws HandlerException INVALID_MAPPING naming the table, the columns and the role
     */
    public static void refuse(
            String tableName, TableMapping mapping, ColumnRole role, Predicate<ColumnMapping> allowed, String why) {
        requireNonNull(mapping, "mapping is null");
        List<String> refused = mapping.withRole(role).stream()
                .filter(allowed.negate())
                .map(column -> "'" + column.name() + "'")
                .toList();
        if (!refused.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": the mapping gives column" + (refused.size() > 1 ? "s " : " ")
                            + String.join(", ", refused) + " the role " + name(role) + " (\"role\": \"" + name(role)
                            + "\"), but " + why + "; remove the role from the mapping file (or set it to field)");
        }
    }

    /** The names of the columns with {@code role}, in table order. */
    public static List<String> names(TableMapping mapping, ColumnRole role) {
        return mapping.withRole(role).stream().map(ColumnMapping::name).toList();
    }

    /** {@code key}, {@code field} or {@code ttl}, as a mapping file spells it. */
    public static String name(ColumnRole role) {
        return role.name().toLowerCase(Locale.ROOT);
    }
}
