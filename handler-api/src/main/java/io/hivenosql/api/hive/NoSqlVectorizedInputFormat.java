package io.hivenosql.api.hive;

import io.hivenosql.api.spi.NoSqlConnector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedInputFormatInterface;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedSupport;

/**
 * The input format of every hive-nosql table by default: rows as {@link NoSqlInputFormat} reads them, and in a
 * vectorized task column batches that its {@link NoSqlBatchReader} fills from the store's values, with no row
 * deserialization between (EXPLAIN VECTORIZATION: {@code hive.vectorized.use.vectorized.input.format IS true}). Hive
 * never deserializes rows of a format that reads batches: when it cannot use the batches (the session excludes the
 * format in {@code hive.vectorized.input.format.excludes}, or Hive cannot load the class, as with a handler jar
 * added by ADD JAR) the scan runs row by row. A store module subclasses it with a public no-arg constructor.
 */
public class NoSqlVectorizedInputFormat extends NoSqlInputFormat implements VectorizedInputFormatInterface {
    protected NoSqlVectorizedInputFormat(NoSqlConnector connector) {
        super(connector);
    }

    /**
     * None of Hive's optional vectorization features: decimals come as {@code DecimalColumnVector}s, never as
     * {@code Decimal64ColumnVector}s.
     */
    @Override
    public VectorizedSupport.Support[] getSupportedFeatures() {
        return new VectorizedSupport.Support[0];
    }
}
