package io.hivenosql.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.Date;
import java.util.List;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

class TestRowText {
    @Test
    void printsFieldsAsBeelinesTsv2Does() {
        assertEquals(
                List.of("1-URGENT\t12014\t409891785.652900\tNULL\t1995-03-01\t1.0E10"),
                RowText.format(List.of(RowFactory.create(
                        "1-URGENT",
                        12014L,
                        new BigDecimal("409891785.652900"),
                        null,
                        Date.valueOf("1995-03-01"),
                        1.0e10))));
    }

    @Test
    void printsDecimalsInPlainDigits() {
        assertEquals("0.00000010", RowText.field(new BigDecimal("1.0E-7").setScale(8)));
        assertEquals("1200", RowText.field(new BigDecimal("1.2E+3").setScale(0)));
    }
}
