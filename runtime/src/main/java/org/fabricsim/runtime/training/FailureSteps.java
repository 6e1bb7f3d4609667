package org.fabricsim.runtime.training;

import java.util.function.Function;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.reliability.DegradedFabric;
import org.fabricsim.runtime.reliability.FailureModel;
import org.fabricsim.runtime.reliability.PartCounts;
import org.fabricsim.runtime.reliability.Straggler;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * The step of a training job simulated again under what its cluster's reliability says slows it
 * without stopping it, each on a timer of its own (kept from run to run like the intact one):
 * <ul>
 * <li>a per-part switch or link rate on a fabric that routes around such parts ({@link
 * FailureModel#degradationsPerSecond}): the step on the topology with one cable ({@link
 * ClusterTopology#withoutCable}) or one switch ({@link ClusterTopology#withoutSwitch}) failed;</li>
 * <li>a straggling link: the step with accelerator 0's cable at the straggler's speed ({@link
 * ClusterTopology#withSlowLink});</li>
 * <li>a straggling accelerator: the step with accelerator 0 (in pipeline stage 0) computing at that
 * speed ({@link TrainingStep#simulate(TrainingSpec, StepPlan, CollectiveTimer, CalibrationProfile,
 * double)}), on the intact fabric.</li>
 * </ul>
 * A class that does not apply has no timer and costs nothing. Not thread-safe.
 */
final class FailureSteps {
    private final ReliabilitySpec reliability;
    private final FabricCollectiveTimer cableFailed;
    private final FabricCollectiveTimer switchFailed;
    private final FabricCollectiveTimer slowLink;

    private FailureSteps(ReliabilitySpec reliability, FabricCollectiveTimer cableFailed,
            FabricCollectiveTimer switchFailed, FabricCollectiveTimer slowLink) {
        this.reliability = reliability;
        this.cableFailed = cableFailed;
        this.switchFailed = switchFailed;
        this.slowLink = slowLink;
    }

    /** The timers {@code spec} needs on {@code topology}, made by {@code timers}. */
    static FailureSteps of(TrainingSpec spec, ClusterTopology topology, PartCounts parts,
            Function<ClusterTopology, FabricCollectiveTimer> timers) {
        ReliabilitySpec reliability = spec.cluster().reliability();
        if (reliability == null) {
            return new FailureSteps(null, null, null, null);
        }
        FailureModel failures = FailureModel.of(reliability, parts);
        return new FailureSteps(reliability,
                failures.degradationsPerSecond(Component.LINK) > 0 ? timers.apply(topology.withoutCable()) : null,
                failures.degradationsPerSecond(Component.SWITCH) > 0 ? timers.apply(topology.withoutSwitch()) : null,
                reliability.straggles() && reliability.stragglerIsLink()
                        ? timers.apply(topology.withSlowLink(0, reliability.stragglerSpeed())) : null);
    }

    /** The same timers for the next run of the job ({@link FabricCollectiveTimer#nextRun}). */
    FailureSteps nextRun() {
        return new FailureSteps(reliability, next(cableFailed), next(switchFailed), next(slowLink));
    }

    private static FabricCollectiveTimer next(FabricCollectiveTimer timer) {
        return timer == null ? null : timer.nextRun();
    }

    /** The steps with a cable and a switch failed against the intact {@code step}; null when neither degrades it. */
    DegradedFabric degraded(TrainingSpec spec, StepPlan plan, CalibrationProfile profile, double step) {
        if (cableFailed == null && switchFailed == null) {
            return null;
        }
        return new DegradedFabric(step, stepSeconds(spec, plan, profile, cableFailed),
                stepSeconds(spec, plan, profile, switchFailed));
    }

    /**
     * The step with the straggler against the intact {@code step}, a straggling accelerator timed on
     * a next run of {@code intact} (its solved patterns, its own link traffic); null without one.
     */
    Straggler straggler(TrainingSpec spec, StepPlan plan, CalibrationProfile profile, double step,
            FabricCollectiveTimer intact) {
        if (reliability == null || !reliability.straggles()) {
            return null;
        }
        double straggled = reliability.stragglerIsLink() ? stepSeconds(spec, plan, profile, slowLink)
                : TrainingStep.simulate(spec, plan, intact.nextRun(), profile, reliability.stragglerSpeed())
                        .stepSeconds();
        return new Straggler(step, straggled);
    }

    private static double stepSeconds(TrainingSpec spec, StepPlan plan, CalibrationProfile profile,
            FabricCollectiveTimer timer) {
        return timer == null ? Double.NaN : TrainingStep.simulate(spec, plan, timer, profile).stepSeconds();
    }
}
