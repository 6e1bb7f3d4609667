package org.fabricsim.runtime.study;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.result.Comparison;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * What a training run's fabric costs it in MFU, split into its behaviour and its routing: the same
 * step on the same switches and links with the ideal behaviour (max-min sharing: the fabric stating
 * no loss) under the fabric's routing, M_r, and with the ideal behaviour under ideal routing
 * (every flow sprayed evenly over its equal-cost paths: no hash collisions), M_s. Ideal routing may also
 * route as the fabric does, and spraying is not always the faster step (a skewed all-to-all can finish a
 * little later sprayed), so M_i = max(M_s, M_r). With M the run's MFU, {@value #BEHAVIOUR} = M_r − M and
 * {@value #ROUTING} = M_i − M_r (never negative), so the two add up to what the fabric loses against an
 * ideal fabric of the same hardware, M_i − M.
 *
 * <p>Taken for a training run on a cluster whose fabric states a behaviour ({@link
 * FabricBehaviours#of}), in a study that reports both {@code mfu} and {@code cost}: the question
 * "how many MFU points and dollars", which {@link org.fabricsim.runtime.result.Comparison} then
 * splits per run against the baseline. Cost: two more steps of the job on the same engine.
 */
final class MfuSplit {
    /** The MFU the fabric's behaviour costs, M_r − M (a fraction, like {@code mfu}). */
    static final String BEHAVIOUR = Comparison.LOST_TO_BEHAVIOUR;
    /** The MFU the fabric's routing costs against ideal routing, M_i − M_r ≥ 0. */
    static final String ROUTING = Comparison.LOST_TO_ROUTING;

    /** The parameter that says why a run carries no split: an ideal-fabric step that could not run. */
    static final String SPLIT_NOT_TAKEN = "mfuSplitNotTaken";

    private MfuSplit() {
    }

    /** Whether {@code study}'s run of {@code workload} gets the split (see the class comment). */
    static boolean applies(StudySpec study, WorkloadSpec workload) {
        return workload instanceof TrainingSpec training && study.report().contains("mfu")
                && study.report().contains("cost") && FabricBehaviours.of(training.cluster()) != null;
    }

    /** {@code result} with the split, its counterfactual steps run on {@code engine}; a failed run as it is. */
    static RunResult split(RunResult result, TrainingSpec training, StudyRunner.Engine engine,
            CalibrationProfile profile, long seed) {
        if (!result.succeeded() || !(result.metrics().get("mfu") instanceof Number mfu)) {
            return result;
        }
        ClusterSpec cluster = training.cluster();
        ScaleOutSpec scaleOut = cluster.scaleOut();
        FabricSpec ideal = idealBehaviour(scaleOut.fabric());
        try {
            double ownRouting = mfu(engine.run(on(training, cluster.withScaleOut(
                    new ScaleOutSpec(ideal, scaleOut.topology(), scaleOut.routing()))), profile, seed));
            double sprayed = mfu(engine.run(on(training, cluster.withScaleOut(
                    new ScaleOutSpec(ideal, scaleOut.topology(), ScaleOutSpec.Routing.SPRAYING))), profile, seed));
            double idealRouting = Math.max(sprayed, ownRouting);
            return result.withMetric(BEHAVIOUR, ownRouting - mfu.doubleValue()).withMetric(ROUTING,
                    idealRouting - ownRouting);
        } catch (RuntimeException e) {
            // The run itself stands; the result says why it carries no split (e.g. a topology the flow model
            // cannot spray over).
            return result.withParameter(SPLIT_NOT_TAKEN, e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    /** {@code fabric} stating no loss: the ideal behaviour, everything else as it is. */
    private static FabricSpec idealBehaviour(FabricSpec f) {
        return new FabricSpec(f.name(), f.vendor(), f.scope(), f.openStandard(), f.acceleratorVendor(),
                f.linkBytesPerSecond(), f.latencyPs(), FabricSpec.FlowControl.UNSTATED, f.congestionControl(),
                f.adaptiveRouting(), f.packetSpraying(), f.inNetworkReduction(), f.flowsPerPeer(), f.linkEfficiency(),
                f.packet());
    }

    private static TrainingSpec on(TrainingSpec training, ClusterSpec cluster) {
        TrainingDraft draft = new TrainingDraft(training);
        draft.cluster = cluster;
        return draft.build();
    }

    private static double mfu(RunResult counterfactual) {
        if (!(counterfactual.metrics().get("mfu") instanceof Number mfu)) {
            throw new IllegalStateException("its ideal-fabric step failed: " + counterfactual.error());
        }
        return mfu.doubleValue();
    }
}
