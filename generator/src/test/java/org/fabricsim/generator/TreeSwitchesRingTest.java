package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tree's switches decide how many hosts share a leaf and nothing else the ring sees: the radix and the stated
 * leaf count move hosts under one leaf, while the switches' port rate, faster uplinks, the routing and a second
 * (data-centre) network change nothing for a ring whose edges never share a link. Eight hosts ({@link
 * Models#ringOfHosts}), 50 GB/s NICs and fabric links, efficiency 100%, every link of the fabric 1 us (NIC cables
 * too); a ring all-reduce of S = 1 GiB runs 14 steps of S/8 per NIC, 2,684,354,560 ps at 50 GB/s, plus 2 × 1 us of
 * NIC cables, plus 2 × 1 us more where an edge crosses a spine: 14 × 2,688,354,560 = 37,636,963,840 ps across two
 * leaves, 14 × 2,686,354,560 = 37,608,963,840 ps under one.
 */
class TreeSwitchesRingTest {
    private static final String FABRIC = "link 400 Gb/s latency 1 us";
    private static final String EIGHT_PORTS = "fat-tree { switch Box tiers 2 }";
    private static final double ACROSS_TWO_LEAVES_SECONDS = 14 * 2_688_354_560L * 1e-12;
    private static final double UNDER_ONE_LEAF_SECONDS = 14 * 2_686_354_560L * 1e-12;
    /** Each of the 14 ring steps ends on a whole picosecond. */
    private static final double STEP_ROUNDING_SECONDS = 14e-12;

    /** 8 ports hold R/2 = 4 hosts under a leaf, 16 ports all eight: the ring stops crossing the spine, 28 us less. */
    @Test
    void shouldKeepARingOfEightUnderOneLeafOfSixteenPorts(@TempDir Path dir) throws IOException {
        assertEquals(ACROSS_TWO_LEAVES_SECONDS, seconds(dir, EIGHT_PORTS, ""), STEP_ROUNDING_SECONDS);
        assertEquals(UNDER_ONE_LEAF_SECONDS, seconds(dir, "fat-tree { switch Wide tiers 2 }", ""),
                STEP_ROUNDING_SECONDS);
    }

    /**
     * Stating two leaves of 16 ports puts four hosts under each, as 8 ports do: the ring crosses the spine again.
     * Their uplinks at 800 Gb/s (100 GB/s) carry each cross-leaf edge no faster than the 50 GB/s NIC that feeds it.
     */
    @Test
    void shouldSplitTheRingOverTheStatedLeavesAndIgnoreUplinksFasterThanTheNics(@TempDir Path dir)
            throws IOException {
        double twoLeaves = seconds(dir, "fat-tree { switch Wide tiers 2 leaf 2 x Wide spine 4 x Wide }", "");
        assertEquals(ACROSS_TWO_LEAVES_SECONDS, twoLeaves, STEP_ROUNDING_SECONDS);
        assertEquals(twoLeaves,
                seconds(dir, "fat-tree { switch Wide tiers 2 leaf 2 x Wide uplinks 800 Gb/s spine 4 x Wide }", ""));
    }

    /** Four hosts stay under leaf 0 whatever the radix; a switch's port rate sets no link's rate. */
    @Test
    void shouldLeaveTheRingWhateverTheRadixUnderOneLeafAndThePortRate(@TempDir Path dir) throws IOException {
        assertEquals(seconds(dir, EIGHT_PORTS, "nodes 4"), seconds(dir, "fat-tree { switch Wide tiers 2 }", "nodes 4"));
        double box = seconds(dir, "single-switch { switch Box }", "");
        assertEquals(UNDER_ONE_LEAF_SECONDS, box, STEP_ROUNDING_SECONDS);
        assertEquals(box, seconds(dir, "single-switch { switch Fast }", ""));
    }

    /**
     * The two cross-leaf edges, 3 → 4 and 7 → 0, climb from different leaves and land on different leaves, so no
     * two edges share a link: ECMP, adaptive routing and spraying all run them at the NIC's rate.
     */
    @Test
    void shouldRouteAnUncontendedRingAlikeUnderEcmpAdaptiveRoutingAndSpraying(@TempDir Path dir) throws IOException {
        double ecmp = seconds(dir, EIGHT_PORTS, "");
        assertEquals(ACROSS_TWO_LEAVES_SECONDS, ecmp, STEP_ROUNDING_SECONDS);
        assertEquals(ecmp, seconds(dir, "fat-tree { switch Box tiers 2 routing adaptive }", ""));
        assertEquals(ecmp, seconds(dir, "fat-tree { switch Box tiers 2 routing packet-spraying }", ""));
    }

    /** A benchmark over the scale-out network does not touch a data-centre network beside it, however narrow. */
    @Test
    void shouldLeaveARingOverTheScaleOutNetworkWhateverTheDataCentreNetwork(@TempDir Path dir) throws IOException {
        assertEquals(seconds(dir, EIGHT_PORTS, ""),
                seconds(dir, EIGHT_PORTS + " data-centre Eth single-switch nic 6.25 GB/s", ""));
    }

    private static double seconds(Path dir, String topology, String ranks) throws IOException {
        Path file = dir.resolve(("ring-" + topology + ranks).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOfHosts(FABRIC, topology, 8, ranks));
    }
}
