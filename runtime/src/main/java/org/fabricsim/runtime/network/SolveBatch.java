package org.fabricsim.runtime.network;

/**
 * What changed in a {@link MaxMinNetwork} since its last solve, which decides how much the next
 * re-solve must do: whether a class started, the smallest rate of the classes that finished (the
 * {@link #level} below which remaining classes keep their rates, by the argument below), and, under a
 * derating, the end of the window of the batch the last solve followed.
 *
 * <p><b>Completions that change nothing.</b> When classes D have only finished since the last solve (nothing started)
 * and every remaining class R of the component has a rate below the slowest of D, the fill is skipped: the rates would
 * come out the same to the last bit. Proof: the fill that gave these rates popped, below the rates of D, bottlenecks
 * that carry no class of D (popping one would have fixed that class at the lower share); their shares are computed from
 * the same operations without D, the shares of links D crossed only rise once D leaves (the same capacity over less
 * unfixed weight), and ties go by link handle, so the fill without D pops the same bottlenecks at the same shares and
 * fixes every class of R before reaching the rates of D. This is the common case of a phase whose transfers start
 * together with equal sizes (a ring step, an all-to-all): the fastest finish first, and every re-solve after them would
 * reproduce the rates. When some remaining classes are as fast as D or faster, the same argument fixes the slower ones
 * (the prefix P) at their rates without a heap: their loads are taken off their links in the order the fill fixed them
 * (a sequence number per class; on every link that is the order of the last fill that covered it, since a fill covers
 * all or none of a link's classes), which gives each link's remaining capacity and unfixed weight bit for bit as the
 * fill would reach the rates of D, and the fill goes on from there with the shares of that moment. Under a fabric's
 * derating ({@link MaxMinNetwork#setContentionModel}) the same holds for the ideal and the derated fill when the
 * derating factors stand ({@link ContentionDerating} checks them), and for the derated fill of each component of the
 * re-solve on its own ({@link KeptComponents}).
 *
 * <p><b>Finishes inside a batch's window, derated.</b> Each derated re-solve moves factors and
 * rates, so classes it speeds up fall due inside the window of the batch just solved. Finishes
 * only inside that window wait for its end (an event, {@link FlowTable#solveDuePs}) and share one
 * re-solve: their bandwidth goes back at most one window (ε of the age) late, as batching lets a
 * class release it at most one window early (Llama 3 405B's DP phase, DCQCN: 211 → 123 solves).
 *
 * <p>Every call O(1); no allocation.
 */
final class SolveBatch {
    /**
     * Relative margin below the slowest finished rate under which a class counts as slower than it:
     * classes that share a bottleneck get equal shares in exact arithmetic but can differ in the last
     * bits (each share is the remaining capacity after subtractions in another order), and such a
     * class must be re-filled with the finished one, not kept.
     */
    static final double RATE_ROUNDING = 1e-9;
    /** Whether a class started since the last solve. */
    private boolean started;
    /** The smallest rate of the classes finished since the last solve (+∞ when none). */
    private double slowestFinishedRate = Double.POSITIVE_INFINITY;
    /** The end of the window of the batch the last solve followed (-1 when none): finishes before it may wait. */
    private long windowEndPs = -1;

    /** A class started. */
    void started() {
        started = true;
    }

    /** A class that had {@code rate} finished. */
    void finished(double rate) {
        slowestFinishedRate = Math.min(slowestFinishedRate, rate);
    }

    /** Whether classes have only finished since the last solve (none started). */
    boolean onlyFinishes() {
        return !started;
    }

    /** The slowest finished rate less the rounding margin: a class below it is slower than every finished one. */
    double level() {
        return slowestFinishedRate * (1 - RATE_ROUNDING);
    }

    /**
     * The time a derated re-solve at {@code nowPs} waits for: the end of the last solve's batch
     * window when classes have only finished and it is still ahead, or -1 (solve now).
     */
    long deferredUntil(long nowPs) {
        return !started && nowPs < windowEndPs ? windowEndPs : -1;
    }

    /**
     * A solve ran at {@code nowPs}: when it followed the batch fired at {@code lastBatchPs}, the
     * finishes before that batch's window end {@code lastBatchLimitPs} may wait ({@link #deferredUntil}).
     */
    void solved(long nowPs, long lastBatchPs, long lastBatchLimitPs) {
        windowEndPs = nowPs == lastBatchPs ? lastBatchLimitPs : -1;
    }

    /** Forgets the starts and finishes: the rates now account for them. */
    void end() {
        started = false;
        slowestFinishedRate = Double.POSITIVE_INFINITY;
    }
}
