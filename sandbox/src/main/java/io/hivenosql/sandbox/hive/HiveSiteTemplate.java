package io.hivenosql.sandbox.hive;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * hive-site settings kept as data: a classpath resource of {@code key=value} lines in order ({@code #} comments and
 * blank lines skipped), whose values name {@code ${variable}}s the caller supplies (a work directory, a port, an HDFS
 * URI). A value may be empty; a variable the caller does not supply is an error.
 */
public final class HiveSiteTemplate {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z]+)}");

    private HiveSiteTemplate() {}

    /** The settings of resource {@code name} (beside {@code owner}), in file order, with {@code variables} replaced. */
    public static Map<String, String> load(Class<?> owner, String name, Map<String, String> variables) {
        requireNonNull(variables, "variables is null");
        String text;
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Resource " + name + " beside " + owner.getName() + " is missing");
            }
            text = new String(in.readAllBytes(), UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the hive-site template " + name, e);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int equals = trimmed.indexOf('=');
            if (equals < 1) {
                throw new IllegalStateException("Not a key=value line in " + name + ": " + trimmed);
            }
            settings.put(trimmed.substring(0, equals), expand(trimmed.substring(equals + 1), variables, name));
        }
        return settings;
    }

    private static String expand(String value, Map<String, String> variables, String name) {
        Matcher matcher = VARIABLE.matcher(value);
        StringBuilder expanded = new StringBuilder();
        while (matcher.find()) {
            String replacement = variables.get(matcher.group(1));
            if (replacement == null) {
                throw new IllegalStateException("No value for ${" + matcher.group(1) + "} of " + name);
            }
            matcher.appendReplacement(expanded, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(expanded);
        return expanded.toString();
    }
}
