package org.fabricsim.runtime.calibration;

import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;

/** An 8×H100 NVSwitch node (the standard catalog's DGX_H100 figures) and a ring all-reduce benchmark on it. */
final class CalibrationFixtures {
    /** H100_SXM: 989 TFLOPS BF16, 450 GB/s NVLink4, no measured scale-up efficiency of its own. */
    static final AcceleratorSpec H100 = new AcceleratorSpec("t.H100", "NVIDIA", 989e12, 1979e12, 81_559L << 20,
            3.35e12, 0.803, 450e9);
    static final FabricSpec NVLINK4 = new FabricSpec("t.NVLink4", "NVIDIA", FabricSpec.FabricScope.SCALE_UP, false,
            "NVIDIA", 25e9, 0, true, FabricSpec.CongestionControl.NONE, false, false, true,
            FabricSpec.DEFAULT_FLOWS_PER_PEER);
    static final ClusterSpec DGX = new ClusterSpec("t.Dgx", new NodeSpec("t.DgxH100", H100, 8,
            new ScaleUpSpec(NVLINK4, ScaleUpSpec.Kind.SWITCHED, 8, 450e9, true), null, 0, false), 1, null, 0, null,
            null);
    /** Ring all-reduce over the node's 8 GPUs, one channel, as nccl-tests' all_reduce_perf with NCCL_ALGO=Ring. */
    static final CollectiveBenchmarkSpec RING = new CollectiveBenchmarkSpec("t.Ring8", DGX, 1,
            CollectiveOperation.ALL_REDUCE, Algorithm.RING, 1, List.of(1L << 20));

    private CalibrationFixtures() {
    }
}
