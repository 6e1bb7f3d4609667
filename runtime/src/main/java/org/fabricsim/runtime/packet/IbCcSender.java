package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * The source side of InfiniBand congestion control for every flow, in primitive arrays indexed by flow handle:
 * the congestion control table index and whether the CCTI timer runs. The rules are {@link IbCc}'s. A BECN and
 * a timer expiry are one event each, O(1); a flow whose index is back at CCTI_Min has no timer, so an
 * uncongested flow costs nothing.
 */
final class IbCcSender {
    private final IbCc parameters;
    private final PacketNetwork network;
    private final Flows flows;
    private int[] ccti = new int[256];
    private boolean[] timing = new boolean[256];

    IbCcSender(IbCc parameters, PacketNetwork network, Flows flows) {
        this.parameters = parameters;
        this.network = network;
        this.flows = flows;
    }

    void grow(int capacity) {
        ccti = Arrays.copyOf(ccti, capacity);
        timing = Arrays.copyOf(timing, capacity);
    }

    /** A new flow starts at CCTI_Min, at that entry's rate of {@code lineBytesPerSecond}. */
    void reset(int flow, double lineBytesPerSecond) {
        ccti[flow] = parameters.cctiMin();
        timing[flow] = false;
        flows.setRate(flow, lineBytesPerSecond * parameters.rateFraction(ccti[flow]));
    }

    /** The destination of {@code flow} received a FECN-marked packet: its BECN reaches the source one feedback delay later. */
    void sendBecn(int flow) {
        flows.counters[Flows.refs(flow)]++;
        network.schedule(network.nowPs() + network.feedbackPs(flow), EventTypes.BECN, flow);
    }

    /** A BECN ({@link EventTypes#BECN}) or the CCTI timer ({@link EventTypes#CCTI_TIMER}) of {@code flow}. */
    void fire(int type, int flow) {
        flows.counters[Flows.refs(flow)]--;
        if (!flows.done(flow)) {
            int before = ccti[flow];
            if (type == EventTypes.BECN) {
                ccti[flow] = Math.min(parameters.cctiLimit(), before + parameters.cctiIncrease());
                if (!timing[flow]) {
                    startTimer(flow);
                }
            } else {
                timing[flow] = false;
                if (before > parameters.cctiMin()) {
                    ccti[flow] = before - 1;
                }
                if (ccti[flow] > parameters.cctiMin()) {
                    startTimer(flow);
                }
            }
            if (ccti[flow] != before) {
                CongestionEvents.setRate(network, flows, flow,
                        network.lineRate(flows.firstLink[flow]) * parameters.rateFraction(ccti[flow]));
            }
        }
        network.releaseIfIdle(flow);
    }

    private void startTimer(int flow) {
        timing[flow] = true;
        flows.counters[Flows.refs(flow)]++;
        network.schedule(network.nowPs() + parameters.cctiTimerPs(), EventTypes.CCTI_TIMER, flow);
    }
}
