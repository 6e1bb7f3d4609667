package org.fabricsim.runtime.sharing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.fabricsim.runtime.sharing.SharedWorkload.Load;
import org.fabricsim.runtime.topology.Graph;

/**
 * The fluid fixed point by which jobs of one fabric cost each other, whatever their engine.
 *
 * <p>Model: job j alone uses link l at utilization u_j,l = bytes_j,l / (C_l · T_j), T_j the time
 * it moved those bytes in (a collective's time, a training step, a serving run's makespan): its
 * steady, time-averaged demand on l. Beside the others, job i sees l at capacity C_l · f_i,l with
 * f_i,l = max(1 − Σ_{j≠i} u_j,l, 1 / (1 + m_l)), m_l the other jobs on l: max-min sharing gives
 * each of m + 1 greedy jobs an equal share, and a job that uses less leaves the rest. Each job is
 * then re-run by its own engine with those capacities; the utilizations are recomputed from the
 * shared runs and the step repeated until no job's T moves by more than {@link #TOLERANCE}, at most
 * {@link #MAX_ROUNDS} rounds. A job whose capacities did not change from the last round keeps its
 * run (so a job whose links no other job uses runs exactly as alone, once).
 *
 * <p>Assumptions: the jobs are in steady state over each other's periods (a training step of
 * seconds beside microsecond collectives, a serving run over many steps), so the other jobs are
 * felt as their average load, not their bursts; two jobs that use a link in alternation cost each
 * other less than this says, and phase-locked bursts more. Traffic inside a job's own scale-up
 * domains meets no other job (jobs own whole nodes), so only the scale-out fabric's links are shared.
 * This is where placement matters: on an oversubscribed tree a fragmented placement puts two jobs'
 * traffic on the same leaf uplinks, a contiguous one keeps it apart (issue 16 cites Meta, Gangidi
 * et al., SIGCOMM 2024, for over 30% degradation from fragmented placement on its RoCE clusters).
 *
 * <p>Cost: (1 + rounds) · jobs engine runs at most, plus O(jobs² · links) per round.
 */
final class FluidSharing {
    /** Relative change of every job's time below which the fixed point stops. */
    static final double TOLERANCE = 1e-3;
    /** The most rounds of the fixed point. */
    static final int MAX_ROUNDS = 8;

    private FluidSharing() {
    }

    /** Each job's run alone and beside the others. */
    record Outcome(Load<?> alone, Load<?> shared) {
    }

    /** Runs {@code jobs} alone and together on the links of {@code graph}. */
    static List<Outcome> solve(Graph graph, List<? extends SharedWorkload<?>> jobs) {
        int count = jobs.size();
        Load<?>[] alone = new Load<?>[count];
        for (int i = 0; i < count; i++) {
            alone[i] = jobs.get(i).alone().get();
        }
        Load<?>[] shared = alone.clone();
        double[][] lastFactors = new double[count][];
        for (int round = 0; round < MAX_ROUNDS; round++) {
            double[][] utilization = utilizations(graph, shared);
            boolean settled = true;
            Load<?>[] next = new Load<?>[count];
            for (int i = 0; i < count; i++) {
                double[] factors = factors(utilization, i);
                if (lastFactors[i] != null && Arrays.equals(factors, lastFactors[i])) {
                    next[i] = shared[i];
                    continue;
                }
                next[i] = jobs.get(i).beside().apply(factors);
                lastFactors[i] = factors;
                settled &= Math.abs(next[i].seconds() - shared[i].seconds()) <= TOLERANCE * shared[i].seconds();
            }
            shared = next;
            if (settled) {
                break;
            }
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            outcomes.add(new Outcome(alone[i], shared[i]));
        }
        return outcomes;
    }

    /** u_j,l for every job j and link l. O(jobs · links). */
    private static double[][] utilizations(Graph graph, Load<?>[] loads) {
        double[][] utilization = new double[loads.length][];
        for (int j = 0; j < loads.length; j++) {
            double[] bytes = loads[j].linkBytes();
            double seconds = loads[j].seconds();
            utilization[j] = new double[bytes.length];
            for (int l = 0; l < bytes.length; l++) {
                double capacity = graph.linkBytesPerSecond(l) * seconds;
                utilization[j][l] = capacity > 0 ? Math.min(1, bytes[l] / capacity) : 0;
            }
        }
        return utilization;
    }

    /** f_i,l for job {@code i}. O(jobs · links). */
    private static double[] factors(double[][] utilization, int i) {
        int links = utilization[i].length;
        double[] factors = new double[links];
        for (int l = 0; l < links; l++) {
            double others = 0;
            int users = 0;
            for (int j = 0; j < utilization.length; j++) {
                if (j != i && utilization[j][l] > 0) {
                    others += utilization[j][l];
                    users++;
                }
            }
            factors[l] = users == 0 ? 1 : Math.max(1 - others, 1.0 / (1 + users));
        }
        return factors;
    }
}
