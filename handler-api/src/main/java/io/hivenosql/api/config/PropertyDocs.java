package io.hivenosql.api.config;

import java.util.List;

/**
 * Renders property declarations as the Markdown tables of the README, so that the documentation is generated from the
 * one place properties are declared (a test checks the README against this output).
 */
public final class PropertyDocs {
    private PropertyDocs() {}

    public static String markdownTable(List<? extends TableProperty> properties) {
        StringBuilder table = new StringBuilder();
        table.append("| property | type | default | description |\n");
        table.append("| --- | --- | --- | --- |\n");
        for (TableProperty property : properties) {
            String defaultValue;
            if (property.required()) {
                defaultValue = "**required**";
            } else if (property.defaultValue() == null) {
                defaultValue = "(none)";
            } else if (property.defaultValue().isEmpty()) {
                defaultValue = "(empty)";
            } else {
                defaultValue = "`" + property.defaultValue() + "`";
            }
            table.append("| `")
                    .append(property.key())
                    .append("` | ")
                    .append(escape(property.type().description()))
                    .append(" | ")
                    .append(defaultValue)
                    .append(" | ")
                    .append(escape(property.doc()))
                    .append(" |\n");
        }
        return table.toString();
    }

    private static String escape(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
