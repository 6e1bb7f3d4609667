package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * A disaggregated deployment placed on some nodes of a shared cluster: one request's KV cache, TP8
 * prefill to TP8 decode, 8 flows of 1/8 from GPU i of the prefill node to GPU i of the decode node
 * ({@link KvTransferTest}), on 4 DGX H100 under one leaf.
 */
class PlacedServingTest {
    /** 4096 prompt tokens × Llama 3 8B FP8 KV (2 · 32 layers · 8 heads · 128 · 1 B = 64 KiB). */
    private static final double KV_BYTES = 4096.0 * 65536;
    /** ConnectX-7 400 Gb/s = 50 GB/s × the engine's 96% (Calibration.DEFAULT.nicEfficiency()). */
    private static final double NIC_BYTES_PER_SECOND = 50e9 * 0.96;
    /**
     * NIC up and NIC down under one leaf: each NIC cable a link of the fabric, 1 µs (CX7 fixture) + 500 ns (RoCE400
     * fixture), and the leaf's 600 ns (SN5600 fixture) on the cable it sends down: 2 × 1.5 µs + 0.6 µs = 3.6 µs.
     */
    private static final double NIC_PATH_SECONDS = 2 * (1e-6 + 500e-9) + 600e-9;
    private static final ClusterSpec CLUSTER = ServingFixtures.dgxH100(4, 0);

    private static InferenceSpec deployment() {
        return new InferenceSpec("t.Disaggregated", ServingFixtures.LLAMA3_8B, CLUSTER, Precision.FP8,
                List.of(ServingFixtures.pool(Role.PREFILL, 1, ServingFixtures.tensor(8), 8192, 256, 0),
                        ServingFixtures.pool(Role.DECODE, 1, ServingFixtures.tensor(8), 8192, 256, 0)),
                ServingFixtures.fixed(new InferenceSpec.AllAtOnce(), 4096, 8, 1), List.of(), false);
    }

    /** Nodes 3 (prefill) and 1 (decode): the deployment's GPU a on GPU 24 + a, then 8 + (a − 8). */
    private static int[] onNodesThreeAndOne() {
        int[] accelerators = new int[16];
        Arrays.setAll(accelerators, a -> a < 8 ? 24 + a : a);
        return accelerators;
    }

    private static double kvP50(PlacedServing.Run run) {
        return ((Number) ((Map<?, ?>) run.result().metrics().get("kvTransferSeconds")).get("p50")).doubleValue();
    }

    @Test
    void shouldCountTheCacheOnTheNicsOfTheNodesItIsPlacedOn() {
        ClusterTopology topology = ClusterTopologies.build(CLUSTER);
        PlacedServing.Run run = PlacedServing.run(deployment(), topology, onNodesThreeAndOne(),
                CalibrationProfile.defaults(), 1);
        for (int i = 0; i < 8; i++) {
            assertEquals(KV_BYTES / 8, run.linkBytes()[topology.nicUplink(24 + i)], 1e-6, "prefill GPU " + i);
            assertEquals(KV_BYTES / 8, run.linkBytes()[topology.nicDownlink(8 + i)], 1e-6, "decode GPU " + i);
            assertEquals(0, run.linkBytes()[topology.nicUplink(i)], "node 0 holds no job");
        }
        // each of the 8 flows crosses its two NIC links and the leaf: 2 links carry each byte
        assertEquals(2 * KV_BYTES, Arrays.stream(run.linkBytes()).sum(), 1e-3);
    }

    @Test
    void shouldSlowTheCacheByTheShareOfItsLinksTheOtherJobsLeave() {
        ClusterTopology topology = ClusterTopologies.build(CLUSTER);
        double[] half = new double[topology.graph().linkCount()];
        Arrays.fill(half, 0.5);
        double alone = kvP50(PlacedServing.run(deployment(), topology, onNodesThreeAndOne(),
                CalibrationProfile.defaults(), 1));
        double shared = kvP50(PlacedServing.run(deployment(), topology.withLinkRateFactors(half),
                onNodesThreeAndOne(), CalibrationProfile.defaults(), 1));
        // 699.0507 µs + 3.6 µs = 702.6507 µs alone; at half the rate 1,398.1013 µs + 3.6 µs = 1,401.7013 µs
        assertEquals(KV_BYTES / 8 / NIC_BYTES_PER_SECOND + NIC_PATH_SECONDS, alone, 1e-12);
        assertEquals(KV_BYTES / 8 / (NIC_BYTES_PER_SECOND / 2) + NIC_PATH_SECONDS, shared, 1e-12);
    }
}
