package org.fabricsim.runtime.packet;

/**
 * The events of DCQCN's reaction point: a CNP arriving, the α update, the rate-decrease check and
 * the rate-increase timer ({@link Dcqcn} has the rules). The α and decrease timers run while the
 * flow is throttled; once R_C and R_T are back at line rate they stop, and the next CNP starts
 * them again as a first CNP (α = 1): an idle flow costs no events. O(1) per event.
 */
final class CongestionEvents {
    private CongestionEvents() {
    }

    static void fire(PacketNetwork network, Transport transport, int type, int flow) {
        Flows flows = transport.flows;
        DcqcnSender dcqcn = transport.senders.dcqcn;
        flows.counters[Flows.refs(flow)]--;
        if (flows.done(flow)) {
            network.releaseIfIdle(flow);
            return;
        }
        Dcqcn parameters = network.config.dcqcn();
        long nowPs = network.nowPs();
        double line = network.lineRate(flows.firstLink[flow]);
        switch (type) {
            case EventTypes.CNP -> {
                if (dcqcn.onCnp(flow)) {
                    reschedule(network, flows, flow, parameters.alphaIntervalPs(), EventTypes.ALPHA);
                    reschedule(network, flows, flow, parameters.decreaseIntervalPs() + 1, EventTypes.DECREASE);
                }
            }
            case EventTypes.ALPHA -> {
                if (dcqcn.throttled(flow)) {
                    dcqcn.updateAlpha(flow);
                    reschedule(network, flows, flow, parameters.alphaIntervalPs(), EventTypes.ALPHA);
                }
            }
            case EventTypes.DECREASE -> {
                if (dcqcn.throttled(flow)) {
                    double rate = dcqcn.decrease(flow, flows.rate(flow));
                    if (rate >= 0) {
                        setRate(network, flows, flow, rate);
                        dcqcn.increaseAtPs[flow] = nowPs + parameters.increaseTimerPs();
                        reschedule(network, flows, flow, parameters.increaseTimerPs(), EventTypes.INCREASE);
                    }
                    reschedule(network, flows, flow, parameters.decreaseIntervalPs(), EventTypes.DECREASE);
                }
            }
            default -> {
                if (dcqcn.throttled(flow) && dcqcn.increaseAtPs[flow] == nowPs) {
                    double rate = dcqcn.increase(flow, flows.rate(flow), line);
                    setRate(network, flows, flow, rate);
                    if (rate >= line * (1 - 1e-9) && dcqcn.targetBytesPerSecond[flow] >= line) {
                        flows.setRate(flow, line);
                        dcqcn.release(flow);
                    } else {
                        dcqcn.increaseAtPs[flow] = nowPs + parameters.increaseTimerPs();
                        reschedule(network, flows, flow, parameters.increaseTimerPs(), EventTypes.INCREASE);
                    }
                }
            }
        }
        network.releaseIfIdle(flow);
    }

    /**
     * A new rate also moves the pacing of the next packet: the time left until it is due scales by
     * old/new rate (as ns-3's ChangeRate shifts the next-available time). A faster rate brings the packet
     * forward, so the flow's NIC port is offered it again ({@link PacketNetwork#tryTransmit}); otherwise a port
     * asleep until the old due time (328 µs per 4 KiB packet at DCQCN's minimum rate) would keep the flow
     * silent at its new rate, as ns-3's rate increase reschedules the NIC. A slower rate needs no wake: the
     * port's wake-up comes no later than the new due time. O(1) besides the port's send.
     */
    static void setRate(PacketNetwork network, Flows flows, int flow, double rate) {
        long nowPs = network.nowPs();
        double old = flows.rate(flow);
        long due = flows.pacing[Flows.nextSendPs(flow)];
        if (due > nowPs) {
            flows.pacing[Flows.nextSendPs(flow)] = nowPs + (long) ((due - nowPs) * old / rate);
        }
        flows.setRate(flow, rate);
        if (rate > old) {
            network.tryTransmit(flows.firstLink[flow]);
        }
    }

    /**
     * Schedules the flow's timer of {@code type} {@code delayPs} from now: every timer is a fixed delay, so it
     * joins a lane of the {@link EventQueue} (the same order as in its heap) and the lane's read-ahead.
     */
    private static void reschedule(PacketNetwork network, Flows flows, int flow, long delayPs, int type) {
        flows.counters[Flows.refs(flow)]++;
        network.scheduleAfter(delayPs, type, flow);
    }
}
