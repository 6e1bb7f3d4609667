package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tree's tiers and its fabric links reach the ring edges that climb them and no others. Hosts ({@link
 * Models#ringOfHosts}) hang four to a leaf of 8-port switches (R/2) when non-blocking, a pod holds R/2 = 4 leaves,
 * and every NIC and fabric link runs at 50 GB/s unless stated, efficiency 100%, every link of the fabric 1 us: each
 * fabric link and each NIC cable (which adds the NIC's own latency, none here).
 * A ring all-reduce of S = 1 GiB over n hosts runs 2(n − 1) steps of S/n per NIC (two channels, one NIC per
 * host); on the non-blocking tree each cross-leaf edge carries its S/n on links no other edge uses, so only the
 * longest route's latency adds to a step. A benchmark on {@code nodes N} runs on the same tree built for its N
 * hosts, the first N of the cluster's.
 */
class FabricTreeRingTest {
    private static final String FABRIC = "link 400 Gb/s latency 1 us";
    private static final String TWO_TIERS = "fat-tree { switch Box tiers 2 }";
    private static final String THREE_TIERS = "fat-tree { switch Box tiers 3 }";
    /** Each ring step ends on a whole picosecond, in either run. */
    private static final double PS = 1e-12;

    /**
     * 32 hosts: eight leaves. On two tiers the edges 3 → 4, 7 → 8, … cross a spine, 2 fabric links; on three tiers
     * 15 → 16 and 31 → 0 leave their pod through a core switch, 4 fabric links; either way up one NIC cable and down
     * another. Each of the 62 steps: S/32 at 50 GB/s = 671,088,640 ps plus 2 + 2 us (two tiers), 41,855,495,680 ps,
     * or plus 4 + 2 us (three), 41,979,495,680 ps: 124 us more.
     */
    @Test
    void shouldPayTwoMoreFabricLinksPerStepWhenARingLeavesItsPod(@TempDir Path dir) throws IOException {
        assertEquals(62 * 675_088_640L * PS, seconds(dir, FABRIC, TWO_TIERS, 32, ""), 62 * PS);
        assertEquals(62 * 677_088_640L * PS, seconds(dir, FABRIC, THREE_TIERS, 32, ""), 62 * PS);
    }

    /**
     * The first four hosts share leaf 0 under any tiers or leaf ratio (3:1 puts ⌊8 · 3/4⌋ = 6 under a leaf), and
     * on one switch: 6 steps of S/4 at 50 GB/s, 5,368,709,120 ps, plus two NIC cables of 1 us, 5,370,709,120 ps each,
     * 32,224,254,720 ps, in every case.
     */
    @Test
    void shouldLeaveARingInsideOneLeafWhateverTheTiersAndTheLeafRatio(@TempDir Path dir) throws IOException {
        double twoTiers = seconds(dir, FABRIC, TWO_TIERS, 8, "nodes 4");
        assertEquals(6 * 5_370_709_120L * PS, twoTiers, 6 * PS);
        assertEquals(twoTiers, seconds(dir, FABRIC, THREE_TIERS, 8, "nodes 4"));
        assertEquals(twoTiers, seconds(dir, FABRIC, "fat-tree { switch Box tiers 2 oversubscription 3:1 }", 8,
                "nodes 4"));
        assertEquals(twoTiers, seconds(dir, FABRIC, "single-switch", 8, "nodes 4"));
    }

    /**
     * With 7:1 at the leaves, ⌊8 · 7/8⌋ = 7 hosts fill seven of a leaf's eight ports and leave it one uplink. A ring
     * over 14 hosts sends the edges 6 → 7 and 13 → 0 over them, each carrying its S/14 = 76,695,844.6 B a step;
     * 26 steps. At 400 Gb/s the uplink keeps up with the NIC: 1,533,916,891.4 ps plus 4 × 1 us (two NIC cables, two
     * fabric links), ending on the next picosecond, 1,537,916,892 ps a step, 39,985,839,192 ps. At 100 Gb/s (12.5
     * GB/s) the uplink takes four times as long, 6,135,667,565.7 ps plus 4 us, 6,139,667,566 ps a step,
     * 159,631,356,716 ps: 3.992 times the 400 Gb/s ring. The seven hosts under one leaf never use it: 12 steps of
     * S/7 at 50 GB/s plus two NIC cables of 1 us, 3,069,833,783 ps each.
     */
    @Test
    void shouldRunTheRingAtTheFabricsLinkRateWhereALeafHasOneUplink(@TempDir Path dir) throws IOException {
        String sevenToOne = "fat-tree { switch Box tiers 2 oversubscription 7:1 }";
        assertEquals(26 * 1_537_916_892L * PS, seconds(dir, FABRIC, sevenToOne, 14, ""), 26 * PS);
        assertEquals(26 * 6_139_667_566L * PS, seconds(dir, "link 100 Gb/s latency 1 us", sevenToOne, 14, ""),
                26 * PS);
        assertEquals(12 * 3_069_833_783L * PS, seconds(dir, "link 100 Gb/s latency 1 us", sevenToOne, 14,
                "nodes 7"), 12 * PS);
    }

    /**
     * 16 hosts fill pod 0 of the three-tier tree (R²/4 = 16) and their ring never reaches the top tier, so the ratio
     * that joins the pods (3:1, the nearest 8-port switches realize to 4:1) changes nothing: 30 steps of S/16 at 50
     * GB/s, 1,342,177,280 ps, plus 2 × 1 us across a spine and 2 × 1 us of NIC cables, 1,346,177,280 ps each,
     * 40,385,318,400 ps.
     */
    @Test
    void shouldLeaveARingInsideOnePodWhateverTheRatioJoiningThePods(@TempDir Path dir) throws IOException {
        double unstated = seconds(dir, FABRIC, THREE_TIERS, 32, "nodes 16");
        assertEquals(30 * 1_346_177_280L * PS, unstated, 30 * PS);
        assertEquals(unstated, seconds(dir, FABRIC, "fat-tree { switch Box tiers 3 pods 16 accelerators joined 3:1 }",
                32, "nodes 16"));
    }

    /**
     * Inside leaf 0 no route takes a switch-to-switch link: a quarter of the fabric's rate changes nothing. Its NIC
     * cables are links of the fabric: 11 us instead of 1 adds 2 × 10 us to each of the 6 steps, 120 us.
     */
    @Test
    void shouldLeaveARingInsideOneLeafWhateverTheFabricsLinkRateAndPayItsLatencyOnTheNicCables(@TempDir Path dir)
            throws IOException {
        double base = seconds(dir, FABRIC, TWO_TIERS, 8, "nodes 4");
        assertEquals(base, seconds(dir, "link 100 Gb/s latency 1 us", TWO_TIERS, 8, "nodes 4"));
        assertEquals(120e-6, seconds(dir, "link 400 Gb/s latency 11 us", TWO_TIERS, 8, "nodes 4") - base, 2 * 6 * PS);
    }

    private static double seconds(Path dir, String fabric, String topology, int hosts, String ranks)
            throws IOException {
        Path file = dir.resolve(("ring-" + fabric + topology + hosts + ranks).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOfHosts(fabric, topology, hosts, ranks));
    }
}
