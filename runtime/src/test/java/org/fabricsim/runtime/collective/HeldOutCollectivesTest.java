package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.fabricsim.runtime.calibration.MeasuredCsv;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * The held-out published nccl-tests rows (validation/reference/collectives-heldout.csv), predicted as
 * nccl-tests runs them with the default profile, which no fit of it reads: nodes of 8 GPUs on an NVSwitch,
 * the row's NICs per node on one non-blocking switch, NCCL's channel count ({@link NcclChannels}) unless
 * the run fixed it, and the algorithm and protocol the run forced, else NCCL's choice by the tables of the
 * release the row states or its date bounds ({@link NcclRelease}; NCCL 2.30's where it is not known).
 */
class HeldOutCollectivesTest {
    /** Relative error of the time beyond which a row is a miss. */
    private static final double TOLERANCE = 0.15;

    /**
     * Rows outside ±15% of the published time, each a finding (docs/accuracy.md, "Held-out collectives
     * (session 50)" and its session 51 update); the test fails when a row leaves or joins the list.
     * <ul>
     * <li>h100-128node-ring-ll128-1g and -4g: the forced LL128 ring over 1,024 ranks has a size-independent
     * floor near 19 ms (2,046 steps of about 9.4 us). Session 52 found its mechanism, the network proxy
     * posting 8 operations per step from one thread per GPU ({@link NetProxyFloor}: 16.4 ms, −15.4%;
     * NCCL's 1.9 us NVLink and 4.0 us network steps alone gave 10.8 ms, −44.3%); about 1.4 us per step
     * has no source. At 4 GiB the step latencies added to the bytes put the prediction 18% slow, where
     * the ring's single loop lets them overlap the NIC's busy time. LL128's line-level pipelining gives that
     * overlap (session 55: 4 GiB +0.2%), but the same derivation puts a calibrated one-node row 23% off, so it
     * is not adopted.</li>
     * </ul>
     * h100-8node-16m left the list in session 51 (−24.2% → −12.2%): NVLSTree's pipeline now runs the
     * loops of NCCL's NVLS_TREE chunk rule ({@link NvlsPipeline#treeChunkBytes}); it came back in session
     * 53 with the LL128 tree. h100-4vm-1m left it in session 53 (+29.1% → +2.8%): the LL128 tree runs
     * NCCL's chunks, 4 per channel instead of Simple's one ({@link TreePipeline}), and NCCL's tree
     * latencies ({@link NcclTuning#treeLatencyPs}). h100-8node-16m left it again in session 56 (−35.3% →
     * −12.2%): NCCL's estimate caps the LL128 tree on the search graph's 8 channels, not the communicator's 16
     * ({@link NcclChannels#graph}: 241 us), so the tables of NCCL 2.26/2.27 rank NVLSTree (200 us) first.
     */
    private static final List<String> KNOWN_MISSES = List.of("h100-128node-ring-ll128-1g",
            "h100-128node-ring-ll128-4g");

    @Test
    void shouldReportWhichHeldOutCollectiveRowsTheDefaultCalibrationMisses() throws IOException {
        assertEquals(KNOWN_MISSES, misses("Held-out collective rows: published against predicted time (us) and busbw"
                + " (GB/s)", rows("collectives-heldout.csv"), HeldOutCollectivesTest::predict),
                "held-out collective rows outside +-15% of the published time");
    }

    /**
     * Prints each row's published and predicted time and bus bandwidth, and returns the rows whose predicted time
     * is outside {@link #TOLERANCE} of the published one, in the file's order.
     */
    static List<String> misses(String header, List<Map<String, String>> rows,
            Function<Map<String, String>, CollectiveResult> predictor) {
        List<String> misses = new ArrayList<>();
        System.out.println(header);
        for (Map<String, String> row : rows) {
            CollectiveResult result = predictor.apply(row);
            double published = Double.parseDouble(row.get("time_us"));
            double predicted = result.timeSeconds() * 1e6;
            double error = predicted / published - 1;
            System.out.printf(Locale.ROOT, "%-30s %10.1f %10.1f %+7.1f%%   busbw %7.2f %7.2f   %s/%s/%d%n",
                    row.get("case"), published, predicted, 100 * error, Double.parseDouble(row.get("busbw_GBps")),
                    result.busbwGBps(), result.algorithm().label(), result.protocol().label(), result.channels());
            if (Math.abs(error) > TOLERANCE) {
                misses.add(row.get("case"));
            }
        }
        return misses;
    }

    /** The row's run on its cluster. */
    static CollectiveResult predict(Map<String, String> row) {
        if (!"H100_SXM".equals(row.get("gpu")) || !"all-reduce".equals(row.get("collective"))) {
            throw new IllegalArgumentException("only H100 all-reduce rows are modelled here: " + row.get("case"));
        }
        int gpus = Integer.parseInt(row.get("gpus"));
        int nodes = Integer.parseInt(row.get("nodes"));
        int nics = Integer.parseInt(row.get("nics_per_node"));
        LinkClass nic = LinkClass.ofGigabitsPerSecond(Double.parseDouble(row.get("nic_gbps")), 0)
                .derated(Calibration.DEFAULT.nicEfficiency());
        ClusterTopology cluster = ClusterTopology.build(new ClusterParameters(gpus,
                ScaleUpParameters.switched(gpus / nodes, ReferenceClusters.NVLINK4, true), nic,
                FatTreeParameters.singleSwitch(nic)));
        String channels = row.get("channels");
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_REDUCE,
                Long.parseLong(row.get("bytes")), gpus)
                .withAlgorithm("ring".equals(row.get("algorithm")) ? Algorithm.RING : Algorithm.AUTO)
                .withProtocol(protocol(row.get("protocol"))).withGeneration(Generation.HOPPER)
                .withChannels(channels.isEmpty() ? NcclChannels.communicator(Generation.HOPPER, 450e9, nics, nodes)
                        : Integer.parseInt(channels))
                .withStepOverheads(StepOverheads.NCCL).withReuseSymmetricSteps(true)
                .withNcclRelease("2.26".equals(row.get("nccl")) ? NcclRelease.NCCL_2_26 : NcclRelease.NCCL_2_30);
        return CollectiveEngine.run(cluster, request);
    }

    /**
     * The cluster of {@code row} on nodes of {@code node}: one scale-up domain on one node, else the row's nodes with
     * each GPU's share of its node's NICs (nic_gbps × nics_per_node ÷ GPUs per node) on one switch.
     */
    static ClusterTopology cluster(Map<String, String> row, ScaleUpParameters node) {
        int gpus = Integer.parseInt(row.get("gpus"));
        int nodes = Integer.parseInt(row.get("nodes"));
        if (nodes == 1) {
            return ClusterTopology.build(ClusterParameters.singleDomain(node));
        }
        LinkClass nic = LinkClass.ofGigabitsPerSecond(Double.parseDouble(row.get("nic_gbps"))
                * Integer.parseInt(row.get("nics_per_node")) * nodes / gpus, 0)
                .derated(Calibration.DEFAULT.nicEfficiency());
        return ClusterTopology.build(new ClusterParameters(gpus, node, nic, FatTreeParameters.singleSwitch(nic)));
    }

    static Protocol protocol(String label) {
        for (Protocol protocol : Protocol.values()) {
            if (protocol.label().equals(label)) {
                return protocol;
            }
        }
        throw new IllegalArgumentException("unknown protocol " + label);
    }

    /** The rows of {@code file} in validation/reference as column → value. */
    static List<Map<String, String>> rows(String file) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                HeldOutCollectivesTest.class.getResourceAsStream("/reference/" + file), StandardCharsets.UTF_8))) {
            return MeasuredCsv.records(reader);
        }
    }
}
