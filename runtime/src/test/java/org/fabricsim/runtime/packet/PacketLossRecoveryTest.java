package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.packet.PacketConfig.Recovery;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.junit.jupiter.api.Test;

/**
 * Random loss on a lossy fabric: go-back-N against its closed form, and selective repeat losing
 * far less (the shape of Mittal et al., "Revisiting Network Support for RDMA", SIGCOMM'18, Fig. 2).
 *
 * <p>Host 0 → switch → host 1, links of 12.5 GB/s and L = 1 µs; full packets of T = 332,640 ps.
 * A packet is lost with probability p on its path of two links. Go-back-N: the loss of packet i
 * is noticed when packet i+1 reaches the receiver, 3T + 2L after i started; the NACK is back
 * after 2L + 2·64 B / 12.5 GB/s = 2L + 10,240 ps, while the NIC is sending slot 15 (t = 15.06 T), so
 * i goes again in slot M = ⌈(3T + 4L + 10,240 ps) / T⌉ = 16. A success costs one slot and a loss M,
 * so the goodput is η = (1 − p) / (1 + (M − 1)·p). Selective repeat resends only the lost packet:
 * η = 1 − p.
 */
class PacketLossRecoveryTest {
    private static final int PACKETS = 50_000;
    private static final long PACKET_PS = 332_640;
    private static final int SLOTS_PER_LOSS = 16;

    /** The bit-error rate at which a 4158-byte packet is lost with probability p over two links. */
    private static double bitErrorRate(double pathLoss) {
        double perLink = 1 - Math.sqrt(1 - pathLoss);
        return -Math.expm1(Math.log1p(-perLink) / (8 * 4158));
    }

    private static double goodput(Recovery recovery, double pathLoss) {
        return goodput(PacketConfig.roce(PacketFixtures.LINE).withFlowControl(FlowControl.LOSSY)
                .withRecovery(recovery).withBitErrorRate(bitErrorRate(pathLoss)));
    }

    /**
     * A lossy RoCE fabric with DCQCN (one flow never queues, so never marked: it runs at line rate) as the language
     * states it, with {@code recovery} stated or not, at {@code pathLoss}.
     */
    private static double goodput(FabricSpec.Recovery recovery, double pathLoss) {
        PacketSettings settings = new PacketSettings(0, bitErrorRate(pathLoss), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        return goodput(new PacketFabric(FabricSpec.FlowControl.LOSSY, FabricSpec.CongestionControl.DCQCN, 0, settings,
                recovery).at(PacketFixtures.LINE));
    }

    /** Measured goodput fraction of one long flow: N·T over its time less the pipeline fill. */
    private static double goodput(PacketConfig stated) {
        PacketConfig config = stated.withRetransmitTimeoutPs(20_000_000);
        long finish = PacketFixtures.run(PacketFixtures.star(2), config, new int[][] {{0, 3}},
                new double[] {PACKETS * 4096.0})[0];
        return (double) PACKETS * PACKET_PS / (finish - PACKET_PS);
    }

    private static double goBackN(double p) {
        return (1 - p) / (1 + (SLOTS_PER_LOSS - 1) * p);
    }

    @Test
    void shouldMatchTheClosedFormOfGoBackNAtOnePercentLoss() {
        // η = 0.99 / 1.15 = 0.8609.
        assertEquals(goBackN(0.01), goodput(Recovery.GO_BACK_N, 0.01), 0.01 * goBackN(0.01));
    }

    @Test
    void shouldMatchTheClosedFormOfGoBackNAtOneInAThousand() {
        // η = 0.999 / 1.015 = 0.9842.
        assertEquals(goBackN(0.001), goodput(Recovery.GO_BACK_N, 0.001), 0.01);
    }

    @Test
    void shouldLoseFarLessWithSelectiveRepeat() {
        // Selective repeat: 1 − p = 0.99 at 1% loss, against go-back-N's 0.861: its loss of goodput
        // (1%) is under a third of go-back-N's (13.9%).
        double selective = goodput(Recovery.SELECTIVE_REPEAT, 0.01);
        double goBack = goodput(Recovery.GO_BACK_N, 0.01);
        assertEquals(0.99, selective, 0.01);
        assertTrue(1 - selective < (1 - goBack) / 3, "selective " + selective + ", go-back-N " + goBack);
    }

    /**
     * A RoCE fabric whose NICs run IRN states {@code recovery selective-repeat}: at 1% loss it keeps 1 − p = 0.99,
     * where the same fabric without it runs the derived go-back-N, 0.99 / 1.15 = 0.861.
     */
    @Test
    void shouldRunTheStatedSelectiveRepeatOfALossyDcqcnFabric() {
        assertEquals(0.99, goodput(FabricSpec.Recovery.SELECTIVE_REPEAT, 0.01), 0.01);
        assertEquals(goBackN(0.01), goodput(FabricSpec.Recovery.UNSTATED, 0.01), 0.01 * goBackN(0.01));
    }
}
