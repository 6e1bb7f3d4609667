package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.RingAllReduce;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveAlgorithm;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.CollectiveOp;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class RingAllReduceTest {

    /** Generic accelerators, one NIC port each at {@code bytesPerSecond}, all on one switch. */
    static ClusterSpec singleSwitch(int nodes, int perNode, double bytesPerSecond, long hopLatencyPs) {
        AcceleratorSpec accelerator = new AcceleratorSpec("t.A", "generic", 1e15, 0, 80L << 30, 3e12, 0.8, 0);
        NicSpec nic = new NicSpec("t.N", "generic", 1, bytesPerSecond, bytesPerSecond, 0);
        FabricSpec fabric = new FabricSpec("t.F", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "",
                bytesPerSecond, hopLatencyPs, true, FabricSpec.CongestionControl.NONE, false, false, false);
        SwitchSpec switchSpec = new SwitchSpec("t.S", "generic", nodes * perNode, bytesPerSecond, 0, 0, false, false);
        NodeSpec node = new NodeSpec("t.Node", accelerator, perNode, null, nic, perNode, true);
        return new ClusterSpec("t.C", node, nodes,
                new ScaleOutSpec(fabric, new TopologySpec.SingleSwitch(switchSpec), ScaleOutSpec.Routing.ECMP), 0, null, null);
    }

    @Test
    void shouldMatchTheTextbookClosedFormForEightRanks() {
        // S = 1 GiB = 1,073,741,824 B, n = 8, B = 50e9 B/s (400 Gb/s), alpha = 2 us.
        // T = 2(n-1)/n * S/B + 2(n-1) * alpha
        //   = 1.75 * 0.02147483648 s + 14 * 2e-6 s = 0.03758096384 s + 0.000028 s = 0.03760896384 s.
        long timePs = RingAllReduce.timePs(1L << 30, 8, 50e9, 2_000_000L);
        assertEquals(37_608_963_840L, timePs);
    }

    @Test
    void shouldTakeNoTimeForASingleRank() {
        assertEquals(0, RingAllReduce.timePs(1L << 20, 1, 50e9, 1_000_000L));
    }

    @Test
    void shouldReportBusBandwidthApproachingTheLinkRateForLargeMessages() {
        // 2 nodes x 4 accelerators, 100 GB/s links, 0.5 us per hop => alpha = 1 us per ring step.
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", singleSwitch(2, 4, 100e9, 500_000L), 2,
                CollectiveOp.ALL_REDUCE, CollectiveAlgorithm.RING, 1, List.of(8L << 30, 1024L));
        RunResult run = new Simulator().run(bench);
        List<?> rows = (List<?>) run.metrics().get("rows");
        Map<?, ?> large = (Map<?, ?>) rows.get(0);
        Map<?, ?> small = (Map<?, ?>) rows.get(1);
        // 8 GiB: T = 1.75 * 8*2^30/1e11 + 14e-6 = 0.150323855 + 0.000014 s;
        // busbw = S/T * 1.75 = 1.75 * 8589934592 / 0.150337855 / 1e9 = 99.9906 GB/s.
        assertEquals(99.9906, (Double) large.get("busbwGBps"), 1e-4);
        // 1 KiB: T = 1.75 * 1024/1e11 + 14e-6 = 14.01792e-6 s; busbw = 1.75 * 1024 / T / 1e9 = 0.12784 GB/s.
        assertEquals(0.12784, (Double) small.get("busbwGBps"), 1e-5);
        assertEquals(8, run.parameters().get("accelerators"));
    }

    @Test
    void shouldRefuseWhatItCannotSimulateYetRatherThanGuess() {
        CollectiveBenchmarkSpec bench = new CollectiveBenchmarkSpec("t.B", singleSwitch(1, 8, 100e9, 0), 1,
                CollectiveOp.ALL_TO_ALL, CollectiveAlgorithm.DIRECT, 1, List.of(1024L));
        assertThrows(UnsupportedOperationException.class, () -> new Simulator().run(bench));
    }
}
