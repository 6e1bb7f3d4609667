package org.fabricsim.runtime.training;

import java.util.function.Function;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.reliability.DegradedFabric;
import org.fabricsim.runtime.reliability.PartCounts;
import org.fabricsim.runtime.reliability.Straggler;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Runs of one training job under calibration profiles given one after another, as a fit evaluates
 * them: the cluster's topology and the solved communication patterns are kept from one run to the
 * next while the profile's collective constants ({@link Calibration}: link efficiencies and step
 * latencies) stay equal, and rebuilt when they change. The network model's times depend on those
 * constants, the topology, the placement, the routing and the seed only, never on the compute
 * constants, so a run gives the result of a fresh {@link TrainingSimulator#run(TrainingSpec,
 * CalibrationProfile, long)} with the same profile, to the last digit or two (a ring pattern is
 * scaled from the first size any run asked for, and the sizes a step asks for can differ in their
 * last bits from one profile to another: relative differences of about 10⁻¹⁶). A run that
 * reuses the patterns costs the compute model and the pipeline schedule, O(P · tasks), instead of
 * the network solves (on the reference rows, about 30 times less).
 *
 * <p>Failures the fabric routes around and stragglers: the step is simulated again under each
 * ({@link FailureSteps}), on timers kept like the intact one and of its kind (across pods, the
 * failed or slow part lies in one pod's fabric), and the result reports them.
 *
 * <p>The engine counts of a result ({@code eventsFired}, {@code flowsStarted}) are what that run
 * itself solved on the intact fabric: zero for a run that reused every pattern. Not thread-safe:
 * one job, one caller.
 */
public final class TrainingRuns {
    private final TrainingSpec spec;
    private final long seed;
    private final FabricBehaviour behaviour;
    /** The micro-batch's sampled routing, kept from one run to the next. */
    private final SampledRouting routings = new SampledRouting();
    private Calibration collectives;
    /** The step's timer: flat, or across pods when the job's data parallelism spans pods ({@link PodHierarchyTimer}). */
    private RunTimer timer;
    private FailureSteps failureSteps;
    private PartCounts parts;

    /**
     * Runs of {@code spec} whose ECMP hashes are seeded with {@code seed}, on the behaviour its
     * cluster's scale-out fabric states ({@link FabricBehaviours#of(org.fabricsim.runtime.spec.ClusterSpec)};
     * the ideal fabric when it states no loss).
     */
    public TrainingRuns(TrainingSpec spec, long seed) {
        this(spec, seed, FabricBehaviours.of(spec.cluster()));
    }

    /**
     * Runs of {@code spec} on a scale-out fabric of the measured {@code behaviour} ({@link
     * FabricBehaviour}; null: the ideal fabric), ECMP hashes seeded with {@code seed}.
     */
    public TrainingRuns(TrainingSpec spec, long seed, FabricBehaviour behaviour) {
        TrainingSimulator.check(spec);
        this.spec = spec;
        this.seed = seed;
        this.behaviour = behaviour;
    }

    /** One step of the job with the constants of {@code profile}. */
    public RunResult run(CalibrationProfile profile) {
        long startNanos = System.nanoTime();
        Calibration now = Calibration.of(profile);
        if (now.equals(collectives)) {
            timer = timer.nextRun();
            failureSteps = failureSteps.nextRun();
        } else {
            collectives = now;
            ClusterTopology topology = ClusterTopologies.build(spec.cluster(), now);
            parts = PartCounts.of(spec.cluster(), spec.accelerators(), topology);
            int pods = spec.parallel().pods();
            ClusterTopology stepTopology = pods < 2 ? topology : ClusterTopologies.build(spec.cluster().pod(pods), now);
            Function<ClusterTopology, RunTimer> timers = pods < 2 ? t -> flat(t, spec.parallel(), now)
                    : acrossPods(topology, now);
            timer = timers.apply(stepTopology);
            failureSteps = FailureSteps.of(spec, stepTopology, parts, timers);
        }
        StepPlan plan = StepPlan.of(spec);
        StepBreakdown step = TrainingStep.simulate(spec, plan, timer, profile, routings, 1);
        DegradedFabric degraded = failureSteps.degraded(spec, plan, profile, routings, step.stepSeconds());
        Straggler straggler = failureSteps.straggler(spec, plan, profile, routings, step.stepSeconds(), timer);
        return DataParallelCollNet.report(TrainingSimulator.result(spec, step, parts, degraded, straggler, seed,
                (System.nanoTime() - startNanos) / 1e9).withEngine(timer.eventsFired(), timer.flowsStarted()),
                timer.collNet());
    }

    /** The flat timer of {@code plan} on {@code topology}, the scale-out fabric's routing and behaviour. */
    private FabricCollectiveTimer flat(ClusterTopology topology, ParallelismSpec plan, Calibration calibration) {
        return new FabricCollectiveTimer(topology, Placement.of(plan), ClusterTopologies.routing(spec.cluster()),
                ClusterTopologies.flowsPerPeer(spec.cluster()), seed, calibration, NetworkKind.MAX_MIN, behaviour, null,
                Generation.of(spec.cluster().node().accelerator().architecture()), spec.collNetEnabled(),
                spec.dataParallelAlgorithm());
    }

    /**
     * The hierarchical timers of a job whose data parallelism spans pods ({@link PodHierarchyTimer}),
     * one per pod topology given (one pod, {@link ClusterSpec#pod}, intact or with a part failed): the
     * in-pod plan on that pod, the cross-pod ranks on the data-centre network of {@code cluster},
     * routed by ECMP with one flow per peer and no measured behaviour (those are the scale-out
     * fabric's), solved once and shared by every timer made.
     */
    private Function<ClusterTopology, RunTimer> acrossPods(ClusterTopology cluster, Calibration calibration) {
        int pods = spec.parallel().pods();
        ParallelismSpec inside = spec.parallel().inPod();
        FabricCollectiveTimer crossPod = new FabricCollectiveTimer(cluster.onDataCentre(),
                Placement.of(new ParallelismSpec(inside.accelerators(), 1, pods, 1, 1, false)), RoutingMode.ECMP, 1,
                seed, calibration, NetworkKind.MAX_MIN, null);
        return pod -> new PodHierarchyTimer(flat(pod, inside, calibration), crossPod.nextRun(), spec.parallel().data(),
                pods);
    }
}
