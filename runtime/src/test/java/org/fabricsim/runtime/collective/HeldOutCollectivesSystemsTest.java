package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * The held-out published nccl-tests rows of other systems and collectives
 * (validation/reference/collectives-heldout-2.csv: A100 nodes alone and over 4x HDR, H100 all-to-all
 * on an NVSwitch, an all-gather over 256 H100, NVLSTree forced on 2 H20 nodes, 2 H100 VMs on
 * GPUDirect-TCPXO), predicted as nccl-tests runs them with the default profile, which no fit of it reads:
 * nodes on an NVSwitch (A100's NVLink3 without reduction; H100's and H20's NVLink4 with it), each GPU with
 * its share of the node's NICs on one non-blocking switch, NCCL's channel count ({@link NcclChannels})
 * unless the run fixed it, the algorithm and protocol the run forced, else NCCL's choice, and the run's GPUs per
 * nccl-tests thread ({@code -g}: a call takes at least that many kernel launches, {@link Calibration#stepOverheads(
 * Harness, int)}).
 */
class HeldOutCollectivesSystemsTest {
    /** NVLink3 (A100): 300 GB/s per GPU per direction, datasheet (hardware.md). */
    private static final double NVLINK3_BYTES_PER_SECOND = 300e9;
    /** NVLink4 (H100): 450 GB/s per GPU per direction, datasheet (hardware.md). */
    private static final double NVLINK4_BYTES_PER_SECOND = 450e9;

    /**
     * Rows outside ±15% of the published time, each a finding (docs/accuracy.md, "Collectives held out, session
     * 62"); the test fails when a row leaves or joins the list.
     * <ul>
     * <li>The one-node A100 rows at 32 KiB to 128 MiB: both sources ran nccl-tests with one process driving the 8
     * GPUs ({@code -g 8}), whose thread launches the 8 ranks' kernels of every call in turn; at 32 KiB the
     * published 42-44 µs fits 8 launches of 5.2-5.5 µs on those hosts, and the engine, with the 8 launches of 4.2 µs
     * measured on a DGX-A100 (nccl-tests #123), gives 33.6 µs (−23.3%, −19.7%; 15.7 µs, the LL ring's own time,
     * before session 63). From 1 to 128 MiB the measured times are 1.2-1.6 times NCCL's own ring estimate and the
     * engine's (no mechanism found in NCCL's code; above 32 MiB both sweeps take a flat 130-270 µs more than their own
     * large-size rate, the form of a cost per ring step that recurs every loop, whose size no source gives:
     * docs/accuracy.md, "One-node A100 all-reduce at mid sizes, session 68").</li>
     * <li>h100-32node-allgather-2g: the published figure is the issue title's round 200 GB/s over a single
     * iteration ({@code -n 1}) on RoCE; the engine's ring gives 304 GB/s, near the 8 NICs' bound.</li>
     * <li>h20-2node-nvlstree-16b: NVLSTree's 25 µs in-switch step plus 2 tree levels of NCCL 2.30.7's 20.9 µs
     * (66.8 µs) against 46.3 µs measured with NCCL 2.21.5, whose table has 14 µs a level (53.0 µs, +14.6%); the
     * run's release in the simulated time would put the 8-node 16 MiB row of {@link HeldOutCollectivesTest} at
     * −23.2%, so it is not adopted.</li>
     * <li>a3mega-2node-16b and -16m: two VMs on GPUDirect-TCPXO, NCCL's network plugin over TCP, whose 123 µs
     * floor (16 B to 512 B) and 977.6 µs at 16 MiB no RDMA latency of NCCL's tables reaches; 8 GiB is within 6%.
     * The plugin declares no latency to NCCL ({@code props.latency = 0}) and no source gives its per-message cost
     * (docs/accuracy.md, "GPUDirect-TCPXO's per-message cost, session 64").</li>
     * </ul>
     */
    private static final List<String> KNOWN_MISSES = List.of("a100-node-32k", "a100-node-1m", "a100-node-8m",
            "a100-node-128m", "azure-a100-node-32k", "azure-a100-node-1m", "azure-a100-node-16m",
            "azure-a100-node-128m", "h100-32node-allgather-2g", "h20-2node-nvlstree-16b", "a3mega-2node-16b",
            "a3mega-2node-16m");

    @Test
    void shouldReportWhichHeldOutRowsOfOtherSystemsTheDefaultCalibrationMisses() throws IOException {
        assertEquals(KNOWN_MISSES, HeldOutCollectivesTest.misses("Held-out collective rows of other systems: published"
                + " against predicted time (us), busbw", HeldOutCollectivesTest.rows("collectives-heldout-2.csv"),
                HeldOutCollectivesSystemsTest::predict), "held-out collective rows outside +-15% of the published time");
    }

    /** The row's run on its cluster. */
    static CollectiveResult predict(Map<String, String> row) {
        boolean ampere = "A100_SXM".equals(row.get("gpu"));
        Generation generation = ampere ? Generation.AMPERE : Generation.HOPPER;
        double nvlinkBytesPerSecond = ampere ? NVLINK3_BYTES_PER_SECOND : NVLINK4_BYTES_PER_SECOND;
        LinkClass nvlink = new LinkClass(nvlinkBytesPerSecond, 0).derated(Calibration.DEFAULT.nvlinkEfficiency());
        int gpus = Integer.parseInt(row.get("gpus"));
        int nodes = Integer.parseInt(row.get("nodes"));
        int nics = Integer.parseInt(row.get("nics_per_node"));
        ScaleUpParameters node = ScaleUpParameters.switched(gpus / nodes, nvlink, !ampere);
        ClusterTopology cluster = HeldOutCollectivesTest.cluster(row, node);
        String channels = row.get("channels");
        CollectiveRequest request = CollectiveRequest.of(operation(row.get("collective")),
                Long.parseLong(row.get("bytes")), gpus)
                .withAlgorithm(Algorithm.valueOf(row.get("algorithm").toUpperCase(Locale.ROOT).replace('-', '_')))
                .withProtocol(HeldOutCollectivesTest.protocol(row.get("protocol"))).withGeneration(generation)
                .withChannels(channels.isEmpty()
                        ? NcclChannels.communicator(generation, nvlinkBytesPerSecond, nics, nodes)
                        : Integer.parseInt(channels))
                .withStepOverheads(Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS,
                        Integer.parseInt(row.get("gpus_per_thread"))))
                .withReuseSymmetricSteps(true)
                .withNcclRelease("2.26".equals(row.get("nccl")) ? NcclRelease.NCCL_2_26 : NcclRelease.NCCL_2_30);
        return CollectiveEngine.run(cluster, request);
    }

    private static CollectiveOperation operation(String label) {
        for (CollectiveOperation operation : CollectiveOperation.values()) {
            if (operation.label().equals(label)) {
                return operation;
            }
        }
        throw new IllegalArgumentException("unknown collective " + label);
    }
}
