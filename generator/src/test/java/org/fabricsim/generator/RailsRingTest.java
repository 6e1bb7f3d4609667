package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rails keep same-rail traffic on its rail's leaf, and a ring's network hops are same-rail: channel c leaves each
 * node from local rank c mod 8 for local rank c mod 8 of the next (NCCL's PXN). Eight nodes of 8 x H100 ({@link
 * Models#ringOverNodes}: 450 GB/s scale-up with 2 × 1 us per hop, a 50 GB/s NIC per GPU, 64-port switches, 1 us
 * per link of the fabric, NIC cables included), S = 1 GiB over n = 64 ranks, C = 16 channels (2 × 8 NICs): 126
 * steps; each NIC carries C/8 = 2 chunks of S/(n·C), S/512 = 2,097,152 B, at 50 GB/s: 41,943,040 ps, plus 2 × 1 us
 * of NIC cables, 43,943,040 ps a step, while each GPU's scale-up link carries S/64 in 37,282,702 ps + 2 us and ends
 * first.
 */
class RailsRingTest {
    private static final String RAILS = "rail-optimized { switch Box rails 8 tiers 2 }";
    /** Each of the 126 ring steps ends on a whole picosecond. */
    private static final double STEP_ROUNDING_SECONDS = 126e-12;

    /**
     * On rails every network hop is NIC → rail leaf → NIC, as on one switch: 126 × 43,943,040 = 5,536,823,040 ps
     * in both. A two-tier tree of the same switches without rails puts 32 NICs, four nodes, under a leaf, so the
     * edges node 3 → 4 and 7 → 0 cross a spine, two fabric links more: 126 × 45,943,040 = 5,788,823,040 ps, 252 us
     * more.
     */
    @Test
    void shouldRunAPxnRingOnItsRailLeavesAsOnOneSwitchAndFasterThanAcrossASpine(@TempDir Path dir)
            throws IOException {
        double rails = seconds(dir, RAILS);
        assertEquals(126 * 43_943_040L * 1e-12, rails, STEP_ROUNDING_SECONDS);
        assertEquals(rails, seconds(dir, "single-switch { switch Box }"));
        assertEquals(126 * 45_943_040L * 1e-12, seconds(dir, "fat-tree { switch Box tiers 2 }"),
                STEP_ROUNDING_SECONDS);
    }

    private static double seconds(Path dir, String topology) throws IOException {
        Path file = dir.resolve(("ring-" + topology).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOverNodes(8, topology));
    }
}
