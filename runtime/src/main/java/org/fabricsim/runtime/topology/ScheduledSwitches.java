package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * A network built of scheduled switches (a switch's {@code scheduled}: end-to-end virtual output queues whose
 * egress grants credits before a byte leaves the ingress, as Broadcom's Jericho3-AI/Ramon3 fabric or Arista's
 * Distributed Etherlink Switch) schedules its traffic itself, whatever the NICs run: an incast waits one
 * request-grant round trip for its first credits and then drains at the receiver's rate, nothing queues in the
 * fabric and no pause reaches a victim. The fabric then runs the behaviour-table row of
 * {@code congestion-control scheduled} (docs/fabric-behaviour.md) where it states how it takes overload and no
 * congestion control of its own; a NIC congestion control (DCQCN, HPCC, IB CC) keeps its own row, and a network
 * with any unscheduled switch keeps the fabric as stated: the scheduling needs every switch a packet crosses.
 *
 * <p>The network's switches are its tiers' (leaf, spine, core: the level the topology names, else the
 * topology's {@code switch}), as {@link StatedSwitches} finds them. O(tiers).
 */
public final class ScheduledSwitches {
    private static final int TIERS = 3;

    private ScheduledSwitches() {
    }

    /** {@code fabric} as it runs on {@code topology}: {@code scheduled} when {@link #schedules} says so. */
    public static FabricSpec fabricOn(FabricSpec fabric, TopologySpec topology) {
        return schedules(fabric, topology) ? fabric.withCongestionControl(FabricSpec.CongestionControl.SCHEDULED)
                : fabric;
    }

    /**
     * Whether the switches of {@code topology} schedule {@code fabric}'s traffic: every switch it names is
     * scheduled (and it names one), and the fabric states its flow control and no congestion control.
     */
    public static boolean schedules(FabricSpec fabric, TopologySpec topology) {
        return leavesItToTheSwitches(fabric.flowControl(), fabric.congestionControl()) && allScheduled(topology);
    }

    /**
     * Whether a fabric of {@code flowControl} and {@code congestionControl} leaves the scheduling to scheduled
     * switches: it states how it takes overload and no congestion control of its own. O(1).
     */
    public static boolean leavesItToTheSwitches(FabricSpec.FlowControl flowControl,
            FabricSpec.CongestionControl congestionControl) {
        return flowControl.stated() && congestionControl == FabricSpec.CongestionControl.NONE;
    }

    /** Whether {@code topology} names a switch and every switch it names is scheduled; a torus names none. */
    public static boolean allScheduled(TopologySpec topology) {
        boolean named = false;
        for (int tier = 0; tier < TIERS; tier++) {
            SwitchSpec switchSpec = StatedSwitches.switchOf(topology, tier);
            if (switchSpec != null && !switchSpec.scheduled()) {
                return false;
            }
            named |= switchSpec != null;
        }
        return named;
    }
}
