package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * NVLink SHARP across a rack-scale domain (NVL72): the NVLink switches reduce for all 72 GPUs of
 * the rack, NCCL's NVLS at Blackwell's efficiency 0.74 (NCCL 2.30.7 {@code nvlsEfficiency}), on
 * NVLink5 links of 900 GB/s without latency or step overheads.
 */
class RackScaleNvlsTest {
    private static final long S = 1L << 34;

    @Test
    void shouldReduceAllSeventyTwoGpusInTheSwitchesAtTheClosedForm() {
        // Each GPU sends and receives S + S/72 at 0.74 of 900 GB/s: 2^34 * 73/72 / 0.74 / 900e9 s =
        // 26,153,871,589 ps. NCCL's NVLS pipeline (24 channels on Blackwell, one head per GPU, 128 KiB
        // chunks at this size) runs ceil((2^34 / 24) / (72 * 128 KiB)) = 76 loops, filling and draining
        // in 2 more: times 1 + 2/76, 26,842,131,368 ps.
        ClusterTopology nvl72 = ClusterTopology.build(ClusterParameters.singleDomain(
                ScaleUpParameters.rackScale72(new LinkClass(900e9, 0), true).withInSwitchEfficiency(0.74)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, S, 72)
                .withGeneration(Generation.BLACKWELL);
        CollectiveResult nvls = CollectiveEngine.run(nvl72, request.withAlgorithm(Algorithm.IN_NETWORK));
        assertEquals(26_842_131_368L, nvls.timePs(), 3);
        // A ring moves 2 * 71/72 S per GPU instead of 73/72 S / 0.74: 37.6 ms against 26.8 ms.
        CollectiveResult ring = CollectiveEngine.run(nvl72, request.withAlgorithm(Algorithm.RING));
        assertTrue(ring.timePs() > 1.3 * nvls.timePs(), ring.timePs() + " ps by ring");
    }
}
