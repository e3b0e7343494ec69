package io.hivenosql.bench.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestTokenRanges {
    @Test
    void rangesCoverTheWholeRingEndToEndInEqualWidths() {
        for (int count : new int[] {1, 2, 3, 8, 16, 7 * 8}) {
            List<TokenRanges.Range> ranges = TokenRanges.split(count).ranges();
            assertThat(ranges).hasSize(count);
            assertThat(ranges.get(0).start()).isEqualTo(Long.MIN_VALUE);
            assertThat(ranges.get(count - 1).end()).isEqualTo(Long.MAX_VALUE);
            BigInteger ideal = BigInteger.valueOf(Long.MAX_VALUE)
                    .subtract(BigInteger.valueOf(Long.MIN_VALUE))
                    .divide(BigInteger.valueOf(count));
            for (int i = 0; i < count; i++) {
                TokenRanges.Range range = ranges.get(i);
                if (i > 0) {
                    assertThat(range.start())
                            .as("range %d starts where %d ends", i, i - 1)
                            .isEqualTo(ranges.get(i - 1).end());
                }
                BigInteger width = BigInteger.valueOf(range.end()).subtract(BigInteger.valueOf(range.start()));
                assertThat(width.subtract(ideal).abs())
                        .as("width of range %d of %d", i, count)
                        .isLessThanOrEqualTo(BigInteger.ONE);
            }
        }
    }

    @Test
    void aTokenFallsInExactlyOneRange() {
        List<TokenRanges.Range> ranges = TokenRanges.split(5).ranges();
        for (long token : new long[] {
            Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE, ranges.get(2).end()
        }) {
            assertThat(ranges.stream().filter(r -> token > r.start() && token <= r.end()))
                    .as("token %d", token)
                    .hasSize(1);
        }
    }

    @Test
    void refusesFewerThanOneRange() {
        assertThatThrownBy(() -> TokenRanges.split(0)).hasMessageContaining("at least 1 range");
    }
}
