package org.fabricsim.runtime.training;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.reliability.PartCounts;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * One training step of a job placed on some of a cluster's accelerators, on a given topology (a
 * shared fabric's, whose link rates may be what other jobs leave: {@code
 * org.fabricsim.runtime.sharing}). The step is {@link TrainingStep}'s on a {@link
 * FabricCollectiveTimer} whose ranks map to the job's accelerators; the result is {@link
 * TrainingSimulator}'s (no failure or straggler re-simulation), and the step's bytes per link are
 * the patterns the step counted, as its link utilization sums them. Cost: that of a training run.
 */
public final class PlacedTraining {
    private PlacedTraining() {
    }

    /**
     * The step's result and the bytes it moved over each link of {@code topology}.
     *
     * @param result     the training result (step time, MFU, …)
     * @param linkBytes  bytes per link handle over one step
     */
    public record Step(RunResult result, double[] linkBytes) {
        /** The step's seconds. */
        public double stepSeconds() {
            return ((Number) result.metrics().get("stepTimeSeconds")).doubleValue();
        }
    }

    /**
     * One step of {@code spec} with rank r on {@code accelerators[r]} of {@code topology} (whole
     * scale-up domains, in order), the collective and compute constants of {@code profile}, ECMP
     * hashes seeded with {@code seed}. Throws {@link IllegalArgumentException} for a plan that does
     * not fill the accelerators.
     */
    public static Step run(TrainingSpec spec, ClusterTopology topology, int[] accelerators,
            CalibrationProfile profile, long seed) {
        long startNanos = System.nanoTime();
        TrainingSimulator.check(spec);
        if (accelerators.length != spec.parallel().accelerators()) {
            throw new IllegalArgumentException(spec.name() + ": the parallel plan occupies "
                    + spec.parallel().accelerators() + " accelerators but the job is placed on " + accelerators.length);
        }
        FabricCollectiveTimer timer = new FabricCollectiveTimer(topology, Placement.of(spec.parallel()),
                ClusterTopologies.routing(spec.cluster()), ClusterTopologies.flowsPerPeer(spec.cluster()), seed,
                Calibration.of(profile), NetworkKind.MAX_MIN, null, accelerators,
                Generation.of(spec.cluster().node().accelerator().architecture()), spec.collNetEnabled(),
                spec.dataParallelAlgorithm());
        StepPlan plan = StepPlan.of(spec);
        StepBreakdown step = TrainingStep.simulate(spec, plan, timer, profile);
        PartCounts parts = PartCounts.of(spec.cluster(), spec.accelerators(), topology);
        RunResult result = DataParallelCollNet.report(TrainingSimulator.result(spec, step, parts, null, null, seed,
                (System.nanoTime() - startNanos) / 1e9).withEngine(timer.eventsFired(), timer.flowsStarted()),
                timer.collNet());
        return new Step(result, timer.linkBytes());
    }
}
