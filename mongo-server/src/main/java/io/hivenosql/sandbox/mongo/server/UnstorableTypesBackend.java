package io.hivenosql.sandbox.mongo.server;

import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The memory backend (with the handshake of {@link HandshakeBackend} and the reply batches of {@link
 * CursorBatchesBackend}), accepting the {@code $type} aliases of the BSON types it cannot store. MongoDB's queries may
 * name {@code undefined} and {@code dbPointer} (the handler excludes them from what string columns read, and matches
 * {@code undefined} as NULL), but mongo-java-server knows neither alias and fails such a query; it stores an undefined
 * value as null and cannot decode a dbPointer at all. So no document it holds has either type, and a {@code $type}
 * condition is rewritten without them before the backend sees it: they are left out of a list of types, and a condition
 * on them alone becomes {@code $in: []}, which matches nothing, exactly as {@code $type} does here.
 */
final class UnstorableTypesBackend extends CursorBatchesBackend {
    private static final Set<String> UNSTORABLE = Set.of("undefined", "dbpointer");
    /** Their type numbers (6, 12), as {@code $type} also takes them. */
    private static final Set<Integer> UNSTORABLE_NUMBERS = Set.of(6, 12);

    private static final String TYPE = "$type";

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        return super.handleCommand(channel, databaseName, command, (Document) rewrite(query, command));
    }

    /** The value with every {@code $type} condition rewritten; inserted documents are left as they are. */
    private static Object rewrite(Object value, String command) {
        if (value instanceof Document document) {
            Document result = new Document();
            for (Map.Entry<String, Object> entry : document.entrySet()) {
                String key = entry.getKey();
                if (key.equals("documents") && command.equalsIgnoreCase("insert")) {
                    result.put(key, entry.getValue());
                } else if (key.equals(TYPE)) {
                    putType(result, entry.getValue());
                } else {
                    result.put(key, rewrite(entry.getValue(), command));
                }
            }
            return result;
        }
        if (value instanceof Collection<?> list) {
            List<Object> result = new ArrayList<>(list.size());
            for (Object item : list) {
                result.add(rewrite(item, command));
            }
            return result;
        }
        return value;
    }

    private static void putType(Document condition, Object types) {
        if (!(types instanceof Collection<?> list)) {
            if (unstorable(types)) {
                condition.put("$in", new ArrayList<>());
            } else {
                condition.put(TYPE, types);
            }
            return;
        }
        List<Object> kept = new ArrayList<>();
        for (Object type : list) {
            if (!unstorable(type)) {
                kept.add(type);
            }
        }
        if (kept.isEmpty() && !list.isEmpty()) {
            condition.put("$in", new ArrayList<>());
        } else {
            condition.put(TYPE, kept);
        }
    }

    private static boolean unstorable(Object type) {
        if (type instanceof String alias) {
            return UNSTORABLE.contains(alias.toLowerCase(Locale.ROOT));
        }
        return type instanceof Number number
                && number.doubleValue() == number.intValue()
                && UNSTORABLE_NUMBERS.contains(number.intValue());
    }
}
