package io.hivenosql.bench.failover;

import java.util.OptionalLong;

/**
 * When a failover run's events happened ({@link System#nanoTime()}): its start and end, the kill of the node, and the
 * moment the restarted node was back (every node up again). A run cut short may lack the kill or the restart.
 *
 * @param killNanos when the kill of the node returned (the process is gone)
 * @param upNanos when the restarted node was up again and the store whole
 */
public record Timeline(long startNanos, OptionalLong killNanos, OptionalLong upNanos, long endNanos) {
    /** The phases of a run, in order, and the whole run. */
    public enum Phase {
        BEFORE("before the kill"),
        DOWN("node down"),
        AFTER("after the restart"),
        ALL("whole run");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public Timeline {
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("the run ends before it starts");
        }
        if (upNanos.isPresent() && killNanos.isEmpty()) {
            throw new IllegalArgumentException("a node cannot be back up without a kill");
        }
        if (killNanos.isPresent() && (killNanos.getAsLong() < startNanos || killNanos.getAsLong() > endNanos)) {
            throw new IllegalArgumentException("the kill is outside the run");
        }
        if (upNanos.isPresent() && (upNanos.getAsLong() < killNanos.getAsLong() || upNanos.getAsLong() > endNanos)) {
            throw new IllegalArgumentException("the node is up again before its kill or after the run");
        }
    }

    /** The phase a request that started at {@code nanos} belongs to (never {@link Phase#ALL}). */
    public Phase phaseOf(long nanos) {
        if (killNanos.isEmpty() || nanos < killNanos.getAsLong()) {
            return Phase.BEFORE;
        }
        if (upNanos.isEmpty() || nanos < upNanos.getAsLong()) {
            return Phase.DOWN;
        }
        return Phase.AFTER;
    }

    /** Where a phase begins. */
    public long phaseStart(Phase phase) {
        return switch (phase) {
            case BEFORE, ALL -> startNanos;
            case DOWN -> killNanos.orElse(endNanos);
            case AFTER -> upNanos.orElse(endNanos);
        };
    }

    /** Where a phase ends. */
    public long phaseEnd(Phase phase) {
        return switch (phase) {
            case BEFORE -> killNanos.orElse(endNanos);
            case DOWN -> upNanos.orElse(endNanos);
            case AFTER, ALL -> endNanos;
        };
    }

    public long phaseNanos(Phase phase) {
        return phaseEnd(phase) - phaseStart(phase);
    }
}
