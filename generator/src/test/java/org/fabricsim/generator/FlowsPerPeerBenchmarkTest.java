package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collective benchmark spreads each channel's transfer to a rank in another node over the fabric's {@code
 * flows-per-peer} (⌈F / channels⌉ queue pairs per channel, each hashed onto its own path), as the training model
 * spreads its ring steps. The case: a 1 GiB ring all-reduce with an ideal harness (two channels) over eight hosts
 * ({@link Models#ringOfHosts}), four under each leaf of a two-tier tree of 8-port switches, so each leaf has four
 * uplinks, one to each spine. Per step the ring edge 3 → 4 carries S/8 = 134,217,728 B across the spines (and 7 → 0
 * as much the other way, on other links); 2(n − 1) = 14 steps.
 */
class FlowsPerPeerBenchmarkTest {
    private static final String TWO_TIERS = "fat-tree { switch Box tiers 2 }";
    private static final double EDGE_BYTES = (1L << 30) / 8.0;
    private static final int STEPS = 14;
    /** Two NIC cables and two fabric links of 1 us and the ring step's rounding, per step. */
    private static final double LATENCY_SECONDS = 4e-6 + 1e-12;

    /**
     * Fabric links of 100 Gb/s (12.5 GB/s) under 400 Gb/s NICs: the edge's bytes can climb only as fast as the
     * uplinks its flows hash onto. With one flow per peer each channel is one flow, so at most two of the four
     * uplinks carry the edge: a step takes at least S/8 / (2 × 12.5 GB/s) = 5.369 ms. With 128 flows per peer, 64
     * queue pairs per channel spread over all four uplinks: the bound is S/8 / (4 × 12.5 GB/s) = 2.684 ms, and 128
     * hashed flows put at most 1.3 times their fair share on the busiest uplink (about 32 ± 5 of 128 per uplink).
     */
    @Test
    void shouldClimbOverMoreUplinksWithMoreFlowsPerPeer(@TempDir Path dir) throws IOException {
        double oneFlow = seconds(dir, "link 100 Gb/s latency 1 us flows-per-peer 1", TWO_TIERS);
        double manyFlows = seconds(dir, "link 100 Gb/s latency 1 us flows-per-peer 128", TWO_TIERS);
        double twoUplinksSeconds = EDGE_BYTES / (2 * 12.5e9);
        double fourUplinksSeconds = EDGE_BYTES / (4 * 12.5e9);
        assertTrue(oneFlow >= STEPS * twoUplinksSeconds, oneFlow + " s");
        assertTrue(manyFlows >= STEPS * fourUplinksSeconds, manyFlows + " s");
        assertTrue(manyFlows <= STEPS * (1.3 * fourUplinksSeconds + LATENCY_SECONDS), manyFlows + " s");
    }

    /**
     * Where no hash decides the time the count must change nothing: on one switch every route is NIC, switch,
     * NIC (14 steps of S/8 at 50 GB/s plus two cables of 1 us); on the tree with 400 Gb/s fabric links an uplink
     * keeps up with a NIC, so however the edge's flows hash, the sending NIC binds (S/8 / 50 GB/s plus two cables
     * and two fabric links, 4 us, a step). To the picosecond of each step.
     */
    @Test
    void shouldLeaveTheRingAloneWhateverTheFlowsPerPeerWhereNoHashBindsIt(@TempDir Path dir) throws IOException {
        double oneSwitch = seconds(dir, "link 400 Gb/s latency 1 us flows-per-peer 1", "single-switch");
        assertEquals(STEPS * (EDGE_BYTES / 50e9 + 2e-6), oneSwitch, STEPS * 1e-12);
        assertEquals(oneSwitch, seconds(dir, "link 400 Gb/s latency 1 us flows-per-peer 128", "single-switch"),
                STEPS * 1e-12);
        double tree = seconds(dir, "link 400 Gb/s latency 1 us flows-per-peer 1", TWO_TIERS);
        assertEquals(STEPS * (EDGE_BYTES / 50e9 + 4e-6), tree, STEPS * 1e-12);
        assertEquals(tree, seconds(dir, "link 400 Gb/s latency 1 us flows-per-peer 128", TWO_TIERS), STEPS * 1e-12);
    }

    private static double seconds(Path dir, String fabric, String topology) throws IOException {
        Path file = dir.resolve(("ring-" + fabric + topology).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOfHosts(fabric, topology, 8, ""));
    }
}
