package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestMarkup {
    @Test
    void escapesTextAndAttributes() {
        String markup = new Markup()
                .open("p", "title", "a \"b\" <c> & 'd'", "class", null)
                .text("x < y & z > \"w\"")
                .close("p")
                .toString();
        assertThat(markup)
                .isEqualTo("<p title=\"a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;\">"
                        + "x &lt; y &amp; z &gt; &quot;w&quot;</p>");
    }

    @Test
    void replacesCharactersXmlForbids() {
        assertThat(Markup.escape("a\u0000b\u0007c\td\ne")).isEqualTo("a\ufffdb\ufffdc\td\ne");
    }

    @Test
    void rejectsUnbalancedElements() {
        assertThatThrownBy(() -> new Markup().open("div").close("span"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("<span>")
                .hasMessageContaining("<div>");
        assertThatThrownBy(() -> new Markup().open("div").toString())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("div");
        assertThatThrownBy(() -> new Markup().verbatim("a < b")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void emptyElementsAndCoordinates() {
        assertThat(new Markup()
                        .empty("rect", "x", Markup.coordinate(1.25), "y", Markup.coordinate(-0.04))
                        .toString())
                .isEqualTo("<rect x=\"1.3\" y=\"-0.0\"/>");
    }
}
