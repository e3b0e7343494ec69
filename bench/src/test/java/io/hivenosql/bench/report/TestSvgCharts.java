package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class TestSvgCharts {
    private static final ChartSeries RED = new ChartSeries("red <&>", "#d55e00");
    private static final ChartSeries BLUE = new ChartSeries("blue", "#0072b2");

    @Test
    void linearAxisEndsAtARoundValue() {
        ChartAxis axis = ChartAxis.linear(2_700_000);
        assertThat(axis.ticks())
                .containsExactly(0.0, 500_000.0, 1_000_000.0, 1_500_000.0, 2_000_000.0, 2_500_000.0, 3_000_000.0);
        assertThat(axis.position(1_500_000, 100, 400)).isCloseTo(250, within(1e-9));
        assertThat(axis.position(-5, 100, 400)).isEqualTo(100);
        assertThat(ChartAxis.linear(0).ticks()).last().isEqualTo(1.0);
        assertThat(ChartAxis.linear(Double.NaN).ticks()).doesNotContain(Double.NaN);
    }

    @Test
    void logAxisEndsAtOneTwoOrFiveTimesAPowerOfTen() {
        ChartAxis axis = ChartAxis.log(0.35, 42);
        assertThat(axis.isLog()).isTrue();
        assertThat(axis.ticks()).containsExactly(0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0);
        assertThat(axis.position(1, 0, 300)).isCloseTo(300 * Math.log10(5) / Math.log10(250), within(1e-9));
        assertThat(axis.position(50, 0, 300)).isCloseTo(300, within(1e-9));
        assertThat(axis.shows(0)).isFalse();
        assertThat(ChartAxis.log(5, 5).ticks()).containsExactly(5.0, 10.0);
        assertThat(ChartAxis.log(1, 100).ticks()).containsExactly(1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0);
        assertThat(ChartAxis.log(3, 2_000_000).ticks())
                .containsExactly(2.0, 10.0, 100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0, 2_000_000.0);
        assertThat(ChartAxis.log(0, -1).ticks()).containsExactly(1.0, 2.0, 5.0, 10.0);
    }

    @Test
    void compactTickLabels() {
        assertThat(ChartAxis.label(2_500_000)).isEqualTo("2.5M");
        assertThat(ChartAxis.label(1500)).isEqualTo("1.5k");
        assertThat(ChartAxis.label(3e9)).isEqualTo("3G");
        assertThat(ChartAxis.label(0.5)).isEqualTo("0.5");
        assertThat(ChartAxis.label(0)).isEqualTo("0");
        assertThat(ChartAxis.label(0.001)).isEqualTo("0.001");
    }

    @Test
    void barChartDrawsBarsWhiskersAndMissingValues() {
        SvgBarChart chart = new SvgBarChart(
                "times",
                "seconds (log scale)",
                true,
                List.of(RED, BLUE),
                List.of(
                        new SvgBarChart.Group(
                                "q01",
                                List.of(
                                        new SvgBarChart.Bar(
                                                RED,
                                                OptionalDouble.of(2),
                                                OptionalDouble.of(1.5),
                                                OptionalDouble.of(3),
                                                "2.00 s"),
                                        SvgBarChart.Bar.of(BLUE, OptionalDouble.empty(), "not run"))),
                        new SvgBarChart.Group(
                                "q<2>", List.of(SvgBarChart.Bar.of(RED, OptionalDouble.of(0.2), "0.200 s")))),
                OptionalDouble.of(1));
        String svg = chart.render();
        Document document = TestHtmlReport.parse(svg);
        assertThat(document.getElementsByTagName("rect").getLength())
                .as("two bars, two legend swatches, one band")
                .isEqualTo(5);
        assertThat(document.getDocumentElement().getTextContent())
                .contains("not run")
                .contains("q<2>")
                .contains("red <&>")
                .contains("seconds (log scale)");
        assertThat(svg).contains("stroke-dasharray").doesNotContain("NaN");
    }

    @Test
    void barChartWithNothingToShowStillRenders() {
        SvgBarChart chart = new SvgBarChart("empty", "rows/s", false, List.of(), List.of(), OptionalDouble.empty());
        assertThat(TestHtmlReport.parse(chart.render()).getDocumentElement().getLocalName())
                .isEqualTo("svg");
    }

    @Test
    void lineChartDrawsOneLinePerSeries() {
        SvgLineChart chart = new SvgLineChart(
                "growth",
                "scale factor (log scale)",
                "rows/s",
                List.of(
                        new SvgLineChart.Line(
                                RED,
                                List.of(
                                        new SvgLineChart.Point(1, 500_000, "500,000 rows/s"),
                                        new SvgLineChart.Point(0.1, 400_000, "400,000 rows/s"))),
                        new SvgLineChart.Line(BLUE, List.of(new SvgLineChart.Point(1, 510_000, "510,000")))));
        Document document = TestHtmlReport.parse(chart.render());
        assertThat(document.getElementsByTagName("polyline").getLength()).isEqualTo(2);
        assertThat(document.getElementsByTagName("circle").getLength()).isEqualTo(3);
        assertThat(chart.lines().get(0).points())
                .extracting(SvgLineChart.Point::x)
                .containsExactly(0.1, 1.0);
        assertThat(chart.render()).doesNotContain("NaN").doesNotContain("Infinity");
    }
}
