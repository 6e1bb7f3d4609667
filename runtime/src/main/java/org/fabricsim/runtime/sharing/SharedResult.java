package org.fabricsim.runtime.sharing;

import org.fabricsim.runtime.collective.CollectiveResult;

/**
 * One job's cost of sharing the fabric.
 *
 * @param name          the job
 * @param alone         the job alone on its nodes (the other nodes idle)
 * @param shared        the job beside the others
 * @param inNetwork     whether the switches granted its aggregation trees (false also when it needs none)
 */
public record SharedResult(String name, CollectiveResult alone, CollectiveResult shared, boolean inNetwork) {

    /** Shared time over time alone, ≥ 1 up to the model's approximation. */
    public double slowdown() {
        return alone.timePs() == 0 ? 1 : (double) shared.timePs() / alone.timePs();
    }
}
