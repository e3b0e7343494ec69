package io.hivenosql.api.pushdown;

public enum CompareOp {
    EQ("="),
    NE("<>"),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    CompareOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** The operator with its operands swapped: {@code 5 < x} is {@code x > 5}. */
    public CompareOp flip() {
        return switch (this) {
            case EQ, NE -> this;
            case LT -> GT;
            case LE -> GE;
            case GT -> LT;
            case GE -> LE;
        };
    }
}
