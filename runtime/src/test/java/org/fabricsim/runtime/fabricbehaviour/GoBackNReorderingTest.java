package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/** Go-back-N's reordering: an onset in the bytes two inputs feed a link, then s link bytes per byte delivered. */
class GoBackNReorderingTest {
    private static final double MIB = 1 << 20;
    private static final BehaviourKey CREDITS = new BehaviourKey(BehaviourKey.FlowControl.CREDIT,
            CongestionControl.NONE, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ADAPTIVE);

    @Test
    void shouldChargeEveryBytePastTheOnsetItsSlowdownAndNothingBefore() {
        // B_on = 2 MiB, s = 3: an episode of 10 MiB, 6 MiB of it shared, takes 10 + 2 × (6 − 2) = 18 MiB of the link.
        GoBackNReordering reordering = new GoBackNReordering(2 * MIB, 3);
        assertEquals(10.0 / 18, reordering.factor(10 * MIB, 6 * MIB), 1e-12);
        assertEquals(1, reordering.factor(10 * MIB, 2 * MIB));
        assertEquals(1, GoBackNReordering.NONE.factor(10 * MIB, 10 * MIB));
    }

    @Test
    void shouldCountTheScenarioDownlinkBytesFromItsLeaves() {
        // 12 hosts, 4 per leaf, 2:1: 3 leaves of 2 uplinks. A spine's downlink into a leaf carries half of what the
        // other 2 leaves' 4 hosts send its 4 hosts: 2 × 4 × 4 / 2 = 16 pairs' bytes.
        assertEquals(16 * MIB, GoBackNReordering.downlinkBytes(MIB), 1e-6);
    }

    @Test
    void shouldRecoverTheOnsetAndSlowdownOfMakespansTheModelMade() {
        // Makespans made by the model itself, T_g = T_s·(1 + (s − 1)·max(0, 1 − B_on / L)), with B_on on the grid
        // (16 MiB × 256 / 1024 = 4 MiB): the fit gives them back; a size whose go-back-N run is faster than its twin
        // (a drop's timeout) is left out.
        int sizes = GoBackNReordering.PAIR_BYTES.length;
        double[] bytes = new double[sizes + 1];
        double[] goBackN = new double[sizes + 1];
        double[] selective = new double[sizes + 1];
        for (int k = 0; k < sizes; k++) {
            bytes[k] = GoBackNReordering.downlinkBytes(GoBackNReordering.PAIR_BYTES[k]);
            selective[k] = bytes[k] / 12.3e9;
            goBackN[k] = selective[k] * (1 + 2 * Math.max(0, 1 - 4 * MIB / bytes[k]));
        }
        bytes[sizes] = 16 * MIB;
        selective[sizes] = 9e-3;
        goBackN[sizes] = 3e-3;
        GoBackNReordering fitted = GoBackNReordering.fit(bytes, goBackN, selective);
        assertEquals(4 * MIB, fitted.onsetBytes(), 1e-6);
        assertEquals(3, fitted.slowdown(), 1e-9);
        assertEquals(GoBackNReordering.NONE, GoBackNReordering.fit(bytes, selective, selective));
    }

    @Test
    void shouldChargeOnlyTheSpinesDownlinks() {
        // The scenario's fabric: a spine is fed only by leaves, so its 3 × 2 downlinks are past every choice; a leaf's
        // uplinks (its hosts feed it) and the hosts' links are not.
        Graph graph = GoBackNReordering.scenario(MIB).topology(TrafficPattern.LINE_BYTES_PER_SECOND).graph();
        boolean[] past = GoBackNReordering.pastTheChoice(graph);
        int charged = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            charged += past[link] ? 1 : 0;
        }
        assertEquals(6, charged);
    }

    @Test
    void shouldReproduceAShippedReorderingFromThePacketBackend() {
        // The packet backend is deterministic: the credits row's 14 scenario runs give the shipped columns to the
        // table's 4 decimals; under ECMP and for selective repeat nothing is measured.
        GoBackNReordering shipped = BehaviourTable.shipped().behaviour(CREDITS).reordering();
        GoBackNReordering measured = GoBackNReordering.measure(CREDITS, PacketSettings.DEFAULTS);
        assertTrue(shipped.reorders());
        assertEquals(shipped.onsetBytes() / MIB, measured.onsetBytes() / MIB, 5e-5);
        assertEquals(shipped.slowdown(), measured.slowdown(), 5e-5);
        assertEquals(GoBackNReordering.NONE, GoBackNReordering.measure(new BehaviourKey(CREDITS.flowControl(),
                CREDITS.congestionControl(), BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ADAPTIVE),
                PacketSettings.DEFAULTS));
    }
}
