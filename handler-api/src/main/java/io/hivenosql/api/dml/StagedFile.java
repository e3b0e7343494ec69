package io.hivenosql.api.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.spi.QueryTask;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of the changes one writer of a task attempt staged for a statement: {@code
 * <change>.v<vertex>.t<task>.a<attempt>.<part>}, where {@code change} is {@link RowChange#code()}, vertex, task and
 * attempt place the attempt in the query's DAG, and {@code part} tells apart the writers of one attempt (a MERGE's
 * branches may share a task). A file gets its name only when its writer closed successfully; until then it is hidden
 * ({@link #HIDDEN_PREFIX}).
 *
 * <p>The commit applies every named file: the files of a failed attempt whose writer closed before the failure, and
 * those of two attempts that both succeeded (a speculative attempt), hold the same changes as the successful attempt,
 * and the statement's net effect counts each key once ({@link StatementCommit}).
 */
public record StagedFile(RowChange change, int vertex, int task, int attempt, String part) {
    /** The prefix of a file still being written: Hadoop's listings and {@link #parse} skip it. */
    public static final String HIDDEN_PREFIX = "_tmp.";

    private static final Pattern NAME = Pattern.compile("([a-z])\\.v(\\d+)\\.t(\\d+)\\.a(\\d+)\\.([A-Za-z0-9]+)");

    public StagedFile {
        requireNonNull(change, "change is null");
        requireNonNull(part, "part is null");
        if (!part.matches("[A-Za-z0-9]+") || vertex < 0 || task < 0 || attempt < 0) {
            throw new IllegalArgumentException("invalid staged file: vertex " + vertex + ", task " + task + ", attempt "
                    + attempt + ", part '" + part + "'");
        }
    }

    /** A new file of a task attempt, with a part name no other writer has. */
    public static StagedFile of(RowChange change, QueryTask task, int attempt) {
        String part = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        return new StagedFile(change, task.vertex(), task.task(), attempt, part);
    }

    public String name() {
        return change.code() + ".v" + vertex + ".t" + task + ".a" + attempt + "." + part;
    }

    /** The staged file a (visible) name stands for; empty for other files. */
    public static Optional<StagedFile> parse(String name) {
        Matcher matcher = NAME.matcher(name);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new StagedFile(
                    RowChange.ofCode(matcher.group(1).charAt(0)),
                    Integer.parseInt(matcher.group(2)),
                    Integer.parseInt(matcher.group(3)),
                    Integer.parseInt(matcher.group(4)),
                    matcher.group(5)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
