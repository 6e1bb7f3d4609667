package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The prefill→decode KV-cache handoff as flows on the network model, against closed forms. */
class KvTransferTest {
    /** 4096 prompt tokens × Llama 3 8B FP8 KV (2 · 32 layers · 8 heads · 128 · 1 B = 64 KiB). */
    private static final double KV_BYTES = 4096.0 * 65536;
    /** NVLink4 450 GB/s × the engine's 81.6% (Calibration.DEFAULT.nvlinkEfficiency(), NCCL ring on 8 x H200). */
    private static final double NVLINK_BYTES_PER_SECOND = 450e9 * 0.816;
    /** ConnectX-7 400 Gb/s = 50 GB/s × the engine's 96% (Calibration.DEFAULT.nicEfficiency()). */
    private static final double NIC_BYTES_PER_SECOND = 50e9 * 0.96;
    /** Up to and down from the NVSwitch: 2 × 100 ns (NVLINK4 fixture). */
    private static final double NVLINK_PATH_SECONDS = 200e-9;
    /**
     * NIC up and NIC down under one leaf: each NIC cable a link of the fabric, 1 µs (CX7 fixture) + 500 ns (RoCE400
     * fixture), and the leaf's 600 ns (SN5600 fixture) on the cable it sends down: 2 × 1.5 µs + 0.6 µs = 3.6 µs.
     */
    private static final double NIC_PATH_SECONDS = 2 * (1e-6 + 500e-9) + 600e-9;

    @Test
    void shouldMoveTheCacheOverNvlinkInsideANode() {
        double expected = KV_BYTES / NVLINK_BYTES_PER_SECOND + NVLINK_PATH_SECONDS; // ≈ 678.1 µs
        Map<String, Double> kv = kvSeconds(run(disaggregated(ServingFixtures.dgxH100(1, 0), 1, 1, 1, 1, false)));
        assertEquals(expected, kv.get("p50"), 1e-9);
    }

    @Test
    void shouldSplitTheCacheOverEveryNicBetweenNodes() {
        // TP8 → TP8 on two nodes: 8 flows of 1/8, GPU i's NIC to GPU 8+i's NIC
        // 2^28 B / 8 / 48 GB/s = 699.0507 µs, + 3.6 µs of path = 702.6507 µs, to the picosecond
        double expected = KV_BYTES / 8 / NIC_BYTES_PER_SECOND + NIC_PATH_SECONDS;
        Map<String, Double> kv = kvSeconds(run(disaggregated(ServingFixtures.dgxH100(2, 0), 8, 8, 1, 1, false)));
        assertEquals(expected, kv.get("p50"), 1e-12);
    }

    @Test
    void shouldSplitTheCacheOverEveryDataCentreNicWhenTheTransferRunsOverTheDataCentreNetwork() {
        // The same TP8 → TP8 handoff placed on a data-centre network of 100 Gb/s per accelerator (12.5 GB/s × the
        // engine's 96% NIC efficiency, RoCE400 stating none): 8 flows of 1/8, each a quarter of the scale-out's rate,
        // plus NIC up and down at RoCE400's 500 ns each (within the 1e-3 tolerance either way).
        double expected = KV_BYTES / 8 / (12.5e9 * 0.96) + 2 * 500e-9; // ≈ 2,797.6 µs
        SwitchSpec dcnSwitch = new SwitchSpec("t.Dcn", "generic", 64, 12.5e9, 0, 0, false, false);
        ClusterSpec cluster = ServingFixtures.dgxH100(2, 0).withDataCentre(new DataCentreSpec(new ScaleOutSpec(
                ServingFixtures.ROCE400, new TopologySpec.SingleSwitch(dcnSwitch), ScaleOutSpec.Routing.ECMP), 12.5e9));
        InferenceSpec scaleOut = disaggregated(cluster, 8, 8, 1, 1, false);
        InferenceSpec overDataCentre = new InferenceSpec(scaleOut.name(), scaleOut.model(), cluster,
                scaleOut.precision(), scaleOut.kvCachePrecision(), scaleOut.pools(), scaleOut.traffic(), scaleOut.slos(),
                false, NetworkPlacement.DATA_CENTRE, scaleOut.fp8Scaling());
        assertEquals(expected, kvSeconds(run(overDataCentre)).get("p50"), 1e-3 * expected);
        double backEnd = KV_BYTES / 8 / NIC_BYTES_PER_SECOND + NIC_PATH_SECONDS; // the scale-out's 702.6507 µs
        assertEquals(backEnd, kvSeconds(run(scaleOut)).get("p50"), 1e-12);
    }

    @Test
    void shouldShareTheSendersLinkBetweenTwoConcurrentTransfers() {
        // two prompts finish in one prefill iteration and leave GPU 0 together for two decode replicas
        double expected = 2 * KV_BYTES / NVLINK_BYTES_PER_SECOND + NVLINK_PATH_SECONDS; // ≈ 1355.9 µs
        RunResult result = run(disaggregated(ServingFixtures.dgxH100(1, 0), 1, 1, 2, 2, false));
        Map<String, Double> kv = kvSeconds(result);
        assertEquals(expected, kv.get("p50"), 1e-9);
        assertEquals(expected, kv.get("p99"), 1e-9);
    }

    @Test
    void shouldHideAllButTheLastLayerWhenStreamingLayerByLayer() {
        // the flows start with the prefill iteration and end long before it; only 1/32 of the transfer remains
        double expected = KV_BYTES / NVLINK_BYTES_PER_SECOND / 32 + NVLINK_PATH_SECONDS; // ≈ 21.4 µs
        Map<String, Double> kv = kvSeconds(run(disaggregated(ServingFixtures.dgxH100(1, 0), 1, 1, 1, 1, true)));
        assertEquals(expected, kv.get("p50"), 1e-8);
    }

    @Test
    void shouldDelayTheSecondTokenByTheTransfer() {
        RunResult bulk = run(disaggregated(ServingFixtures.dgxH100(1, 0), 1, 1, 1, 1, false));
        RunResult streamed = run(disaggregated(ServingFixtures.dgxH100(1, 0), 1, 1, 1, 1, true));
        double bulkE2e = ServingLatencyTest.summary(bulk, "e2eSeconds").get("p50");
        double streamedE2e = ServingLatencyTest.summary(streamed, "e2eSeconds").get("p50");
        double saved = kvSeconds(bulk).get("p50") - kvSeconds(streamed).get("p50");
        assertEquals(saved, bulkE2e - streamedE2e, 1e-9, "end-to-end latency gains exactly the hidden transfer");
        assertTrue(((Number) bulk.metrics().get("kvTransferBytes")).doubleValue() == KV_BYTES);
    }

    @Test
    void shouldRouteAnArrivalAwayFromAPrefillReplicaStreamingItsLastIteration(@TempDir Path dir) throws IOException {
        // Two TP1 prefill replicas; request 0 arrives at 0 on replica 0, whose one iteration computes its whole
        // 4096-token prompt in T (71.97 ms here); request 1 arrives 0.1 ms later, while replica 0 is busy. Replica 1
        // is idle, so each request's TTFT is T, a lone request's TTFT, in both modes. Streaming layer-by-layer starts
        // the transfer with that iteration; had it taken request 0 off replica 0's count then, the replicas would tie
        // at 0 and request 1 would wait behind the batch: TTFT 2T - 0.1 ms (143.84 ms, the figure before the fix).
        Path trace = Files.writeString(dir.resolve("requests.csv"), "0, 4096, 8\n0.0001, 4096, 8\n");
        Path lone = Files.writeString(dir.resolve("lone.csv"), "0, 4096, 8\n");
        double t = ttftP99Seconds(twoPrefillReplicas(lone, false), dir);
        double bulk = ttftP99Seconds(twoPrefillReplicas(trace, false), dir);
        double streamed = ttftP99Seconds(twoPrefillReplicas(trace, true), dir);
        assertEquals(t, bulk, 1e-12);
        assertEquals(t, streamed, 1e-12, "layer-by-layer TTFT " + streamed + " s, bulk " + bulk + " s");
    }

    private static InferenceSpec twoPrefillReplicas(Path trace, boolean layerByLayer) {
        return new InferenceSpec("t.Disaggregated", ServingFixtures.LLAMA3_8B, ServingFixtures.dgxH100(1, 0),
                Precision.FP8, List.of(ServingFixtures.pool(Role.PREFILL, 2, ServingFixtures.tensor(1), 8192, 256, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(1), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.Trace(trace.getFileName().toString()), 4096, 8, 0), List.of(),
                layerByLayer);
    }

    private static double ttftP99Seconds(InferenceSpec spec, Path dir) {
        return ServingLatencyTest.summary(InferenceRunner.run(spec, 1, dir), "ttftSeconds").get("p99");
    }

    private static InferenceSpec disaggregated(ClusterSpec cluster, int prefillTp, int decodeTp, int decodeReplicas,
            int requests, boolean layerByLayer) {
        return new InferenceSpec("t.Disaggregated", ServingFixtures.LLAMA3_8B, cluster, Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(prefillTp), 8192, 256, 0),
                        ServingFixtures.pool(Role.DECODE, decodeReplicas, ServingFixtures.tensor(decodeTp), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 4096, 8, requests), List.of(), layerByLayer);
    }

    private static RunResult run(InferenceSpec spec) {
        return InferenceRunner.run(spec);
    }

    private static Map<String, Double> kvSeconds(RunResult result) {
        return ServingLatencyTest.summary(result, "kvTransferSeconds");
    }
}
