package io.hivenosql.bench.spark;

import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.catalyst.parser.ParseException;

/** Which Spark failures mean "Spark SQL does not run this HiveQL unchanged" rather than a failed run. */
final class SparkFailures {
    private SparkFailures() {}

    /** A parse or analysis error: the text is not Spark SQL, or names what Spark does not have. */
    static boolean isCompileError(Throwable failure) {
        return failure instanceof ParseException || failure instanceof AnalysisException;
    }

    /** Spark's message, on one line. */
    static String describe(Throwable failure) {
        String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
        String oneLine = message.strip().replaceAll("\\s+", " ");
        return oneLine.length() > 300 ? oneLine.substring(0, 300) + " ..." : oneLine;
    }
}
