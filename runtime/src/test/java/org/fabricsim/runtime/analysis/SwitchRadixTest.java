package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class SwitchRadixTest {

    @Test
    void shouldHoldHalfTheRadixSquaredInTwoNonBlockingTiers() {
        // k = 64: 64² / 2 = 2,048 (Al-Fares et al. 2008, 2-tier leaf-spine)
        assertEquals(2048, SwitchRadix.capacity(64, 2));
    }

    @Test
    void shouldHoldAQuarterOfTheRadixCubedInThreeNonBlockingTiers() {
        // k = 64: 64³ / 4 = 65,536 (Al-Fares et al. 2008, §3)
        assertEquals(65_536, SwitchRadix.capacity(64, 3));
    }

    @Test
    void shouldHoldMoreEndpointsWhenTheLeafIsOversubscribed() {
        // 7:1 on 64 ports: 56 down, 8 up; 64 leaves under the spines: 64 × 56 = 3,584
        assertEquals(3584, SwitchRadix.capacity(64, 2, List.of(7.0)));
    }

    @Test
    void shouldAskForAThirdTierBeyondTwoTiersCapacity() {
        // 6,144 endpoints > 2,048 (2 tiers of 64) but ≤ 65,536 (3 tiers)
        assertEquals(3, SwitchRadix.tiersNeeded(64, 6144));
        assertEquals(2, SwitchRadix.tiersNeeded(64, 2048));
    }

    @Test
    void shouldFindTheSmallestEvenRadixThatFits() {
        // k²/2 ≥ 6,144 ⇔ k ≥ 110.9 → 112 (110²/2 = 6,050 is short)
        assertEquals(112, SwitchRadix.radixNeeded(2, 6144));
    }
}
