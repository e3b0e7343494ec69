package io.hivenosql.bench.dml;

/** A timed step of a run. */
public enum DmlStep {
    RF1("RF1"),
    RF2("RF2"),
    MERGE("1% MERGE"),
    REWRITE("rewrite"),
    /** The MERGE of one changed row: what any statement of that shape costs on the target, the MERGE's floor. */
    ONE_ROW_MERGE("1-row MERGE");

    private final String label;

    DmlStep(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
