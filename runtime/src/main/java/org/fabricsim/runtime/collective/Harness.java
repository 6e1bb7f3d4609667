package org.fabricsim.runtime.collective;

/**
 * How a measurement times its calls, which decides whether the host's per-call cost is in the
 * time ({@link StepOverheads#hostCallPs}).
 *
 * <ul>
 * <li>{@link #NCCL_TESTS}: nccl-tests queues its timed calls back to back on the stream and divides
 * the elapsed time by their count, so the host's launch work overlaps the previous call's kernel
 * and only the kernel time counts.</li>
 * <li>{@link #FRAMEWORK_CALL}: one synchronised framework call per timing, on an idle device, as
 * {@code torch.distributed} sweeps such as ml-engineering's {@code all_reduce_bench.py} run it
 * (barrier, start event, one {@code all_reduce}, end event, synchronise): the framework's dispatch
 * and NCCL's enqueue and launch precede the kernel inside the timed region, so the call pays the
 * profile's {@code collective.framework-call-overhead} once.</li>
 * <li>{@link #IDEAL}: no NCCL at all, for cross-checks against closed forms and other simulators:
 * no step latencies, no base latency, no host cost, and the Simple protocol only, so a call takes
 * what the network model gives (its transfers and the links' latencies).</li>
 * </ul>
 */
public enum Harness {
    NCCL_TESTS("nccl-tests"), FRAMEWORK_CALL("framework-call"), IDEAL("ideal");

    private final String label;

    Harness(String label) {
        this.label = label;
    }

    /** The name in the language and the results. */
    public String label() {
        return label;
    }
}
