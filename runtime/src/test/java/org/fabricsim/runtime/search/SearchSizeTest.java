package org.fabricsim.runtime.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The configurations a search's stated axes span per base job, as the runtime and the editor count them. */
class SearchSizeTest {

    @Test
    void shouldMultiplyATrainingSearchsAxesOnce() {
        // one pool-less job: 40 tensor × 40 pipeline × 3 sharding = 4,800
        assertEquals(4_800L, SearchSize.perBase(List.of(""), Map.of("tensor", 40, "pipeline", 40, "sharding", 3)));
    }

    @Test
    void shouldMultiplyAnAxisWithoutARoleOncePerPoolItSets() {
        // prefill: 'replicas' (4) and 'tensor' (2); decode: 'decode replicas' (3) replaces 'replicas', and 'tensor'
        // (2): 4 × 2 × 3 × 2 = 48
        assertEquals(48L, SearchSize.perBase(List.of("prefill", "decode"),
                Map.of("replicas", 4, "decode replicas", 3, "tensor", 2)));
    }

    @Test
    void shouldSaturateInsteadOfOverflowing() {
        // 40^12 ≈ 1.7 × 10^19 > 2^63 − 1
        Map<String, Integer> axes = Map.ofEntries(Map.entry("a", 40), Map.entry("b", 40), Map.entry("c", 40),
                Map.entry("d", 40), Map.entry("e", 40), Map.entry("f", 40), Map.entry("g", 40), Map.entry("h", 40),
                Map.entry("i", 40), Map.entry("j", 40), Map.entry("k", 40), Map.entry("l", 40));
        assertEquals(Long.MAX_VALUE, SearchSize.perBase(List.of(""), axes));
    }
}
