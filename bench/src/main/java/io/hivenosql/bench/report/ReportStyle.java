package io.hivenosql.bench.report;

/**
 * The report's inline style sheet (no web fonts: the system's sans-serif), written as one line so that the pages of
 * different runs do not repeat a block of identical lines.
 */
final class ReportStyle {
    static final String CSS = String.join(
            " ",
            ":root { --line: #e2e8f0; --muted: #5f6b7a; --ok: #1e7b34; --bad: #b42318; --warn: #8a5a00; }",
            "* { box-sizing: border-box; }",
            "body { margin: 0; color: #1a202c; background: #fff;",
            "font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }",
            "main { max-width: 1080px; margin: 0 auto; padding: 24px 28px 48px; }",
            "h1 { font-size: 26px; margin: 0 0 4px; }",
            "h2 { font-size: 20px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }",
            "h2 small { font-size: 13px; font-weight: normal; color: var(--muted); }",
            "h3 { font-size: 16px; margin: 26px 0 8px; }",
            "p.lead { color: var(--muted); margin: 0 0 14px; }",
            ".muted { color: var(--muted); }",
            "dl.run { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; }",
            "dl.run dt { color: var(--muted); }",
            "dl.run dd { margin: 0; }",
            "nav { margin: 18px 0 0; padding: 8px 0; border-top: 1px solid var(--line);",
            "border-bottom: 1px solid var(--line); }",
            "nav a { margin-right: 18px; }",
            "a { color: #0b5cad; }",
            "table { border-collapse: collapse; margin: 8px 0 18px; font-variant-numeric: tabular-nums; }",
            "th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); text-align: right;",
            "vertical-align: top; }",
            "thead th { background: #f4f6f8; font-weight: 600; white-space: nowrap; }",
            "th:first-child, td:first-child { text-align: left; }",
            "table.machine th { text-align: left; font-weight: normal; color: var(--muted); background: none; }",
            "table.machine td { text-align: left; }",
            "td.best { font-weight: 700; }",
            ".spread { display: block; color: var(--muted); font-size: 11px; font-weight: normal; }",
            ".swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }",
            ".badge { display: inline-block; padding: 4px 12px; border-radius: 14px; font-weight: 600; }",
            ".ok { color: var(--ok); background: #e6f4ea; }",
            ".bad { color: var(--bad); background: #fdecea; }",
            ".warn { color: var(--warn); background: #fff4d6; }",
            "tr.differs td { background: #fdf3f2; }",
            ".ok-text { color: var(--ok); }",
            ".bad-text, .bad-text a { color: var(--bad); font-weight: 600; }",
            "figure { margin: 18px 0 26px; }",
            "figcaption { font-weight: 600; margin-bottom: 6px; }",
            "svg.chart { display: block; max-width: 100%; height: auto; }",
            "pre { background: #f7f7f9; border: 1px solid var(--line); padding: 8px 12px; white-space: pre-wrap;",
            "overflow-wrap: anywhere; }",
            "footer { margin-top: 40px; font-size: 12px; }",
            "@media print { nav { display: none; } main { max-width: none; padding: 0; } }");

    private ReportStyle() {}
}
