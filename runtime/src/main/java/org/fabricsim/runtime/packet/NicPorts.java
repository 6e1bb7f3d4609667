package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * NIC injection: each NIC port serves its active flows round robin, one packet at a time at line
 * rate; a flow is eligible when it has data (new data within HPCC's window, {@link Flows#hasData}),
 * its pacing time (R_C of its congestion control: the previous packet's wire bytes / R_C after its
 * start) has come, and its priority is neither paused
 * nor out of credits. O(1) amortized per packet when flows are eligible; a scan over the port's
 * flows when none is (then one wake-up event at the earliest pacing time); on a paused port with one
 * priority the scan reads one bit per flow.
 */
final class NicPorts {
    private final PacketNetwork network;
    private final Flows flows;
    private final int[][] nicFlows;
    private final int[] nicCount;
    private final int[] nicNext;
    private final long[] wakePs;

    NicPorts(PacketNetwork network, Flows flows, int links) {
        this.network = network;
        this.flows = flows;
        nicFlows = new int[links][];
        nicCount = new int[links];
        nicNext = new int[links];
        wakePs = new long[links];
        Arrays.fill(wakePs, Long.MAX_VALUE);
    }

    /** Adds a started flow to NIC port {@code link}. */
    void add(int link, int flow) {
        int[] list = nicFlows[link];
        if (list == null) {
            list = nicFlows[link] = new int[4];
        } else if (nicCount[link] == list.length) {
            list = nicFlows[link] = Arrays.copyOf(list, list.length * 2);
        }
        list[nicCount[link]++] = flow;
    }

    /**
     * The flow NIC port {@code link} serves now, or −1 (then a wake-up is scheduled if pacing holds a flow back).
     * Visits each of the port's flows once, round robin from where the last call stopped, and prunes the finished
     * ones: the list's last flow moves into a pruned slot, and once the scan has wrapped, a moved flow it has
     * already visited is skipped, so no due flow is left unvisited. O(flows on the port).
     */
    int next(int link) {
        int[] list = nicFlows[link];
        long nowPs = network.nowPs();
        long earliest = Long.MAX_VALUE;
        int index = nicNext[link];
        // With one priority the port's gate is the same for every flow: read it once, so that a scan of a
        // paused port only prunes finished flows (one bit each) instead of reading every flow's state.
        boolean single = network.priorities() == 1;
        boolean open = single && network.mayInject(link, 0);
        if (index >= nicCount[link]) {
            index = 0;
        }
        int start = index;
        boolean wrapped = false;
        for (int unscanned = nicCount[link]; unscanned > 0; unscanned--) {
            if (index >= nicCount[link]) {
                index = 0;
                wrapped = true;
            }
            int flow = list[index];
            if (flows.done(flow)) {
                int last = --nicCount[link];
                list[index] = list[last];
                if (wrapped && last >= start) {
                    index++;
                }
                continue;
            }
            if (single ? open && flows.hasData(flow) : flows.hasData(flow) && network.mayInject(link, flows.priority(flow))) {
                if (flows.pacing[Flows.nextSendPs(flow)] <= nowPs) {
                    nicNext[link] = index + 1;
                    return flow;
                }
                earliest = Math.min(earliest, flows.pacing[Flows.nextSendPs(flow)]);
            }
            index++;
        }
        if (earliest != Long.MAX_VALUE && earliest < wakePs[link]) {
            wakePs[link] = earliest;
            network.schedule(earliest, EventTypes.NIC_WAKE, link);
        }
        return -1;
    }

    /**
     * Loads what a send from NIC port {@code link} reads of the flow its round robin serves next (counters,
     * pacing, carried block) and returns their sum, for {@link Forwarding#readAhead}. O(1).
     */
    int touchNext(int link) {
        int[] list = nicFlows[link];
        int index = nicNext[link];
        if (list == null || index >= nicCount[link]) {
            return 0;
        }
        int flow = list[index];
        return flows.counters[Flows.nextSeq(flow)] + (int) flows.pacing[Flows.nextSendPs(flow)] + flows.touchCarried(flow);
    }

    void onWake(int link) {
        if (wakePs[link] == network.nowPs()) {
            wakePs[link] = Long.MAX_VALUE;
        }
        network.tryTransmit(link);
    }
}
