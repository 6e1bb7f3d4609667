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
import org.fabricsim.runtime.topology.DegradedTopologies;

/**
 * The step of a training job simulated again under what its cluster's reliability says slows it
 * without stopping it, each on a timer of its own of the same kind as the intact step's (flat, or
 * across pods: {@link PodHierarchyTimer}), kept from run to run like the intact one:
 * <ul>
 * <li>a per-part switch or link rate on a fabric that routes around such parts ({@link
 * FailureModel#degradationsPerSecond}): the step on the topology with one cable ({@link
 * DegradedTopologies#withoutCable}) or one switch ({@link DegradedTopologies#withoutSwitch}) failed;</li>
 * <li>a straggling link: the step with accelerator 0's cable at the straggler's speed ({@link
 * DegradedTopologies#withSlowLink});</li>
 * <li>a straggling accelerator: the step with accelerator 0 (in pipeline stage 0) computing at that
 * speed ({@link TrainingStep#simulate(TrainingSpec, StepPlan, CollectiveTimer, CalibrationProfile,
 * SampledRouting, double)}), on the intact fabric.</li>
 * </ul>
 * The topology failed or slowed is the one the step's scale-out traffic runs on: the cluster's, or
 * for a job whose data parallelism spans pods, pod 0's (the data-centre network stays intact: its
 * cables are not counted among the re-routable parts, {@link PartCounts}). A pod whose fabric has no
 * re-routable part of a class that fails elsewhere in the cluster (only the tier between pods has
 * one) carries none of the step's traffic over it: its step is timed on the intact pod, the intact
 * step's time. A class that does not apply has no timer and costs nothing. Not thread-safe.
 */
final class FailureSteps {
    private final ReliabilitySpec reliability;
    private final RunTimer cableFailed;
    private final RunTimer switchFailed;
    private final RunTimer slowLink;

    private FailureSteps(ReliabilitySpec reliability, RunTimer cableFailed, RunTimer switchFailed, RunTimer slowLink) {
        this.reliability = reliability;
        this.cableFailed = cableFailed;
        this.switchFailed = switchFailed;
        this.slowLink = slowLink;
    }

    /**
     * The timers {@code spec} needs, made by {@code timers} from {@code topology} (the step's: the
     * cluster's or one pod's) with a part failed or slowed.
     */
    static FailureSteps of(TrainingSpec spec, ClusterTopology topology, PartCounts parts,
            Function<ClusterTopology, RunTimer> timers) {
        ReliabilitySpec reliability = spec.cluster().reliability();
        if (reliability == null) {
            return new FailureSteps(null, null, null, null);
        }
        FailureModel failures = FailureModel.of(reliability, parts);
        RunTimer cableFailed = null;
        if (failures.degradationsPerSecond(Component.LINK) > 0) {
            cableFailed = timers.apply(topology.reroutableLinks() > 0
                    ? DegradedTopologies.withoutCable(topology) : topology);
        }
        RunTimer switchFailed = null;
        if (failures.degradationsPerSecond(Component.SWITCH) > 0) {
            switchFailed = timers.apply(topology.reroutableSwitches() > 0
                    ? DegradedTopologies.withoutSwitch(topology) : topology);
        }
        return new FailureSteps(reliability, cableFailed, switchFailed,
                reliability.straggles() && reliability.stragglerIsLink()
                        ? timers.apply(DegradedTopologies.withSlowLink(topology, 0, reliability.stragglerSpeed()))
                        : null);
    }

    /** The same timers for the next run of the job ({@link RunTimer#nextRun}). */
    FailureSteps nextRun() {
        return new FailureSteps(reliability, next(cableFailed), next(switchFailed), next(slowLink));
    }

    private static RunTimer next(RunTimer timer) {
        return timer == null ? null : timer.nextRun();
    }

    /**
     * The steps with a cable and a switch failed against the intact {@code step}, routed as {@code routings}
     * samples; null when neither degrades it.
     */
    DegradedFabric degraded(TrainingSpec spec, StepPlan plan, CalibrationProfile profile, SampledRouting routings,
            double step) {
        if (cableFailed == null && switchFailed == null) {
            return null;
        }
        return new DegradedFabric(step, stepSeconds(spec, plan, profile, routings, cableFailed),
                stepSeconds(spec, plan, profile, routings, switchFailed));
    }

    /**
     * The step with the straggler against the intact {@code step}, a straggling accelerator timed on
     * a next run of {@code intact} (the intact step's timer: its solved patterns, its own link
     * traffic), routed as {@code routings} samples; null without one.
     */
    Straggler straggler(TrainingSpec spec, StepPlan plan, CalibrationProfile profile, SampledRouting routings,
            double step, RunTimer intact) {
        if (reliability == null || !reliability.straggles()) {
            return null;
        }
        double straggled = reliability.stragglerIsLink() ? stepSeconds(spec, plan, profile, routings, slowLink)
                : TrainingStep.simulate(spec, plan, intact.nextRun(), profile, routings, reliability.stragglerSpeed())
                        .stepSeconds();
        return new Straggler(step, straggled);
    }

    private static double stepSeconds(TrainingSpec spec, StepPlan plan, CalibrationProfile profile,
            SampledRouting routings, RunTimer timer) {
        return timer == null ? Double.NaN
                : TrainingStep.simulate(spec, plan, timer, profile, routings, 1).stepSeconds();
    }
}
