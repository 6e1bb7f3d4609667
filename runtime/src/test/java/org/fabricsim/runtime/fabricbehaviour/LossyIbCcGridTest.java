package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import org.fabricsim.runtime.packet.IbCc;
import org.fabricsim.runtime.packet.PacketConfig;
import org.junit.jupiter.api.Test;

/**
 * A lossy ib-cc row's drop-free grid ({@link LossyIbCcGrid}) and IB CC's unbounded overshoot queue ({@link
 * IbCcRecovery#overshootQueueBytes}) against hand derivations. {@code IbCc.defaults()}: K = 8, CCTI_Increase 1,
 * CCTI_Limit L = 127, CCTI_Timer τ = 10.24 µs; c = 12.5 GB/s, MTU 4096 B; a lossy 12 MiB switch admits α·S/(1 + α)
 * = 6 MiB = 6,291,456 B.
 */
class LossyIbCcGridTest {
    private static final double C = 12.5e9;
    private static final double MIB = 1 << 20;
    private static final double ADMITTED = 6 * MIB;
    private static final IbCcRecovery RECOVERY = new IbCcRecovery(IbCc.defaults(), 4096);

    @Test
    void shouldPeakAnEightToOneIncastOfOneFlowEachAtItsOvershootWithinTheBuffer() {
        // ρ = N = 8, R = 8 MiB. a = 12.5e9 / (8 × 4096) − 97,656.25 = 283,813.48 /s, c/a = 44,042.9 B per index,
        // x₀ = 0, x* = 56: Q(x*) = (c/a) × (8 × 8 ln 8 − 56) = 44,042.9 × 77.0843 = 3,395,023 B, below (1 − 1/8) × 8 MiB
        // = 7,340,032 B and below 6 MiB: no drop (the lossy row's u(8, m = 1) = 0.9995, as PFC's).
        assertEquals(3_395_023, RECOVERY.overshootQueueBytes(8, 8, 8 * MIB, C), 1);
    }

    @Test
    void shouldOverflowAnEightToOneIncastOfTwoFlowsEachByWhatItsSendersBring() {
        // N = 16: a = 190,734.86 − 97,656.25 = 93,078.61 /s, x₀ = 8 × (16/8 − 1) = 8, x* = 120: Q(x*) = (c/a) × (8 × 8
        // + 128 ln 16 − 120) = 134,295 × 210.17 = 28.2 MB, above what the senders bring, (7/8) × 8 MiB = 7 MiB > 6 MiB.
        // N = 32: a = 95,367 − 97,656 < 0, the marks never outrun the timer: 7 MiB again.
        assertEquals(7 * MIB, RECOVERY.overshootQueueBytes(8, 16, 8 * MIB, C));
        assertEquals(7 * MIB, RECOVERY.overshootQueueBytes(8, 32, 8 * MIB, C));
        assertEquals(0, RECOVERY.overshootQueueBytes(1, 16, 8 * MIB, C));
    }

    @Test
    void shouldHoldTheLastDropFreeDegreeAtThePointsWhoseIncastOverflowed() {
        // Block 0 (1 MiB, one switch), m = 2 (column 1): 2:1 (point 1) brings 1 MiB beyond the link; 4:1 (point 5)
        // peaks at (c/a) × (4 × 8 + 64 ln 4 − 56) = 44,042.9 × 64.72 = 2.85 MB: both fit; 8:1 (point 9) and 16:1
        // (point 13) bring 7 and 30 MiB (Q(x*) above both): dropped, so both read u(4, 2) = 0.95. With one flow each
        // (column 0) 8:1 fits (3.40 MB) and 16:1 (N = 16, ρ = 16: Q(x*) = 134,295 × (128 ln 16 − 120) = 31.5 MB,
        // (15/16) × 16 MiB = 15 MiB) drops: point 12 reads point 8's 0.99.
        double[] u = new double[64];
        Arrays.fill(u, 0.9);
        u[5] = 0.95;
        u[9] = 0.08;
        u[13] = 0.08;
        u[8] = 0.99;
        u[12] = 0.16;
        double[] expected = u.clone();
        expected[9] = 0.95;
        expected[13] = 0.95;
        expected[12] = 0.99;
        double[] dropFree = new LossyIbCcGrid(u, RECOVERY, C, ADMITTED).dropFree();
        for (int point : new int[] {0, 1, 4, 5, 8, 9, 12, 13}) {
            assertEquals(expected[point], dropFree[point], "point " + point);
        }
    }

    @Test
    void shouldReadTheDropFreeGridOnlyWhereTheEpisodeItselfFitsItsSwitch() {
        // The all-to-all's leaf uplink: ρ = 4, N = 26, R = 6,815,744 B. a = 12.5e9 / (26 × 4096) − 97,656.25 = 19,719
        // /s > 0 but x* = 200 > L: the bound alone, (3/4) × R = 5,111,808 B < 6 MiB: drop-free. The 8:1 incast of two
        // flows each overflows (7 MiB): the measured grid, its timeouts as the table's incast paid them.
        double[] u = new double[64];
        Arrays.fill(u, 0.5);
        LossyIbCcGrid grid = new LossyIbCcGrid(u, RECOVERY, C, ADMITTED);
        assertEquals(5_111_808, RECOVERY.overshootQueueBytes(4, 26, 6_815_744, C));
        assertSame(grid.dropFree(), grid.grid(4, 26, 6_815_744, C, ADMITTED));
        assertSame(u, grid.grid(8, 16, 8 * MIB, C, ADMITTED));
        assertSame(grid.dropFree(), grid.grid(8, 16, 8 * MIB, C, 0));
    }

    @Test
    void shouldFindExactlyThePointsWhereTheShippedLossyRowsReadBelowTheirPfcRows() {
        // The mechanism's prediction against the packet backend's: a lossy ib-cc point differs from the PFC row's
        // (same congestion control, no drops) exactly where the scenario's overshoot overflowed 6 MiB.
        PacketConfig scenario = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND);
        double scenarioBytesPerSecond = TrafficPattern.LINE_BYTES_PER_SECOND * scenario.payloadEfficiency();
        for (String recovery : new String[] {"go-back-n", "selective-repeat"}) {
            double[] lossy = row("lossy", recovery).utilisation();
            double[] pfc = row("lossless pfc", recovery).utilisation();
            double[] dropFree = new LossyIbCcGrid(lossy, new IbCcRecovery(IbCc.defaults(), scenario.mtuBytes()),
                    scenarioBytesPerSecond, DropTimeouts.DROP_FREE_QUEUE_BYTES).dropFree();
            boolean[] dropped = new boolean[64];
            boolean[] belowPfc = new boolean[64];
            for (int point = 0; point < 64; point++) {
                dropped[point] = dropFree[point] != lossy[point];
                belowPfc[point] = lossy[point] < pfc[point];
            }
            assertArrayEquals(belowPfc, dropped, recovery);
        }
    }

    private static FabricBehaviour row(String flowControl, String recovery) {
        String describe = flowControl + ", congestion-control ib-cc, " + recovery + " recovery, ecmp routing";
        return BehaviourTable.shipped().behaviours().stream().filter(b -> b.key().describe().equals(describe))
                .findFirst().orElseThrow();
    }
}
