package io.hivenosql.api.spi;

/** What the store can tell the optimizer about a table. Negative means unknown. */
public record TableStatistics(long rowCount, long totalBytes) {}
