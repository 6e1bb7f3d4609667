package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * A serving deployment placed on some of a cluster's accelerators, its fabric traffic (KV-cache
 * transfers and the EP background flows, {@link KvHandoff}) routed on a given topology (a shared
 * fabric's, whose link rates may be what other jobs leave: {@code org.fabricsim.runtime.sharing}).
 * The replicas' own collectives are fitted on the cluster's intact fabric: a job owns whole nodes,
 * so collectives inside a scale-up domain meet no other job. Cost: that of {@link InferenceRunner}.
 */
public final class PlacedServing {
    private PlacedServing() {
    }

    /**
     * The run's result and the bytes it moved over each link of {@code network}.
     *
     * @param result     the inference result (TTFT, ITL, …)
     * @param linkBytes  bytes per link handle over the run's makespan
     */
    public record Run(RunResult result, double[] linkBytes) {
        /** The run's makespan, the time its bytes were moved in. */
        public double makespanSeconds() {
            return ((Number) result.metrics().get("makespanSeconds")).doubleValue();
        }
    }

    /**
     * Runs {@code spec} with its accelerator a (pools in order: prefill, then decode) on {@code
     * accelerators[a]} of {@code network}, with the constants of {@code profile} and {@code seed}.
     * Throws {@link IllegalArgumentException} when the pools need more accelerators than placed.
     */
    public static Run run(InferenceSpec spec, ClusterTopology network, int[] accelerators, CalibrationProfile profile,
            long seed) {
        int needed = spec.pools().stream().mapToInt(pool -> pool.replicas() * pool.parallel().accelerators()).sum();
        if (needed > accelerators.length) {
            throw new IllegalArgumentException(spec.name() + ": the serving pools need " + needed
                    + " accelerators but the job is placed on " + accelerators.length);
        }
        double[] linkBytes = new double[network.graph().linkCount()];
        RunResult result = InferenceRunner.run(spec, profile, seed, null, network, accelerators, linkBytes, true);
        return new Run(result, linkBytes);
    }
}
