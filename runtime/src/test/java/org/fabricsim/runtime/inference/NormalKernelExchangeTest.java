package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

/**
 * DeepEP's normal kernels in a serving pool's MoE layer: a token crosses to another node once per node
 * holding one of its experts ({@link NormalKernelExchange}), DeepSeek-V3 at EP32 over four DGX H100 nodes
 * with 256 + 32 expert slots (72 per node), FP8 dispatch.
 */
class NormalKernelExchangeTest {
    private static final ClusterSpec FOUR_NODES = ServingFixtures.dgxH100(4, 0);

    private static NormalKernelExchange fit(int slots) {
        return NormalKernelExchange.fit(ClusterTopologies.build(FOUR_NODES, Calibration.DEFAULT), FOUR_NODES,
                Calibration.DEFAULT, 32, ServingFixtures.DEEPSEEK_V3, slots, true);
    }

    @Test
    void shouldSendATokenAcrossOncePerOtherNodeHoldingOneOfItsExperts() {
        // a node misses all 8 of a token's experts with P = (216·215·…·209) ÷ (288·287·…·281) = 0.096855; each of
        // the 3 other nodes receives 1 − P copies: 2.70943 per token, each 7,168 + 224 (FP8 and one FP32 scale per
        // 128 channels) dispatched plus 14,336 (BF16) combined = 21,728 bytes: 58,870.6 bytes per token
        assertEquals(58_870.6, fit(288).crossBytesPerToken(), 0.1);
    }

    @Test
    void shouldCostALongBatchAtTheNicRateOfItsDeduplicatedBytes() {
        // the rail NIC is the bottleneck: 58,870.6 bytes per token at 400 Gb/s × the profile's NIC efficiency 0.96
        // (48 GB/s) = 1.2265 µs per token; the NVLink forwarding inside the node runs beside it
        assertEquals(1.2265e6, fit(288).psPerToken(), 0.03 * 1.2265e6);
    }

    @Test
    void shouldLeaveTheUniformExchangeWhenTheSlotsDoNotSplitOverTheRanks() {
        assertNull(fit(260));
    }
}
