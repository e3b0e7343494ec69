package io.hivenosql.mongo.bson;

import io.hivenosql.api.mapping.FieldNameMatcher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tree of field names {@link BsonRowDecoder} looks documents up in: one {@link Level} per document level, one
 * {@link Node} per field name a column's path goes through, with the columns (or spelling slots) whose path ends there.
 * A node of a path that falls back to case-insensitive matching is also found by its folded name. Built once per
 * decoder, read-only afterwards (but for each level's remembered names).
 */
final class BsonFieldTree {
    private static final int NAME_CACHE_LIMIT = 1024;

    private BsonFieldTree() {}

    /** The field names of one document level that columns read, by exact name and (where allowed) folded. */
    static final class Level {
        final Map<String, Node> exact = new HashMap<>();
        private final Map<String, List<Node>> byFold = new HashMap<>();
        /** Names met in documents that are not spelt as mapped, and the nodes they match ignoring case. */
        private final Map<String, Node[]> seen = new HashMap<>();

        boolean folding;

        Node node(String segment, Node parent, boolean folding, List<Node> all) {
            Node node = exact.get(segment);
            if (node == null) {
                node = new Node(all.size(), segment, parent);
                all.add(node);
                exact.put(segment, node);
            }
            if (folding && !node.folding) {
                node.folding = true;
                this.folding = true;
                byFold.computeIfAbsent(FieldNameMatcher.fold(segment), k -> new ArrayList<>())
                        .add(node);
            }
            return node;
        }

        /** Gives every node the folding nodes its exact name matches ignoring case, down the tree. */
        void seal() {
            for (Node node : exact.values()) {
                List<Node> rivals = byFold.getOrDefault(FieldNameMatcher.fold(node.name), List.of()).stream()
                        .filter(rival -> rival != node)
                        .toList();
                node.foldedRivals = rivals.toArray(Node.NONE);
                if (node.children != null) {
                    node.children.seal();
                }
            }
        }

        /** The folding nodes a name not spelt as any node matches ignoring case; remembered per name. */
        Node[] folded(String name) {
            Node[] known = seen.get(name);
            if (known != null) {
                return known;
            }
            List<Node> matches = byFold.get(FieldNameMatcher.fold(name));
            Node[] result = matches == null ? Node.NONE : matches.toArray(Node.NONE);
            if (seen.size() < NAME_CACHE_LIMIT) {
                seen.put(name, result); // documents repeat their spellings: fold each one once
            }
            return result;
        }
    }

    /** One field name of the paths: the columns whose path ends here and the names below it. */
    static final class Node {
        static final Node[] NONE = new Node[0];

        final int id;
        final String name;
        final String path;
        final Node parent;
        int[] columns = new int[0];
        final List<Integer> below = new ArrayList<>();
        int[] belowSlots;
        final List<Node> descendants = new ArrayList<>();
        Level children;
        boolean folding;
        /** The other folding nodes of this level that this node's exact name matches ignoring case. */
        Node[] foldedRivals = Node.NONE;

        Node(int id, String name, Node parent) {
            this.id = id;
            this.name = name;
            this.parent = parent;
            this.path = parent == null ? name : parent.path + "." + name;
            for (Node ancestor = parent; ancestor != null; ancestor = ancestor.parent) {
                ancestor.descendants.add(this);
            }
        }

        Level children() {
            if (children == null) {
                children = new Level();
            }
            return children;
        }

        void seal() {
            belowSlots = below.stream().mapToInt(Integer::intValue).distinct().toArray();
        }
    }
}
