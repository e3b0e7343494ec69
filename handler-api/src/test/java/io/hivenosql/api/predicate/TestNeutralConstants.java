package io.hivenosql.api.predicate;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.types.DataTypes;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.junit.jupiter.api.Test;

/** Constants are pushed only when the store's comparison means exactly what Hive's does. */
class TestNeutralConstants {
    @Test
    void varcharConstantLongerThanTheColumnIsNotPushed() {
        // Hive: varchar(3) 'abc' = 'abcd' is false; pushing 'abcd' could find a key written by another client
        assertThat(HivePredicateTranslator.neutralConstant("abcd", DataTypes.parse("varchar(3)")))
                .isEmpty();
        assertThat(HivePredicateTranslator.neutralConstant("abc", DataTypes.parse("varchar(3)")))
                .contains("abc");
    }

    @Test
    void charConstantIsPaddedToTheColumnAndTooLongIsNotPushed() {
        assertThat(HivePredicateTranslator.neutralConstant(new HiveChar("ab", 2), DataTypes.parse("char(4)")))
                .contains("ab  ");
        assertThat(HivePredicateTranslator.neutralConstant(new HiveChar("abc ", 4), DataTypes.parse("char(2)")))
                .isEmpty();
    }

    @Test
    void floatConstantBeyondTwoToThe24AgainstAnIntegerIsNotPushed() {
        // Hive compares int 16777217 = float 16777216f in float precision: true; an exact push would say false
        assertThat(HivePredicateTranslator.neutralConstant(16777216f, DataTypes.parse("int")))
                .isEmpty();
        assertThat(HivePredicateTranslator.neutralConstant(1024f, DataTypes.parse("int")))
                .contains(1024);
        assertThat(HivePredicateTranslator.neutralConstant(16777216d, DataTypes.parse("int")))
                .contains(16777216);
    }

    @Test
    void dateAndTimestampConstantsBeyondHivesRangeAreNotPushed() {
        assertThat(HivePredicateTranslator.neutralConstant(
                        org.apache.hadoop.hive.common.type.Date.valueOf("9999-12-31"), DataTypes.parse("date")))
                .contains(java.time.LocalDate.of(9999, 12, 31));
        assertThat(HivePredicateTranslator.neutralConstant(
                        org.apache.hadoop.hive.common.type.Date.valueOf("0000-06-15"), DataTypes.parse("date")))
                .isEmpty();
        assertThat(HivePredicateTranslator.neutralConstant(
                        org.apache.hadoop.hive.common.type.Timestamp.valueOf("0001-01-01 00:00:00"),
                        DataTypes.parse("timestamp")))
                .contains(java.time.LocalDateTime.of(1, 1, 1, 0, 0));
        assertThat(HivePredicateTranslator.neutralConstant(
                        org.apache.hadoop.hive.common.type.Timestamp.valueOf("10000-01-01 00:00:00"),
                        DataTypes.parse("timestamp")))
                .isEmpty();
    }
}
