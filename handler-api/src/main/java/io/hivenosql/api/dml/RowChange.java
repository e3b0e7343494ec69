package io.hivenosql.api.dml;

/**
 * What a branch of a DELETE, UPDATE or MERGE statement does to the rows it hands the table: Hive splits a statement
 * into branches that each write the table, marking each as a delete or as an insert.
 */
public enum RowChange {
    /** The row's key: the record with that key is deleted (unless the statement also upserts the key). */
    DELETE('d'),
    /** A whole row: the record of its key takes the row's values in the mapped columns, created when missing. */
    UPSERT('u');

    private final char code;

    RowChange(char code) {
        this.code = code;
    }

    /** The one-letter code in staged file names and headers. */
    public char code() {
        return code;
    }

    static RowChange ofCode(char code) {
        for (RowChange change : values()) {
            if (change.code == code) {
                return change;
            }
        }
        throw new IllegalArgumentException("no row change has code '" + code + "'");
    }
}
