package org.fabricsim.runtime.study;

import java.util.Locale;

/**
 * The reason of a run that exhausted the heap anyway, past the estimates that refuse runs before they start: the heap
 * it had, what multiplies the memory of its kind of run ({@link StudyRunner#kind}), and the fix. A serving run holds
 * each request's state for the whole run, so its requests are the factor; a training step's pipeline schedule holds
 * a task per micro-batch, stage and virtual stage, and its collectives hold flows; a benchmark holds the flows of its
 * busiest phase.
 */
final class OutOfMemoryReason {
    private OutOfMemoryReason() {
    }

    /** The reason for a run of {@code kind} that ran out of a heap of {@code heapBytes}. */
    static String of(String kind, long heapBytes) {
        return String.format(Locale.ROOT, "out of memory: the run needed more than the simulator's %.1f GB of heap;"
                + " reduce %s or give it more memory (JAVA_TOOL_OPTIONS=-Xmx%dg)", heapBytes / 1e9, factors(kind),
                2 * Math.max(1, heapBytes >> 30));
    }

    private static String factors(String kind) {
        return switch (kind) {
            case "inference" -> "its requests (the traffic's `requests`: every request's state is held for the whole"
                    + " run; a closed loop's clients and the arrival rate set how many are in flight at once)";
            case "training" -> "what multiplies its schedule and its flows (micro-batches per step: the batch over data"
                    + " x micro-batch; pipeline and virtual stages; nodes, channels, flows-per-peer)";
            case "shared-fabric" -> "what its jobs multiply (a serving job's requests; a training job's micro-batches;"
                    + " nodes, channels, flows-per-peer, sprayed paths)";
            default -> "what multiplies its flows (nodes, channels, flows-per-peer, sprayed paths)";
        };
    }
}
