package org.fabricsim.runtime.sharing;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A job of a shared fabric as the fixed point ({@link FluidSharing}) sees it: how it runs alone on
 * its nodes, and how it runs when the cluster's links keep only the capacity the other jobs leave.
 *
 * @param <R>    the engine's result for the job (a collective's, a training step's, a serving run's)
 * @param name   the job, for results and messages
 * @param alone  the job on its nodes with the rest of the cluster idle
 * @param beside the job on its nodes with link l at capacity C_l · factors[l]
 */
public record SharedWorkload<R>(String name, Supplier<Load<R>> alone, Function<double[], Load<R>> beside) {

    /**
     * A job that runs the same way alone and beside jobs that leave it every link whole: {@code run}
     * takes the link rate factors (null: the intact cluster); alone is {@code run(null)}, computed
     * once, and beside factors that are all 1 reuse it. O(links) per call beside.
     */
    public static <R> SharedWorkload<R> onCapacities(String name, Function<double[], Load<R>> run) {
        List<Load<R>> alone = new ArrayList<>(1);
        Supplier<Load<R>> once = () -> {
            if (alone.isEmpty()) {
                alone.add(run.apply(null));
            }
            return alone.get(0);
        };
        return new SharedWorkload<>(name, once, factors -> {
            for (double factor : factors) {
                if (factor != 1) {
                    return run.apply(factors);
                }
            }
            return once.get();
        });
    }

    /**
     * What one run of a job put on the fabric.
     *
     * @param <R>        the engine's result
     * @param result     the engine's result
     * @param seconds    the time its bytes were moved in: a collective's time, a training step, a
     *                   serving run's makespan
     * @param linkBytes  bytes per link handle in that time
     */
    public record Load<R>(R result, double seconds, double[] linkBytes) {
    }
}
