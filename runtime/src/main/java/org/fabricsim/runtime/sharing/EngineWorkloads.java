package org.fabricsim.runtime.sharing;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.inference.PlacedServing;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.sharing.SharedWorkload.Load;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.training.PlacedTraining;

/**
 * Training jobs and serving deployments as jobs of a shared fabric, each run by its own engine on
 * its accelerators: a training step by {@link PlacedTraining} (its load: the bytes its collectives
 * and pipeline sends move per link over one step), a serving run by {@link PlacedServing} (its
 * load: the bytes of its KV-cache transfers and EP background flows per link over the run's
 * makespan). Beside the other jobs each runs on the cluster with every link at the capacity they
 * leave ({@link FluidSharing}): a training step's ring steps and all-to-alls take longer on a
 * shared uplink, a serving run's KV transfers arrive later and its requests' first tokens with them.
 */
final class EngineWorkloads {
    private EngineWorkloads() {
    }

    /** One step of {@code spec} on {@code accelerators} of {@code topology}. */
    static SharedWorkload<RunResult> training(ClusterTopology topology, TrainingSpec spec, int[] accelerators,
            CalibrationProfile profile, long seed) {
        return SharedWorkload.onCapacities(spec.name(), factors -> step(PlacedTraining.run(spec,
                factors == null ? topology : topology.withLinkRateFactors(factors), accelerators, profile, seed)));
    }

    /** A run of the deployment {@code spec} on {@code accelerators} of {@code topology}. */
    static SharedWorkload<RunResult> serving(ClusterTopology topology, InferenceSpec spec, int[] accelerators,
            CalibrationProfile profile, long seed) {
        return SharedWorkload.onCapacities(spec.name(), factors -> run(PlacedServing.run(spec,
                factors == null ? topology : topology.withLinkRateFactors(factors), accelerators, profile, seed)));
    }

    private static Load<RunResult> step(PlacedTraining.Step step) {
        return new Load<>(step.result(), step.stepSeconds(), step.linkBytes());
    }

    private static Load<RunResult> run(PlacedServing.Run run) {
        return new Load<>(run.result(), run.makespanSeconds(), run.linkBytes());
    }
}
