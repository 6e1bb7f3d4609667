package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.junit.jupiter.api.Test;

class ClusterTopologiesTest {
    private static final FabricSpec NVLINK = new FabricSpec("t.NVLink", "generic", FabricSpec.FabricScope.SCALE_UP,
            false, "", 25e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, true);

    private static double scaleUpRate(double measuredEfficiency) {
        AcceleratorSpec gpu = new AcceleratorSpec("t.G", "generic", 989e12, 0, 80L << 30, 3.35e12, 0.803, 0, 200e9,
                measuredEfficiency);
        NodeSpec node = new NodeSpec("t.Node", gpu, 8,
                new ScaleUpSpec(NVLINK, ScaleUpSpec.Kind.SWITCHED, 8, 200e9, false), null, 0, false);
        ClusterTopology topology = ClusterTopologies.build(new ClusterSpec("t.C", node, 1, null, 0, null, null));
        return topology.graph().linkBytesPerSecond(topology.scaleUpUplink(0));
    }

    @Test
    void shouldDerateTheScaleUpLinkByThePartsMeasuredEfficiency() {
        // H800-like: 8 x 25 GB/s = 200 GB/s per direction, 80% measured (160 GB/s, DeepSeek-V3 §3.2.2).
        assertEquals(160e9, scaleUpRate(0.80), 1e-3);
    }

    @Test
    void shouldUseTheEnginesDefaultWhenThePartHasNoMeasurement() {
        // 200 GB/s x the H200 pairwise measurement, 396 / 450 = 0.88.
        assertEquals(200e9 * Calibration.NVLINK_EFFICIENCY, scaleUpRate(0), 1e-3);
        assertEquals(176e9, scaleUpRate(0), 1e-3);
    }
}
