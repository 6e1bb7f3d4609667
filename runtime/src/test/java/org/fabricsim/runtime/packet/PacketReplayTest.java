package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.packet.PacketConfig.CongestionControl;
import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.packet.PacketConfig.Recovery;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.junit.jupiter.api.Test;

/**
 * Speed work on the packet backend must not change a run: every case below is an all-to-all of
 * 96 KiB per pair over 16 hosts of a 2:1 oversubscribed two-tier fat-tree (4 hosts per leaf), so
 * queues build, pause, mark, drop, trim and retransmit; its fingerprint hashes, in the order they
 * happen, every flow class's tag and finish time, then the simulated end, the totals and every
 * port's report. The expected fingerprints were recorded at commit 73001c2, before the forwarding
 * state moved onto the packets and the NIC scan was bounded; any reordering of events, draw of
 * the random stream or change of a counter changes them.
 */
class PacketReplayTest {
    private static final int HOSTS = 16;

    private static long fingerprint(PacketConfig config) {
        ClusterTopology topology = PacketFixtures.twoTier(HOSTS, 4, 2.0);
        Simulation simulation = new Simulation(5);
        PacketNetwork network = new PacketNetwork(simulation, topology.graph(), config);
        StringBuilder trace = new StringBuilder();
        network.setListener((tag, finishPs) -> trace.append(tag).append(':').append(finishPs).append(';'));
        PacketFixtures.startAllPairs(network, topology, HOSTS, 5, 96 * 1024, 1, null);
        simulation.run(network);
        trace.append(simulation.nowPs()).append(network.counters().totals());
        for (int link = 0; link < topology.graph().linkCount(); link++) {
            trace.append(network.counters().port(link));
        }
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < trace.length(); i++) {
            hash = (hash ^ trace.charAt(i)) * 0x100000001b3L;
        }
        return hash;
    }

    private static PacketConfig base() {
        return PacketConfig.roce(PacketFixtures.LINE);
    }

    @Test
    void shouldReplayPfcWithDcqcnOnGivenPaths() {
        assertEquals(174882460618430703L, fingerprint(base().withCongestionControl(CongestionControl.DCQCN)));
    }

    @Test
    void shouldReplayLossyGoBackNWithBitErrorsOnEcmp() {
        // Re-recorded after each go-back-N NACK carried its own sequence (Transport.onNack): two NACKs of a flow in
        // flight at once used to share one slot, so the first rewound to the second's sequence. A change of
        // behaviour, not of speed. Re-recorded again with the three below after a NIC port's scan visits every flow
        // once (NicPorts.next: pruning a finished flow after the scan wrapped ended it before a due flow, which then
        // got no send and no wake-up; NicPortsTest).
        assertEquals(7617277413105142477L, fingerprint(base().withFlowControl(FlowControl.LOSSY).withBitErrorRate(1e-6)
                .withRouting(PacketRouting.ECMP).withBuffer(new PacketConfig.Buffer(256 * 1024, 1.0, 4096, 3072, 3, 64))));
    }

    @Test
    void shouldReplayTrimmingWithSelectiveRepeatOnSpraying() {
        assertEquals(-7015589350944414574L, fingerprint(base().withFlowControl(FlowControl.LOSSY).withRecovery(Recovery.SELECTIVE_REPEAT)
                .withTrimming(true).withRouting(PacketRouting.SPRAY)
                .withBuffer(new PacketConfig.Buffer(256 * 1024, 1.0, 4096, 3072, 3, 64))));
    }

    @Test
    void shouldReplayHpccOnAdaptiveRouting() {
        // Re-recorded after HPCC's telemetry took a hop's rate only from one link (HpccSender), and again after a
        // faster rate wakes the flow's NIC port (CongestionEvents.setRate: an acknowledgement that raises HPCC's
        // rate sends its next packet at once, not at the old pacing): changes of behaviour, not of speed; the
        // other cases are unchanged; and after a NIC port's scan visits every flow once (see the lossy case); and
        // after HPCC's sender kept its unacknowledged bytes under its window W = R·T (HpccSender.windowEndSeq, session
        // 68): a change of behaviour, the other cases unchanged; and after an acknowledgement that leaves the window
        // holding its sender arms the retransmission timer (Transport.armTimeoutIfWaiting, session 68): every finish
        // time and counter as before, only the run's end, the last idle timer's firing, moves from 4,323.426 us to
        // 4,266.487 us.
        assertEquals(437875261999146533L, fingerprint(base().withCongestionControl(CongestionControl.HPCC)
                .withRouting(PacketRouting.ADAPTIVE)));
    }

    @Test
    void shouldReplayCreditFlowControl() {
        assertEquals(7583123596371833009L, fingerprint(base().withFlowControl(FlowControl.CREDIT)));
    }
}
