package org.fabricsim.runtime.sim;

/** A producer of internal events (such as flow completions) that {@link Simulation#run} interleaves with its own. */
public interface TimeSource {
    /** Returned by {@link #nextEventPs()} when nothing is pending. */
    long NONE = Long.MAX_VALUE;

    /** Time of the next internal event in picoseconds, or {@link #NONE}. */
    long nextEventPs();

    /** Handles the internal event due at {@code simulation.nowPs()}. */
    void fire(Simulation simulation);
}
