package org.fabricsim.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.FabricSpec.FlowControl;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A network schedules its fabric's traffic only when every switch a packet crosses is scheduled and the fabric
 * states how it takes overload and no congestion control of its own.
 */
class ScheduledSwitchesTest {
    private static final SwitchSpec SCHEDULED = switchSpec("t.Jericho", true);
    private static final SwitchSpec PLAIN = switchSpec("t.Tomahawk", false);

    @Test
    void shouldScheduleALossyFabricWithoutCongestionControlOnAScheduledSwitch() {
        FabricSpec fabric = fabric(FlowControl.LOSSY, CongestionControl.NONE);
        FabricSpec run = ScheduledSwitches.fabricOn(fabric, new TopologySpec.SingleSwitch(SCHEDULED));
        assertEquals(CongestionControl.SCHEDULED, run.congestionControl());
        assertEquals(fabric.withCongestionControl(CongestionControl.SCHEDULED), run, "nothing else changes");
        assertEquals(CongestionControl.SCHEDULED, ScheduledSwitches.fabricOn(fabric(FlowControl.PFC,
                CongestionControl.NONE), new TopologySpec.SingleSwitch(SCHEDULED)).congestionControl());
    }

    @Test
    void shouldKeepTheFabricWhereTheSwitchesDoNotScheduleIt() {
        TopologySpec scheduled = new TopologySpec.SingleSwitch(SCHEDULED);
        for (FabricSpec fabric : List.of(fabric(FlowControl.PFC, CongestionControl.DCQCN),
                fabric(FlowControl.UNSTATED, CongestionControl.NONE), fabric(FlowControl.LOSSLESS,
                        CongestionControl.NONE))) {
            assertSame(fabric, ScheduledSwitches.fabricOn(fabric, scheduled), fabric.flowControl() + " "
                    + fabric.congestionControl());
        }
        FabricSpec lossy = fabric(FlowControl.LOSSY, CongestionControl.NONE);
        assertSame(lossy, ScheduledSwitches.fabricOn(lossy, new TopologySpec.SingleSwitch(PLAIN)));
    }

    @Test
    void shouldNeedEverySwitchOfTheTreeScheduled() {
        assertTrue(ScheduledSwitches.allScheduled(tree(SCHEDULED, SCHEDULED, SCHEDULED)));
        assertFalse(ScheduledSwitches.allScheduled(tree(SCHEDULED, SCHEDULED, PLAIN)), "spines not scheduled");
        // The core level is unnamed in a two-tier tree and falls back to the topology's switch, as StatedSwitches
        // finds it: a plain topology switch beside scheduled leaves and spines counts.
        assertFalse(ScheduledSwitches.allScheduled(tree(PLAIN, SCHEDULED, SCHEDULED)));
        assertFalse(ScheduledSwitches.allScheduled(new TopologySpec.Torus(List.of(4, 4))), "a torus has no switch");
    }

    private static TopologySpec tree(SwitchSpec topologySwitch, SwitchSpec leaf, SwitchSpec spine) {
        return new TopologySpec.FatTree(topologySwitch, 2, List.of(1.0, 1.0), new TierStructure(
                new TierStructure.Level(leaf, 4, 0), new TierStructure.Level(spine, 2, 0), null, 0, 1, 0));
    }

    private static SwitchSpec switchSpec(String name, boolean scheduled) {
        return new SwitchSpec(name, "generic", 64, 50e9, 0, 0, false, scheduled);
    }

    private static FabricSpec fabric(FlowControl flowControl, CongestionControl congestion) {
        return new FabricSpec("t.F", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "", 50e9, 1_000_000,
                flowControl, congestion, false, false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER, 0,
                PacketSettings.DEFAULTS);
    }
}
