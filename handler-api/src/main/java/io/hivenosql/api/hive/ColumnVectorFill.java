package io.hivenosql.api.hive;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TemporalRange;
import io.hivenosql.api.types.VarcharType;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorAssignRow;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;

/**
 * Puts a table's neutral values into the column vectors of Hive's {@link VectorizedRowBatch}, one value at a time, as
 * {@link RowReader#put} puts them into a row: the same conversion and checks as row mode ({@link HiveValues#toHive}),
 * so a value is a bad record in a vectorized task exactly when it is one in a fetch task. Scalars go straight into
 * their vectors (longs, doubles, UTF-8 bytes, decimals, days, timestamps; CHAR without its padding, as Hive keeps it in
 * vectors); arrays, maps and structs into list, map and struct vectors through Hive's own {@link VectorAssignRow}.
 *
 * <p>Batch column {@code i} is mapping column {@code i}: Hive lays out a table's batch in its column order. Columns the
 * query does not read have no vector ({@link VectorizedRowBatchCtx#getDataColumnNums()}); values put there are
 * converted (a filtered column's value is still checked) and dropped.
 */
final class ColumnVectorFill {
    /** The most decimal digits every long holds. */
    private static final int MAX_LONG_DIGITS = 18;

    private final String tableName;
    private final TableMapping mapping;
    /** Per mapping column; null for a nested type, which {@link #nested} assigns. */
    private final Writer[] writers;

    private final VectorAssignRow nested;
    private VectorizedRowBatch batch;

    /** @throws IOException when Hive's batch layout does not match the table's columns (the metastore was changed) */
    ColumnVectorFill(String tableName, TableMapping mapping, VectorizedRowBatchCtx context) throws IOException {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.mapping = requireNonNull(mapping, "mapping is null");
        checkLayout(context);
        this.writers = new Writer[mapping.size()];
        boolean anyNested = false;
        for (int i = 0; i < writers.length; i++) {
            writers[i] = writer(mapping.column(i).type());
            anyNested |= writers[i] == null;
        }
        this.nested = anyNested ? assigner(mapping) : null;
    }

    /** The batch that {@link #put} fills next. */
    void fill(VectorizedRowBatch target) {
        this.batch = requireNonNull(target, "target is null");
    }

    /**
     * Puts a column's neutral value into row {@code row} of the batch; null puts a NULL.
     *
     * @throws io.hivenosql.api.types.ValueConversionException when the value does not convert to the column's type
     */
    void put(int row, int column, Object neutral) {
        ColumnVector vector = batch.cols[column];
        Writer writer = writers[column];
        if (neutral == null) {
            if (vector != null) {
                vector.noNulls = false;
                vector.isNull[row] = true;
            }
            return;
        }
        if (writer == null) {
            Object hive = HiveValues.toHive(mapping.column(column).type(), neutral);
            if (vector != null) {
                nested.assignRowColumn(batch, row, column, hive);
            }
            return;
        }
        writer.write(vector, row, neutral);
        if (vector != null) {
            vector.isNull[row] = false;
        }
    }

    private void checkLayout(VectorizedRowBatchCtx context) throws IOException {
        String[] names = context.getRowColumnNames();
        TypeInfo[] types = context.getRowColumnTypeInfos();
        if (context.getDataColumnCount() != mapping.size()) {
            throw layoutMismatch("Hive's plan has " + context.getDataColumnCount() + " columns, the table's mapping "
                    + mapping.size());
        }
        for (int i = 0; i < mapping.size(); i++) {
            ColumnMapping column = mapping.column(i);
            TypeInfo mapped =
                    TypeInfoUtils.getTypeInfoFromTypeString(column.type().typeName());
            if (!names[i].equalsIgnoreCase(column.name()) || !types[i].equals(mapped)) {
                throw layoutMismatch("column " + (i + 1) + " is " + names[i] + " " + types[i].getTypeName()
                        + " in Hive's plan and "
                        + column.name() + " " + column.type().typeName() + " in the table's mapping");
            }
        }
    }

    private IOException layoutMismatch(String detail) {
        return new IOException("table " + tableName + ": the vectorized reader cannot fill Hive's batch: " + detail
                + ". Recreate the table so that its columns and mapping agree, or read it row by row: set "
                + "hive.vectorized.input.format.excludes to the table's input format class");
    }

    private static VectorAssignRow assigner(TableMapping mapping) throws IOException {
        VectorAssignRow assign = new VectorAssignRow();
        try {
            assign.init(HiveValues.rowObjectInspector(mapping));
        } catch (HiveException e) {
            throw new IOException(
                    "cannot prepare Hive's vector assignment for the nested columns: " + e.getMessage(), e);
        }
        return assign;
    }

    /** Writes a non-null value into a vector; a null vector (a column the query does not read) only checks it. */
    @FunctionalInterface
    private interface Writer {
        void write(ColumnVector vector, int row, Object neutral);
    }

    private static Writer writer(DataType type) {
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> (vector, row, value) -> {
                    boolean bool = (Boolean) HiveValues.toHive(type, value);
                    if (vector != null) {
                        ((LongColumnVector) vector).vector[row] = bool ? 1 : 0;
                    }
                };
                case TINYINT, SMALLINT, INT, BIGINT -> (vector, row, value) -> {
                    long number = value instanceof Long l && primitive == PrimitiveType.BIGINT
                            ? l
                            : ((Number) HiveValues.toHive(type, value)).longValue();
                    if (vector != null) {
                        ((LongColumnVector) vector).vector[row] = number;
                    }
                };
                case FLOAT, DOUBLE -> (vector, row, value) -> {
                    double number = ((Number) HiveValues.toHive(type, value)).doubleValue();
                    if (vector != null) {
                        ((DoubleColumnVector) vector).vector[row] = number;
                    }
                };
                case STRING -> (vector, row, value) -> bytes(vector, row, ((String) HiveValues.toHive(type, value)));
                case BINARY -> (vector, row, value) -> {
                    byte[] bytes = (byte[]) HiveValues.toHive(type, value);
                    if (vector != null) {
                        ((BytesColumnVector) vector).setRef(row, bytes, 0, bytes.length);
                    }
                };
                case DATE -> (vector, row, value) -> {
                    // a LocalDate's day number as it is; other values as row mode converts them
                    long days = value instanceof LocalDate date
                            ? TemporalRange.checkRead(date).toEpochDay()
                            : ((Date) HiveValues.toHive(type, value)).toEpochDay();
                    if (vector != null) {
                        ((LongColumnVector) vector).vector[row] = days;
                    }
                };
                case TIMESTAMP -> (vector, row, value) -> {
                    Timestamp timestamp = (Timestamp) HiveValues.toHive(type, value);
                    if (vector != null) {
                        ((TimestampColumnVector) vector).set(row, timestamp.toSqlTimestamp());
                    }
                };
            };
        }
        if (type instanceof DecimalType decimal) {
            return (vector, row, value) -> {
                if (vector != null && value instanceof BigDecimal big && fitsExactly(big, decimal)) {
                    // no rounding and no overflow: the unscaled digits and the scale as they are, without the
                    // HiveDecimal that row mode builds
                    ((DecimalColumnVector) vector)
                            .vector[row].setFromLongAndScale(big.unscaledValue().longValue(), big.scale());
                    return;
                }
                HiveDecimal converted = (HiveDecimal) HiveValues.toHive(type, value);
                if (vector != null) {
                    ((DecimalColumnVector) vector).set(row, converted);
                }
            };
        }
        if (type instanceof VarcharType) {
            return (vector, row, value) ->
                    bytes(vector, row, ((HiveVarchar) HiveValues.toHive(type, value)).getValue());
        }
        if (type instanceof CharType) {
            // Hive keeps CHAR in vectors without its padding (VectorAssignRow, the ORC reader)
            return (vector, row, value) ->
                    bytes(vector, row, ((HiveChar) HiveValues.toHive(type, value)).getStrippedValue());
        }
        return null;
    }

    /**
     * Whether a decimal is the value Hive's decimal(p,s) enforcement keeps unchanged, with its unscaled digits in a
     * long: a scale of at most the column's (nothing to round) and no more integer digits than the column has.
     */
    static boolean fitsExactly(BigDecimal value, DecimalType type) {
        int scale = value.scale();
        int precision = value.precision();
        return scale >= 0
                && scale <= type.scale()
                && precision <= MAX_LONG_DIGITS
                && precision - scale <= type.precision() - type.scale();
    }

    private static void bytes(ColumnVector vector, int row, String text) {
        if (vector != null) {
            byte[] bytes = text.getBytes(UTF_8);
            ((BytesColumnVector) vector).setRef(row, bytes, 0, bytes.length);
        }
    }
}
