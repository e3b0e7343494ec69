package io.hivenosql.api.mapping;

import static io.hivenosql.api.mapping.FieldNameMatcher.Decision.READ;
import static io.hivenosql.api.mapping.FieldNameMatcher.Decision.REPLACE;
import static io.hivenosql.api.mapping.FieldNameMatcher.Decision.SKIP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestFieldNameMatcher {
    @Test
    void foldingIsEqualsIgnoreCase() {
        assertThat(FieldNameMatcher.fold("publicationyear"))
                .isSameAs("publicationyear")
                .isEqualTo("publicationyear");
        assertThat(FieldNameMatcher.fold("publicationYear")).isEqualTo("publicationyear");
        assertThat(FieldNameMatcher.fold("STUDENT_ID")).isEqualTo("student_id");
        for (String[] pair :
                new String[][] {{"Straße", "STRAßE"}, {"ǅ", "ǆ"}, {"Kelvin\u212A", "kelvink"}, {"İ", "i̇"}}) {
            assertThat(FieldNameMatcher.fold(pair[0]).equals(FieldNameMatcher.fold(pair[1])))
                    .as("%s ~ %s", pair[0], pair[1])
                    .isEqualTo(pair[0].equalsIgnoreCase(pair[1]));
        }
    }

    @Test
    void exactFirstThenTheOneOtherSpelling() {
        FieldNameMatcher matcher = new FieldNameMatcher(2);
        matcher.reset();
        assertThat(matcher.offer(0, "studentID", false)).isEqualTo(READ);
        assertThat(matcher.offer(0, "studentID", false)).as("a repeated name").isEqualTo(SKIP);
        assertThat(matcher.offer(0, "studentid", true))
                .as("the exact spelling after another")
                .isEqualTo(REPLACE);
        assertThat(matcher.offer(0, "StudentId", false)).isEqualTo(SKIP);
        assertThat(matcher.spelling(0)).isEqualTo("studentid");
        assertThat(matcher.isAmbiguous(0)).isFalse();
        assertThat(matcher.matched(1)).isFalse();
        assertThat(matcher.offer(1, "n", true)).isEqualTo(READ);
        assertThat(matcher.offer(1, "n", true)).isEqualTo(SKIP);
    }

    @Test
    void twoOtherSpellingsAreAmbiguousUntilTheExactOneComes() {
        FieldNameMatcher matcher = new FieldNameMatcher(1);
        matcher.reset();
        assertThat(matcher.offer(0, "studentID", false)).isEqualTo(READ);
        assertThat(matcher.offer(0, "StudentId", false)).isEqualTo(SKIP);
        assertThat(matcher.isAmbiguous(0)).isTrue();
        assertThat(matcher.rivalSpellings(0)).containsExactly("studentID", "StudentId");
        assertThat(matcher.ambiguousCount()).isEqualTo(1);
        assertThat(matcher.ambiguousTarget(0)).isEqualTo(0);
        assertThat(matcher.offer(0, "STUDENTID", false)).isEqualTo(SKIP);
        assertThat(matcher.ambiguousCount()).isEqualTo(1);
        assertThat(matcher.offer(0, "studentid", true)).isEqualTo(REPLACE);
        assertThat(matcher.isAmbiguous(0)).isFalse();
        assertThatThrownBy(() -> matcher.rivalSpellings(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void resetStartsTheNextRecordAndForgetStartsATargetAgain() {
        FieldNameMatcher matcher = new FieldNameMatcher(1);
        matcher.reset();
        matcher.offer(0, "a", false);
        matcher.offer(0, "A", false);
        matcher.reset();
        assertThat(matcher.matched(0)).isFalse();
        assertThat(matcher.isAmbiguous(0)).isFalse();
        assertThat(matcher.ambiguousCount()).isZero();
        assertThat(matcher.offer(0, "A", false)).isEqualTo(READ);
        matcher.forget(0);
        assertThat(matcher.matched(0)).isFalse();
        assertThat(matcher.offer(0, "a", false)).isEqualTo(READ);
    }
}
