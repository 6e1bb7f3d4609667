package org.fabricsim.runtime.sim;

/**
 * What a time the engine adds to its clock is, as {@link ClockLimit}'s refusal names it when the sum would leave the
 * clock's range, with what to change: the caller that adds the time knows which quantity it is.
 */
public enum ClockCause {
    /** Bytes over their share of the links' rates: a flow's transfer, or a collective step's transfers. */
    TRANSFER("transfers over the model's links", "raise the model's link rates (a rate such as 0.00001 Gb/s moves"
            + " 1 GiB in 10 days) or lower its sizes"),
    /**
     * A collective's step latency, paid once per latency step: NCCL's software latency of a step (the calibration
     * profile's {@code collective.*-step-overhead}) and the links' latencies in flight.
     */
    STEP_LATENCY("the collective's step latencies (the calibration profile's collective.nvlink-step-overhead,"
            + " collective.net-step-overhead or collective.nvls-step-overhead, and the links' latencies)",
            "state those step latencies as measured (NCCL's are 3.4, 14 and 25 us) and the links' latencies, each"
                    + " at most 1 s"),
    /**
     * The host's kernel launches of one collective call: the calibration profile's {@code collective.kernel-launch}
     * for each GPU a host thread drives.
     */
    KERNEL_LAUNCH("the host's kernel launches of a call (the calibration profile's collective.kernel-launch, once"
            + " per GPU a thread drives)", "state collective.kernel-launch as measured (4.2 us on a DGX-A100), at"
            + " most 1 s, or drive fewer GPUs per thread"),
    /**
     * A control message's flight over the links' latencies: an acknowledgement, a NACK, a congestion notification, a
     * pause or credit, a pull or a grant.
     */
    LINK_LATENCY("control messages over the links' latencies (acknowledgements, congestion notifications, pauses,"
            + " credits, pulls and grants)", "state the links' latencies as measured, each at most 1 s"),
    /** A congestion-control timer: DCQCN's alpha, rate-decrease and rate-increase timers, IB CC's CCTI timer. */
    CONGESTION_TIMER("the congestion control's timers (DCQCN's alpha, decrease and increase timers, IB CC's CCTI"
            + " timer)", "state those timers as measured, each at most 1 s"),
    /**
     * The packet transport's retransmission timer: re-armed on every send, it overruns when the timeout itself
     * is beyond the clock (the runtime API does not bound it; the editor does, at 1 s) or a flow that cannot
     * progress re-arms it for months of simulated time.
     */
    RETRANSMIT_TIMER("the packet transport's retransmission timer (its timeout, or a flow that cannot progress"
            + " re-arming it)", "state the fabric's retransmission timeout as measured, at most 1 s, and look for the"
            + " flow that cannot progress (its timeouts are counted here)"),
    /**
     * The host's cost of a synchronised framework call, added once to a call timed from a framework: the
     * calibration profile's {@code collective.framework-call-overhead}.
     */
    FRAMEWORK_CALL("the host's framework calls (the calibration profile's collective.framework-call-overhead, once"
            + " per call)", "state collective.framework-call-overhead as measured (17.9 us for torch.distributed on"
            + " 8 H200), at most 1 s"),
    /**
     * A serving run's Poisson arrivals: n requests at λ per second arrive over about n ÷ λ seconds, and {@code vary
     * rate in [0.000000001 /s]} put the first beyond the clock (the refusal named link rates, session 65).
     */
    REQUEST_ARRIVALS("the requests' Poisson arrivals", "raise the arrival rate (n requests at a rate of r /s arrive"
            + " over about n / r seconds) or send fewer requests"),
    /** A time the caller cannot attribute: the run's transfers and delays together. */
    RUN("the run's transfers and delays", "check the model's link rates and latencies (a rate such as"
            + " 0.00001 Gb/s moves 1 GiB in 10 days), its sizes and its calibration profile's times");

    private final String quantity;
    private final String fix;

    ClockCause(String quantity, String fix) {
        this.quantity = quantity;
        this.fix = fix;
    }

    /** The quantity, plural, in the refusal's words: "transfers over the model's links". */
    public String quantity() {
        return quantity;
    }

    /** What to change, in the refusal's words. */
    public String fix() {
        return fix;
    }
}
