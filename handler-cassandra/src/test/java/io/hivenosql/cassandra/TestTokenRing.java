package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TokenRing.MAX_TOKEN;
import static io.hivenosql.cassandra.TokenRing.MIN_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestTokenRing {
    @Test
    void unwrapsTheWrapAroundRange() {
        assertThat(TokenRing.unwrap(100, -100))
                .containsExactly(new TokenRange(100, MAX_TOKEN), new TokenRange(MIN_TOKEN, -100));
        assertThat(TokenRing.unwrap(-100, 100)).containsExactly(new TokenRange(-100, 100));
        // one token: the whole ring
        assertThat(TokenRing.unwrap(42, 42))
                .containsExactly(new TokenRange(42, MAX_TOKEN), new TokenRange(MIN_TOKEN, 42));
        assertThat(TokenRing.unwrap(MIN_TOKEN, MIN_TOKEN)).containsExactly(new TokenRange(MIN_TOKEN, MAX_TOKEN));
        assertThat(TokenRing.unwrap(MAX_TOKEN, 0)).containsExactly(new TokenRange(MIN_TOKEN, 0));
    }

    @Test
    void cutsRangesIntoEqualParts() {
        List<TokenRange> parts = TokenRing.cut(new TokenRange(MIN_TOKEN, MAX_TOKEN), 4);

        assertThat(parts).hasSize(4);
        assertThat(parts.get(0)).isEqualTo(new TokenRange(MIN_TOKEN, MIN_TOKEN + (1L << 62) - 1));
        assertThat(TokenRing.cut(new TokenRange(0, 3), 10)).hasSize(3);
    }

    @Test
    void detectsGapsAndOverlaps() {
        assertThatThrownBy(() ->
                        TokenRing.checkCovers(List.of(new TokenRange(MIN_TOKEN, 0), new TokenRange(1, MAX_TOKEN))))
                .hasMessageContaining("gap at token 0");
        assertThatThrownBy(() ->
                        TokenRing.checkCovers(List.of(new TokenRange(MIN_TOKEN, 5), new TokenRange(0, MAX_TOKEN))))
                .hasMessageContaining("overlap");
    }

    @Test
    void measuresRingRangesThatMayWrap() {
        assertThat(TokenRing.width(-100, 100)).isEqualTo(200.0);
        assertThat(TokenRing.width(100, -100)).isEqualTo(TokenRing.RING_WIDTH - 200);
        // one token: the whole ring
        assertThat(TokenRing.width(7, 7)).isEqualTo(TokenRing.RING_WIDTH);
        assertThat(TokenRing.width(MIN_TOKEN, MAX_TOKEN)).isEqualTo(TokenRing.RING_WIDTH);
    }

    @Test
    void findsTheTokenAtAFractionExactly() {
        TokenRange hundred = new TokenRange(0, 100);
        assertThat(TokenRing.tokenAt(hundred, 0.25)).isEqualTo(25);
        // the fraction is clamped to the range
        assertThat(TokenRing.tokenAt(hundred, 1.5)).isEqualTo(100);
        assertThat(TokenRing.tokenAt(hundred, -0.5)).isEqualTo(0);
        // half of (MIN, MAX], 2^64 - 1 tokens, rounded down: no double rounding
        assertThat(TokenRing.tokenAt(new TokenRange(MIN_TOKEN, MAX_TOKEN), 0.5)).isEqualTo(-1);
    }
}
