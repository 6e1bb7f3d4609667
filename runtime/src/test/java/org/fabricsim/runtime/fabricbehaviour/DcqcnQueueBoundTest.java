package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * What makes DCQCN on PFC slow on the held-out all-to-all (docs/fabric-behaviour.md, "Why DCQCN on PFC stalls the
 * all-to-all"): the lossless buffer lets a leaf's uplink queue grow past DCQCN's Kmax before backpressure stops its
 * senders, so every packet is marked, the senders fall to R_min and the uplink idles until the increase timer. A
 * leaf uplink is fed by its leaf's 4 host ingress ports, each admitted up to B_in before backpressure: PFC's pause
 * threshold S/9 + 4 KiB (x = (S − x) ≫ 3 plus the reserve, {@link PacketConfig.Buffer}), credits' 64 × 4096 B. The
 * queue can pass Kmax = 1.6 MB ({@code Dcqcn.defaults} at 100 Gb/s) only where 4·B_in > Kmax.
 */
class DcqcnQueueBoundTest {
    private static final TrafficPattern ALL_TO_ALL = BehaviourAccuracy.PATTERNS.get(1);
    private static final int HOST_INGRESS_PER_UPLINK = 4;
    private static final double[] SWITCH_BUFFER_MIB = {2, 3, 4, 6, 8, 12};

    private static PacketConfig config(BehaviourKey.FlowControl flowControl, CongestionControl cc, double bufferMiB) {
        PacketConfig config = PatternRuns.packetConfig(new BehaviourKey(flowControl, cc, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.ECMP));
        PacketConfig.Buffer b = config.buffer();
        return config.withBuffer(new PacketConfig.Buffer((long) (bufferMiB * (1 << 20)), b.dynamicAlpha(),
                b.pfcReserveBytes(), b.pfcResumeOffsetBytes(), b.pfcShift(), b.creditPackets()));
    }

    /** Makespan with DCQCN over makespan without congestion control, same flow control and buffer. */
    private static double slowdown(BehaviourKey.FlowControl flowControl, double bufferMiB) {
        return (double) PatternRuns.packetPs(ALL_TO_ALL, config(flowControl, CongestionControl.DCQCN, bufferMiB))
                / PatternRuns.packetPs(ALL_TO_ALL, config(flowControl, CongestionControl.NONE, bufferMiB));
    }

    /** The most a leaf uplink's queue can hold from its 4 host ingress ports under PFC: 4 × (S/9 + 4 KiB). */
    private static double admittedBytes(double bufferMiB) {
        PacketConfig.Buffer b = config(BehaviourKey.FlowControl.PFC, CongestionControl.NONE, bufferMiB).buffer();
        return HOST_INGRESS_PER_UPLINK * ((double) b.switchBytes() / 9 + b.pfcReserveBytes());
    }

    @Test
    void shouldStallDcqcnOnPfcWhereTheAdmittedUplinkQueueExceedsKmaxAndNotFarBelowIt() {
        // 4 MiB and more: 4 × (S/9 + 4 KiB) = 1.79 MiB and up > Kmax (1.53 MiB): every packet is marked and the
        // senders stall. 2 MiB: 0.90 MiB, 0.59 Kmax: DCQCN runs as fast as no congestion control.
        long kmaxBytes = config(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN, 12).dcqcn().kmaxBytes();
        for (double bufferMiB : SWITCH_BUFFER_MIB) {
            double slowdown = slowdown(BehaviourKey.FlowControl.PFC, bufferMiB);
            if (admittedBytes(bufferMiB) > kmaxBytes) {
                assertTrue(slowdown > 1.10, bufferMiB + " MiB: queue may pass Kmax, slowdown " + slowdown);
            } else if (admittedBytes(bufferMiB) < 0.6 * kmaxBytes) {
                assertEquals(1, slowdown, 0.01, bufferMiB + " MiB: queue held far below Kmax");
            }
        }
    }

    @Test
    void shouldNotStallDcqcnOnPfcJustBelowKmax() {
        // At 3 MiB the admitted queue, 1.35 MiB, stays 0.88 Kmax: no packet is marked past Kmax and DCQCN runs as fast
        // as no congestion control, as DcqcnStall charges only queues that can pass Kmax. The packet backend stalled
        // here (1.23x) until a NIC port's scan visited every flow (docs/fabric-behaviour.md, "A NIC's scan skipped a
        // due flow after a rewind"): a raised rate's wake-up had stood in for the port's lost one.
        long kmaxBytes = config(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN, 12).dcqcn().kmaxBytes();
        assertTrue(admittedBytes(3) < kmaxBytes && admittedBytes(3) > 0.85 * kmaxBytes);
        assertEquals(1, slowdown(BehaviourKey.FlowControl.PFC, 3), 0.01);
    }

    @Test
    void shouldNotStallDcqcnOnCreditsWhoseAdmittedQueueStaysBelowKmax() {
        // 4 × 64 × 4096 B = 1 MiB < Kmax at every switch buffer: credits bound the queue, not the buffer.
        for (double bufferMiB : new double[] {3, 12}) {
            assertEquals(1, slowdown(BehaviourKey.FlowControl.CREDIT, bufferMiB), 0.01, bufferMiB + " MiB");
        }
    }

    /** Packet makespan of a k:1 credit incast of 1 MiB each with DCQCN less its ideal (k MiB at payload rate), µs. */
    private static double creditIncastExcessMicros(int degree) {
        PacketConfig config = config(BehaviourKey.FlowControl.CREDIT, CongestionControl.DCQCN, 12);
        double payloadBytesPerSecond = TrafficPattern.LINE_BYTES_PER_SECOND * config.payloadEfficiency();
        double idealPs = degree * (double) (1 << 20) / payloadBytesPerSecond * 1e12;
        return (PatternRuns.packetPs(TrafficPattern.incast(degree, 1 << 20), config) - idealPs) / 1e6;
    }

    @Test
    void shouldLoseTheSameDelayAtEveryDegreeOnCreditsUntilTheAdmittedQueuePassesKmax() {
        // docs/fabric-behaviour.md, "DCQCN below Kmax": k senders admit k × 256 KiB. At 4:1, 5:1, 6:1 (1.0, 1.25, 1.5
        // MiB ≤ Kmax = 1.526 MiB) the queue stays in the marking band and the link loses one partial stall of about
        // 160 µs whatever the degree (measured 163, 165, 154 µs); at 8:1 (2 MiB > Kmax) every packet is marked, the
        // link idles and stalls again (432 µs).
        double fourToOne = creditIncastExcessMicros(4);
        for (int degree : new int[] {5, 6}) {
            assertEquals(fourToOne, creditIncastExcessMicros(degree), 0.1 * fourToOne, degree + ":1");
        }
        assertTrue(creditIncastExcessMicros(8) > 2 * fourToOne);
    }
}
