package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's scale-up {@code domain N} decides which of a ring's neighbours talk over the scale-up fabric and which
 * through their NICs. The node ({@link Models#ringInOneNode}) holds eight H100s at 450 GB/s each into switched
 * domains (efficiency 100%, 1 us per link) and a 50 GB/s NIC per accelerator on one switch (its cable at the
 * scale-out fabric's 1 us, the NIC adding none; efficiency 100%). A ring all-reduce of S = 1 GiB over n ranks runs
 * 2(n − 1) steps and NCCL's C channels (C = 24 on one node: 6 rings of 60 GB/s on 18 × 20.6, doubled twice,
 * NcclChannels) each move S/(n·C) per edge and step. Whole domain: every rank sends C chunks,
 * S/n, over its own scale-up link, up to the domain switch and down, 2 × 1 us. Domains of four: channel c leaves
 * each domain from local rank c mod 4 (PXN), so each NIC carries C/4 chunks, S/(4n), up and as many down a step.
 */
class ScaleUpDomainRingTest {
    private static final String ETH = "vendor Acme open-standard link 400 Gb/s latency 1 us efficiency 100 %";
    private static final String NIC_400G = "ports 1 x 400 Gb/s";
    /** Each ring step ends on a whole picosecond, in either run. */
    private static final double PS = 1e-12;

    /**
     * Domain 8: 14 steps of S/8 = 134,217,728 B at 450 GB/s, 298,261,617.8 ps, plus 2 × 1 us: 300,261,618 ps a step,
     * 4,203,662,652 ps. Domain 4: the ring crosses the NICs twice a step and waits for them: 14 steps of S/32 =
     * 33,554,432 B at 50 GB/s, 671,088,640 ps, plus 2 × 1 us of NIC cables, 673,088,640 ps (the PXN hop over the
     * scale-up link, 298 us + 2 us, ends first), 9,423,240,960 ps: 2.242 times as long.
     */
    @Test
    void shouldCrossTheNicsAndTakeTheirTimeWhenADomainOfFourSplitsARingOfEight(@TempDir Path dir)
            throws IOException {
        assertEquals(14 * 300_261_618L * PS, seconds(dir, NIC_400G, 8, ""), 14 * PS);
        assertEquals(14 * 673_088_640L * PS, seconds(dir, NIC_400G, 4, ""), 14 * PS);
    }

    /**
     * A ring over the node's first four accelerators fits a domain of four as it fits one of eight: 6 steps of S/4
     * = 268,435,456 B at 450 GB/s, 596,523,235.6 ps, plus 2 × 1 us: 598,523,236 ps a step, 3,591,139,416 ps, in both.
     */
    @Test
    void shouldLeaveARingOverFourAcceleratorsIdenticalInADomainOfFourOrEight(@TempDir Path dir) throws IOException {
        double inFour = seconds(dir, NIC_400G, 4, "accelerators 4");
        assertEquals(6 * 598_523_236L * PS, inFour, 6 * PS);
        assertEquals(inFour, seconds(dir, NIC_400G, 8, "accelerators 4"));
    }

    /**
     * A 100 Gb/s NIC (12.5 GB/s) takes four times as long on each NIC crossing of the split ring, 14 × (S/32 / 12.5
     * GB/s + 2 × 1 us) = 14 × 2,686,354,560 = 37,608,963,840 ps, and leaves the whole domain's ring at 4,203,662,652
     * ps.
     */
    @Test
    void shouldSlowOnlyTheRingThatASplitDomainSendsThroughTheNics(@TempDir Path dir) throws IOException {
        String nic100G = "ports 1 x 100 Gb/s";
        assertEquals(14 * 2_686_354_560L * PS, seconds(dir, nic100G, 4, ""), 14 * PS);
        assertEquals(seconds(dir, NIC_400G, 8, ""), seconds(dir, nic100G, 8, ""));
    }

    /**
     * A domain that states no size spans the node's eight, and {@code rack-scale} is built as {@code switched}:
     * both run the whole-domain ring of 4,203,662,652 ps.
     */
    @Test
    void shouldRunAnUnsizedAndARackScaleDomainAsTheSwitchedDomainOfTheWholeNode(@TempDir Path dir)
            throws IOException {
        double switched = seconds(dir, NIC_400G, "Link switched domain 8", "");
        assertEquals(14 * 300_261_618L * PS, switched, 14 * PS);
        assertEquals(switched, seconds(dir, NIC_400G, "Link switched", ""));
        assertEquals(switched, seconds(dir, NIC_400G, "Link rack-scale domain 8", ""));
    }

    /**
     * A full mesh of four H100s splits each one's 18 NVLink ports 6 to each of its 3 peers: a link per pair of
     * 6 × 25 = 150 GB/s, 1 us. K_4 is one Hamiltonian cycle and a perfect matching, so the ring runs on 2
     * link-disjoint directed rings, 12 of the 24 channels each: every ring link carries 12 chunks of S/(4 · 24),
     * S/8 = 134,217,728 B a step, 894,784,853.3 ps, plus 1 us: 6 steps, 5,374,709,120 ps (the one link j → j + 1
     * for all 24 channels took twice the transfer time, 10,743,418,240 ps). The switched domain of four at
     * 450 GB/s: 3,591,139,416 ps; the mesh's two rings reach 2 × 150 = 300 GB/s, the 1.5 of the transfer term.
     */
    @Test
    void shouldRunAFullMeshOfFourOnTwoLinkDisjointRings(@TempDir Path dir) throws IOException {
        double mesh = seconds(dir, NIC_400G, "Link full-mesh domain 4", "accelerators 4");
        assertEquals(6 * 895_784_853.3 * PS, mesh, 6 * PS);
        assertEquals(6 * 598_523_236L * PS, seconds(dir, NIC_400G, 4, "accelerators 4"), 6 * PS);
    }

    /**
     * The ring of eight over full-mesh domains of four leaves each domain through the NIC of the channel's local
     * rank c mod 4, over its ring's closing mesh link, as the switched domains of four do: each NIC carries 8 of
     * the 32 channels' chunks of S/256, S/32 = 33,554,432 B at 50 GB/s, 671,088,640 ps a step plus its two
     * cables' 1 us each, and the mesh links (16 chunks of S/256 at 150 GB/s, 447,392,427 ps plus 1 us) finish
     * first: 14 steps of 673,088,640 ps, 9,423,240,960 ps in both. The mesh's one link j → j + 1 used to carry all 32, S/8 at 150 GB/s: 12,540,987,956 ps.
     */
    @Test
    void shouldCrossTheNicsAlikeFromAFullMeshOrASwitchedDomainOfFour(@TempDir Path dir) throws IOException {
        double mesh = seconds(dir, NIC_400G, "Link full-mesh domain 4", "");
        assertEquals(14 * 673_088_640L * PS, mesh, 14 * PS);
        assertEquals(seconds(dir, NIC_400G, 4, ""), mesh, 14 * PS);
    }

    private static double seconds(Path dir, String nic, int domain, String ranks) throws IOException {
        return seconds(dir, nic, "Link switched domain " + domain, ranks);
    }

    private static double seconds(Path dir, String nic, String scaleUp, String ranks) throws IOException {
        Path file = dir.resolve(("ring-" + nic + scaleUp + ranks).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringInOneNode(ETH, nic, scaleUp, ranks));
    }
}
