package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import java.math.BigDecimal;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.ExpertDispatcher;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.fabric.PipelineSchedule;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Models;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

import com.google.inject.Inject;

/**
 * A plan's {@code dispatcher}, {@code communication-sms} and {@code node-limit}, which need an expert all-to-all
 * to act on, and its {@code capacity-factor} and {@code routing-skew} ({@link ExpertRoutingSpec}): both
 * describe a mixture-of-experts router, so they belong to MoE models; the factor is positive and,
 * below 1, drops tokens even when routing is balanced; the skew lies in [1, EP], since the busiest
 * of EP ranks receives at least the mean and at most every token (EP × the mean). Checked on the
 * written values, so that a value the mapping refuses still gets its own message.
 */
public class ExpertRoutingValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkPoolDispatcherIgnored(Parallelism parallel) {
        if (written(parallel, Literals.PARALLELISM__DISPATCHER) && parallel.eContainer() instanceof Pool) {
            info("'dispatcher' chooses a training job's token dispatcher; an inference pool picks its expert kernels"
                    + " itself (DeepEP's normal kernels where they fit), so the line changes nothing here: remove it.",
                    parallel, Literals.PARALLELISM__DISPATCHER, IssueCodes.SERVING_FEATURE_IGNORED, "dispatcher");
        }
    }

    @Check
    public void checkDispatcherNeedsExperts(Parallelism parallel) {
        if (!written(parallel, Literals.PARALLELISM__DISPATCHER) || parallel.eContainer() instanceof Pool) {
            return;
        }
        boolean dense = dense(parallel);
        if (dense || parallel.getExpert() <= 1) {
            warning("'dispatcher' says how the expert all-to-all moves tokens; "
                    + (dense ? model(parallel).getName() + " is dense, without experts"
                            : "with expert parallelism 1 every expert is local")
                    + ", so there is no all-to-all to dispatch: remove it.", parallel, Literals.PARALLELISM__DISPATCHER,
                    IssueCodes.DISPATCHER_WITHOUT_EXPERTS);
        }
    }

    /** {@code communication-sms} outside a training job: an info, as an inference pool times its kernels itself. */
    @Check
    public void checkPoolCommunicationSmsIgnored(Parallelism parallel) {
        if (written(parallel, Literals.PARALLELISM__COMMUNICATION_SMS)
                && !(parallel.eContainer() instanceof Training)) {
            info("'communication-sms' gives a training job's hidden expert all-to-all its SMs; an inference pool"
                    + " times its kernels itself, so the line changes nothing here: remove it.", parallel,
                    Literals.PARALLELISM__COMMUNICATION_SMS, IssueCodes.SERVING_FEATURE_IGNORED, "communication-sms");
        }
    }

    @Check
    public void checkCommunicationSmsPositive(Parallelism parallel) {
        if (written(parallel, Literals.PARALLELISM__COMMUNICATION_SMS) && parallel.eContainer() instanceof Training
                && parallel.getCommunicationSms() <= 0) {
            error("'communication-sms' is how many SMs the expert dispatch and combine hold, so it is at least 1"
                    + " (DeepSeek-V3 gives them 20 of an H800's 132).", parallel,
                    Literals.PARALLELISM__COMMUNICATION_SMS, IssueCodes.NOT_POSITIVE);
        }
    }

    /**
     * {@code communication-sms} at or above the accelerator's SMs (its {@code compute-units}, else the tile slots its
     * BF16 peak implies, {@link Device#smShare}): DualPipe dedicates them to the dispatch and combine for the whole
     * pair, so none would be left for the MoE layers' compute, which the run refuses. O(groups) for the mapping.
     */
    @Check
    public void checkCommunicationSmsLeaveCompute(Parallelism parallel) {
        if (!written(parallel, Literals.PARALLELISM__COMMUNICATION_SMS)
                || !(parallel.eContainer() instanceof Training training) || parallel.getCommunicationSms() <= 0) {
            return;
        }
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        Device device;
        try {
            device = Device.forTraining(spec.cluster().node().accelerator(), spec.precision(),
                    CalibrationProfile.defaults());
        } catch (IllegalArgumentException unsupported) {
            return; // the precision check reports it
        }
        if (device.smShare(parallel.getCommunicationSms()) >= 1) {
            long sms = Math.round(1 / device.smShare(1));
            error("'communication-sms " + parallel.getCommunicationSms() + "' takes every SM of the accelerator ("
                    + sms + ") and leaves none for the MoE layers' compute, which DualPipe runs beside the dispatch"
                    + " and combine: state fewer (DeepSeek-V3 gives them 20 of an H800's 132).", parallel,
                    Literals.PARALLELISM__COMMUNICATION_SMS, IssueCodes.COMMUNICATION_SMS_TAKE_EVERY_SM);
        }
    }

    /**
     * A positive {@code communication-sms} is a warning where nothing hides an expert all-to-all behind compute (a
     * dense model, EP 1, a schedule other than DualPipe).
     */
    @Check
    public void checkCommunicationSmsNeedsHiddenAllToAll(Parallelism parallel) {
        if (!written(parallel, Literals.PARALLELISM__COMMUNICATION_SMS)
                || !(parallel.eContainer() instanceof Training training) || parallel.getCommunicationSms() <= 0) {
            return;
        }
        String why = dense(parallel) ? training.getModel().getName() + " is dense, without experts"
                : parallel.getExpert() <= 1 ? "with expert parallelism 1 every expert is local"
                : training.getSchedule() != PipelineSchedule.DUALPIPE
                        ? "only the 'dualpipe' schedule hides the expert all-to-all behind compute" : null;
        if (why != null) {
            warning("'communication-sms' sets the SMs a hidden expert all-to-all takes from compute; " + why
                    + ", so it changes nothing: remove it.", parallel, Literals.PARALLELISM__COMMUNICATION_SMS,
                    IssueCodes.COMMUNICATION_SMS_IGNORED);
        }
    }

    /** {@code node-limit} outside a training job: an info, as an inference pool times its expert kernels itself. */
    @Check
    public void checkPoolNodeLimitIgnored(Parallelism parallel) {
        if (written(parallel, Literals.PARALLELISM__NODE_LIMIT) && !(parallel.eContainer() instanceof Training)) {
            info("'node-limit' caps the nodes a training job's DeepEP dispatch sends a token to; an inference pool"
                    + " times its expert kernels itself, so the line changes nothing here: remove it.", parallel,
                    Literals.PARALLELISM__NODE_LIMIT, IssueCodes.SERVING_FEATURE_IGNORED, "node-limit");
        }
    }

    @Check
    public void checkNodeLimitPositive(Parallelism parallel) {
        if (written(parallel, Literals.PARALLELISM__NODE_LIMIT) && parallel.eContainer() instanceof Training
                && parallel.getNodeLimit() <= 0) {
            error("'node-limit' is the most nodes the router sends a token to, so it is at least 1 (DeepSeek-V3"
                    + " routes to at most 4); leave it out for no limit.", parallel, Literals.PARALLELISM__NODE_LIMIT,
                    IssueCodes.NOT_POSITIVE);
        }
    }

    /**
     * A positive {@code node-limit} is a warning where it changes nothing (no expert all-to-all, a dispatcher other
     * than DeepEP's, or a limit of at least top-k).
     */
    @Check
    public void checkNodeLimitNarrowsDeepEpDispatch(Parallelism parallel) {
        if (!written(parallel, Literals.PARALLELISM__NODE_LIMIT)
                || !(parallel.eContainer() instanceof Training training) || parallel.getNodeLimit() <= 0) {
            return;
        }
        LanguageModel model = training.getModel();
        boolean known = model != null && !model.eIsProxy();
        String why = dense(parallel) ? model.getName() + " is dense, without experts"
                : parallel.getExpert() <= 1 ? "with expert parallelism 1 every expert is local"
                : parallel.getDispatcher() != ExpertDispatcher.DEEPEP
                        ? "the all-to-all dispatcher sends each of a token's copies to its expert's rank however many"
                                + " nodes they lie on ('dispatcher deepep' sends one copy a node)"
                : known && parallel.getNodeLimit() >= model.getTopK() ? "a token's " + model.getTopK()
                        + " experts never lie on more than " + model.getTopK() + " nodes" : null;
        if (why != null) {
            warning("'node-limit' caps the nodes a token's dispatch crosses to; " + why
                    + ", so it changes nothing: remove it.", parallel, Literals.PARALLELISM__NODE_LIMIT,
                    IssueCodes.NODE_LIMIT_IGNORED);
        }
    }

    @Check
    public void checkExpertRoutingNeedsMoe(Parallelism parallel) {
        boolean capacityWritten = written(parallel, Literals.PARALLELISM__CAPACITY_FACTOR);
        if ((capacityWritten || written(parallel, Literals.PARALLELISM__ROUTING_SKEW)) && dense(parallel)) {
            String name = capacityWritten ? "capacity-factor" : "routing-skew";
            error("'" + name + "' describes how a mixture-of-experts router loads the expert-parallel ranks; "
                    + model(parallel).getName() + " is dense, without experts or a router: remove it.", parallel,
                    capacityWritten ? Literals.PARALLELISM__CAPACITY_FACTOR : Literals.PARALLELISM__ROUTING_SKEW,
                    IssueCodes.ROUTING_ON_DENSE);
        }
    }

    @Check
    public void checkCapacityFactorPositive(Parallelism parallel) {
        if (!dense(parallel) && written(parallel, Literals.PARALLELISM__CAPACITY_FACTOR) && !(capacity(parallel) > 0)) {
            error("'capacity-factor' is how many times its mean load an expert-parallel rank's experts take, so it"
                    + " must be positive; leave it out for no capacity limit (dropless, as DeepSeek-V3 trains).",
                    parallel, Literals.PARALLELISM__CAPACITY_FACTOR, IssueCodes.CAPACITY_FACTOR);
        }
    }

    @Check
    public void checkCapacityFactorDropsNoBalancedTokens(Parallelism parallel) {
        if (dense(parallel) || !written(parallel, Literals.PARALLELISM__CAPACITY_FACTOR)) {
            return;
        }
        double capacity = capacity(parallel);
        if (capacity > 0 && capacity < 1) {
            warning("With 'capacity-factor " + parallel.getCapacityFactor() + "' every expert-parallel rank drops "
                    + Math.round((1 - capacity) * 100) + "% of its tokens even when routing is perfectly balanced."
                    + " Use 1 or more (Switch Transformer trains at 1.25), or leave it out for no limit.", parallel,
                    Literals.PARALLELISM__CAPACITY_FACTOR, IssueCodes.CAPACITY_BELOW_ONE, "1");
        }
    }

    @Check
    public void checkRoutingSkewWithinExpertDegree(Parallelism parallel) {
        if (dense(parallel) || !written(parallel, Literals.PARALLELISM__ROUTING_SKEW)) {
            return;
        }
        double skew = new BigDecimal(parallel.getRoutingSkew()).doubleValue();
        int expert = Math.max(1, parallel.getExpert());
        if (skew >= ExpertRoutingSpec.BALANCED && skew <= expert) {
            return;
        }
        double nearest = Math.max(ExpertRoutingSpec.BALANCED, Math.min(expert, skew));
        String why = skew < ExpertRoutingSpec.BALANCED
                ? "the busiest rank receives at least the mean, so the skew is at least 1 (1 is balanced routing)"
                : "the busiest of EP " + expert + " ranks cannot receive more than every token, " + expert
                        + " times the mean, so the skew is at most " + expert;
        error("'routing-skew' is the busiest expert-parallel rank's tokens over the mean: " + why + ".", parallel,
                Literals.PARALLELISM__ROUTING_SKEW, IssueCodes.ROUTING_SKEW, BigDecimal.valueOf(nearest)
                        .stripTrailingZeros().toPlainString());
    }

    private static double capacity(Parallelism parallel) {
        return new BigDecimal(parallel.getCapacityFactor()).doubleValue();
    }

    /** Whether the plan's model is known and dense (its routing settings are then refused as a whole). */
    private static boolean dense(Parallelism parallel) {
        LanguageModel model = model(parallel);
        return model != null && !model.eIsProxy() && !Models.moe(model);
    }

    /** The model of the training job or inference deployment that {@code parallel} belongs to, or null. */
    private static LanguageModel model(Parallelism parallel) {
        if (parallel.eContainer() instanceof Training training) {
            return training.getModel();
        }
        if (parallel.eContainer() instanceof Pool pool && pool.eContainer() instanceof Inference inference) {
            return inference.getModel();
        }
        return null;
    }
}
