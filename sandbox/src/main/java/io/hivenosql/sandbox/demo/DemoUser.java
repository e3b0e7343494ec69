package io.hivenosql.sandbox.demo;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** One demo row; {@link #hash()} is how it is stored in Redis. */
public record DemoUser(
        int id, String name, int age, String city, LocalDate signup, BigDecimal score, List<String> tags) {
    public DemoUser {
        requireNonNull(name, "name is null");
        requireNonNull(city, "city is null");
        requireNonNull(signup, "signup is null");
        requireNonNull(score, "score is null");
        tags = List.copyOf(requireNonNull(tags, "tags is null"));
        if (id <= 0) {
            throw new IllegalArgumentException("id must be positive: " + id);
        }
    }

    /** {@code demo:user:<id>}. */
    public String key() {
        return DemoData.KEY_PREFIX + id;
    }

    /** The Redis hash: every field as text; {@code tags} as a JSON array of strings. */
    public Map<String, String> hash() {
        Map<String, String> hash = new LinkedHashMap<>();
        hash.put("name", name);
        hash.put("age", Integer.toString(age));
        hash.put("city", city);
        hash.put("signup", signup.toString());
        hash.put("score", score.toPlainString());
        hash.put("tags", tags.stream().map(tag -> "\"" + tag + "\"").collect(Collectors.joining(",", "[", "]")));
        return hash;
    }
}
