package org.fabricsim.runtime.network;

/**
 * Work done by a network model.
 *
 * @param flowClassesStarted flow classes started
 * @param flowsStarted       flows started (classes weighted by multiplicity)
 * @param solves             re-solves (one per batch of arrivals or completions)
 * @param flowClassesSolved  flow classes visited by all re-solves together
 * @param completionBatches  batches of completions handled
 */
public record NetworkStatistics(long flowClassesStarted, long flowsStarted, long solves, long flowClassesSolved,
        long completionBatches) {

    /** The sum of two sets of counters. */
    public NetworkStatistics plus(NetworkStatistics other) {
        return new NetworkStatistics(flowClassesStarted + other.flowClassesStarted, flowsStarted + other.flowsStarted,
                solves + other.solves, flowClassesSolved + other.flowClassesSolved,
                completionBatches + other.completionBatches);
    }
}
