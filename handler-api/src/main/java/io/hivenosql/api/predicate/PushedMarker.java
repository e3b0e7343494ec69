package io.hivenosql.api.predicate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.io.IOException;
import java.io.Serializable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.exec.Operator;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.exec.TableScanOperator;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record of the conjuncts a scan promised to enforce, which Hive then removed from its own filtering: plan time
 * hands it to Hive as the {@code pushedPredicateObject} of the table scan, and Hive gives it to the scan's tasks as
 * {@link TableScanDesc#FILTER_OBJECT_CONF_STR}. A plain JSON string, so that no class of ours has to be loadable
 * wherever Hive deserializes its plan: {@code {"format":"hive-nosql-pushed","table":"db.t","pushed":["(id = 7)"]}}.
 */
final class PushedMarker {
    private static final Logger LOG = LoggerFactory.getLogger(PushedMarker.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FORMAT = "hive-nosql-pushed";

    private PushedMarker() {}

    /** The marker of the conjuncts {@code pushed} of table {@code tableName}. */
    static String write(String tableName, List<ExprNodeDesc> pushed) {
        ObjectNode marker = JSON.createObjectNode();
        marker.put("format", FORMAT);
        marker.put("table", tableName);
        ArrayNode texts = marker.putArray("pushed");
        pushed.forEach(conjunct -> texts.add(conjunct.getExprString()));
        try {
            return JSON.writeValueAsString(marker);
        } catch (JsonProcessingException e) {
            throw new HandlerException(HandlerErrorCode.INTERNAL_ERROR, "cannot record the pushed predicate", e);
        }
    }

    /** The conjuncts promised for {@code tableName} in the job configuration of a scan (modifiable; empty if none). */
    static Set<String> inConf(Configuration conf, String tableName) {
        String serialized = conf.get(TableScanDesc.FILTER_OBJECT_CONF_STR);
        if (serialized == null || serialized.isBlank()) {
            return new LinkedHashSet<>();
        }
        try {
            return read(SerializationUtilities.deserializeObject(serialized, String.class), tableName);
        } catch (RuntimeException e) {
            // another handler's filter object: not ours to check
            LOG.debug("table {}: ignoring a filter object that is not hive-nosql's: {}", tableName, e.toString());
            return new LinkedHashSet<>();
        }
    }

    /**
     * The conjuncts promised for {@code tableName} by the table scans of a MapReduce task's plan, when two or more
     * aliases of the query scan that table in it (a self-join, a UNION ALL of the table with itself); empty otherwise.
     * MapReduce reads such a table once for all those aliases and hands them an OR of their filters, or none at all,
     * while Hive no longer applies what each promised: the scan cannot be right.
     */
    static Set<String> inMergedScans(Configuration conf, String tableName) {
        if (!"mr".equalsIgnoreCase(conf.get(HiveConf.ConfVars.HIVE_EXECUTION_ENGINE.varname))
                || HiveConf.getVar(conf, HiveConf.ConfVars.PLAN).isEmpty()) {
            return Set.of();
        }
        MapWork work;
        try {
            work = Utilities.getMapWork(conf);
        } catch (RuntimeException e) {
            LOG.debug("table {}: no map-side plan in the job configuration: {}", tableName, e.toString());
            return Set.of();
        }
        if (work == null) {
            return Set.of();
        }
        int scans = 0;
        Set<String> promised = new LinkedHashSet<>();
        for (Operator<?> root : work.getAllRootOperators()) {
            if (root instanceof TableScanOperator scan && scans(scan.getConf(), tableName)) {
                scans++;
                Serializable marker = scan.getConf().getFilterObject();
                if (marker instanceof String text) {
                    promised.addAll(read(text, tableName));
                }
            }
        }
        return scans > 1 ? promised : Set.of();
    }

    private static boolean scans(TableScanDesc scan, String tableName) {
        return scan != null
                && scan.getTableMetadata() != null
                && scan.getTableMetadata().getFullyQualifiedName().equalsIgnoreCase(tableName);
    }

    private static Set<String> read(String text, String tableName) {
        Set<String> result = new LinkedHashSet<>();
        try {
            JsonNode marker = JSON.readTree(text);
            if (FORMAT.equals(marker.path("format").asText())
                    && tableName.equals(marker.path("table").asText())) {
                marker.path("pushed").forEach(node -> result.add(node.asText()));
            }
        } catch (IOException e) {
            // another handler's filter object, or one of another table: not ours to check
            LOG.debug("table {}: ignoring a filter object that is not hive-nosql's: {}", tableName, e.toString());
        }
        return result;
    }
}
