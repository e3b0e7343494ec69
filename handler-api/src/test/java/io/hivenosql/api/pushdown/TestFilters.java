package io.hivenosql.api.pushdown;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestFilters {
    private static final Filter K_NOT_NULL = new Filter.Not(new Filter.IsNull("k"));
    private static final Filter K_LISTED = new Filter.In("k", List.of(1L, 2L));

    @Test
    void dropsTheNotNullThatAComparisonOrListOfTheSameColumnImplies() {
        assertThat(Filters.withoutImpliedNotNull(Filter.and(K_NOT_NULL, K_LISTED)))
                .isEqualTo(K_LISTED);
        Filter v = new Filter.Compare("v", CompareOp.GT, 3);
        Filter between = new Filter.Between("k", 1L, 9L);
        assertThat(Filters.withoutImpliedNotNull(Filter.and(v, K_NOT_NULL, between)))
                .isEqualTo(Filter.and(v, between));
        Filter kDiffers = new Filter.Compare("k", CompareOp.NE, 1L);
        assertThat(Filters.withoutImpliedNotNull(Filter.and(K_NOT_NULL, kDiffers)))
                .isEqualTo(kDiffers);
    }

    @Test
    void keepsANotNullNothingElseImplies() {
        Filter onOtherColumn = Filter.and(K_NOT_NULL, new Filter.In("v", List.of("a")));
        assertThat(Filters.withoutImpliedNotNull(onOtherColumn)).isSameAs(onOtherColumn);
        Filter underAnOr = Filter.and(K_NOT_NULL, new Filter.Or(List.of(K_LISTED, new Filter.IsNull("v"))));
        assertThat(Filters.withoutImpliedNotNull(underAnOr)).isSameAs(underAnOr);
        assertThat(Filters.withoutImpliedNotNull(K_NOT_NULL)).isSameAs(K_NOT_NULL);
        Filter isNullAndListed = Filter.and(new Filter.IsNull("k"), K_LISTED);
        assertThat(Filters.withoutImpliedNotNull(isNullAndListed)).isSameAs(isNullAndListed);
    }

    @Test
    void describesALongFilterByItsFirstCharacters() {
        List<Object> keys = new ArrayList<>();
        for (long key = 0; key < 10_000; key++) {
            keys.add(key);
        }
        String text = Filters.describe(new Filter.In("k", keys));

        assertThat(text).startsWith("k IN (0, 1, 2").endsWith(" characters)").contains("... (");
        assertThat(text.length()).isLessThan(Filters.DESCRIBED_CHARS + 40);
        assertThat(Filters.describe(K_LISTED)).isEqualTo("k IN (1, 2)");
    }
}
