package org.fabricsim.runtime.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.TestClusters;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.Harness;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A benchmark placed on one of its cluster's networks ({@code over data-centre}) runs on that network's
 * links: two nodes of one accelerator, a 100 GB/s NIC each into one back-end switch, and a data-centre
 * network of one switch reached by a 25 GB/s data-centre NIC share per accelerator.
 */
class BenchmarkOverNetworkTest {
    private static final long GIB = 1L << 30;
    private static final double BACK_END_BYTES_PER_SECOND = 100e9;
    private static final double DATA_CENTRE_BYTES_PER_SECOND = 25e9;

    private static ClusterSpec twoNodes() {
        FabricSpec dcn = new FabricSpec("t.Dcn", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "",
                DATA_CENTRE_BYTES_PER_SECOND, 500_000L, true, FabricSpec.CongestionControl.NONE, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER);
        SwitchSpec dcnSwitch = new SwitchSpec("t.DcnSwitch", "generic", 64, DATA_CENTRE_BYTES_PER_SECOND, 0, 0, false,
                false);
        return TestClusters.singleSwitch(2, 1, BACK_END_BYTES_PER_SECOND, 500_000L).withDataCentre(new DataCentreSpec(
                new ScaleOutSpec(dcn, new TopologySpec.SingleSwitch(dcnSwitch), ScaleOutSpec.Routing.ECMP),
                DATA_CENTRE_BYTES_PER_SECOND));
    }

    private static CollectiveBenchmarkSpec ringAllReduce(ClusterSpec cluster, NetworkPlacement over) {
        return new CollectiveBenchmarkSpec("t.B", cluster, 2, 0, CollectiveOperation.ALL_REDUCE, Algorithm.RING,
                Protocol.SIMPLE, 1, List.of(GIB), List.of(), Harness.IDEAL, NetworkKind.MAX_MIN, over);
    }

    private static double seconds(RunResult run) {
        return (Double) ((Map<?, ?>) ((List<?>) run.metrics().get("rows")).get(0)).get("timeSeconds");
    }

    @Test
    void shouldRunABenchmarkOverTheDataCentreNetworkAtItsNicRate() {
        // A ring all-reduce of n = 2 ranks sends 2(n − 1)/n · S = S each way over the pair's path, no step
        // overheads with the ideal harness. Both networks' links are derated by the default NIC efficiency
        // eta (0.96, neither fabric states its own): S / (100 GB/s · eta) = 11.2 ms on the back end,
        // S / (25 GB/s · eta) = 44.7 ms over the data-centre NICs, so the named network adds
        // 3 S / (100 GB/s · eta) = 33.6 ms. Latency: 2 steps of 2 hops of 0.5 us, under 0.1 % of either.
        double eta = Calibration.DEFAULT.nicEfficiency();
        RunResult backEnd = new Simulator().run(ringAllReduce(twoNodes(), NetworkPlacement.SCALE_OUT));
        RunResult dataCentre = new Simulator().run(ringAllReduce(twoNodes(), NetworkPlacement.DATA_CENTRE));

        double expectedBackEnd = GIB / (BACK_END_BYTES_PER_SECOND * eta);
        double expectedAdded = 3 * GIB / (BACK_END_BYTES_PER_SECOND * eta);
        assertEquals(expectedBackEnd, seconds(backEnd), 0.005 * expectedBackEnd);
        assertEquals(expectedAdded, seconds(dataCentre) - seconds(backEnd), 0.005 * expectedAdded);
        assertEquals("data-centre", dataCentre.parameters().get("over"));
        assertEquals("scale-out", backEnd.parameters().get("over"));
    }

    @Test
    void shouldRefuseABenchmarkOverADataCentreNetworkTheClusterDoesNotHave() {
        ClusterSpec backEndOnly = TestClusters.singleSwitch(2, 1, BACK_END_BYTES_PER_SECOND, 500_000L);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ringAllReduce(backEndOnly, NetworkPlacement.DATA_CENTRE));
        assertEquals("benchmark t.B runs over a data-centre network, but cluster t.C has none", refused.getMessage());
    }
}
