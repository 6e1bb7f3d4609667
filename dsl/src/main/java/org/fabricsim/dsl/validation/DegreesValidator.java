package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

import com.google.inject.Inject;

/**
 * Whether the counts and degrees a job and its model write mean what they say: none is 0 (the mapping
 * would read a degree as 1, and refuses a model or training of 0 layers, tokens or sequences), expert parallelism has experts to split, and ring attention can split each
 * sequence into the 2 × CP chunks of causal load balancing.
 */
public class DegreesValidator extends FabricCheck {
    private static final List<EAttribute> DEGREES = List.of(Literals.PARALLELISM__TENSOR,
            Literals.PARALLELISM__PIPELINE, Literals.PARALLELISM__DATA, Literals.PARALLELISM__CONTEXT,
            Literals.PARALLELISM__EXPERT);
    /** The counts of a model that the engine divides by or sizes with: each at least 1. */
    private static final List<EAttribute> MODEL_COUNTS = List.of(Literals.LANGUAGE_MODEL__LAYERS,
            Literals.LANGUAGE_MODEL__HIDDEN, Literals.LANGUAGE_MODEL__HEADS, Literals.LANGUAGE_MODEL__KV_HEADS,
            Literals.LANGUAGE_MODEL__HEAD_DIM, Literals.LANGUAGE_MODEL__VOCAB);

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkParallelismDegreesPositive(Parallelism parallel) {
        for (EAttribute degree : DEGREES) {
            notZero(parallel, degree, degree.getName() + " 0 would run as " + degree.getName() + " 1: write a degree"
                    + " of at least 1, or leave it out for 1.");
        }
    }

    @Check
    public void checkModelCountsPositive(LanguageModel model) {
        for (EAttribute count : MODEL_COUNTS) {
            String keyword = count == Literals.LANGUAGE_MODEL__KV_HEADS ? "kv-heads"
                    : count == Literals.LANGUAGE_MODEL__HEAD_DIM ? "head-dim" : count.getName();
            notZero(model, count, "A model's '" + keyword + "' is at least 1: write '" + keyword + " 1' or more.");
        }
        if (!Written.written(model, Literals.LANGUAGE_MODEL__HEAD_DIM) && model.getHeads() > model.getHidden()
                && model.getHidden() > 0) {
            error(model.getHeads() + " heads of a hidden size of " + model.getHidden() + " leave the default head-dim,"
                    + " hidden ÷ heads, at 0: write at most " + model.getHidden() + " heads, or the model's 'head-dim'.",
                    model, Literals.LANGUAGE_MODEL__HEADS, IssueCodes.NOT_POSITIVE);
        }
    }

    @Check
    public void checkTrainingCountsPositive(Training training) {
        notZero(training, Literals.TRAINING__SEQUENCE, "A sequence holds at least one token: write 'sequence 1' or"
                + " more.");
        notZero(training, Literals.TRAINING__BATCH, "A batch holds at least one sequence: write 'batch 1 sequences'"
                + " or more.");
        notZero(training, Literals.TRAINING__ACCELERATORS, "A job uses at least one accelerator: write 'using 1"
                + " accelerators' or more, or leave it out for the whole cluster.");
        notZero(training, Literals.TRAINING__MICRO_BATCH, "A micro-batch holds at least one sequence: write"
                + " 'micro-batch 1' or more.");
        notZero(training, Literals.TRAINING__VIRTUAL_STAGES, "Each pipeline rank holds at least one model chunk:"
                + " write 'virtual-stages 1' or more.");
    }

    @Check
    public void checkPoolReplicasPositive(Pool pool) {
        notZero(pool, Literals.POOL__REPLICAS, "A pool serves with at least one replica: write 'replicas 1' or more.");
    }

    @Check
    public void checkTrainingExpertOnDense(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec != null) {
            expertOnDense(spec.model(), spec.parallel(), training.getParallel());
        }
    }

    @Check
    public void checkPoolExpertOnDense(Pool pool) {
        InferenceSpec spec = pool.eContainer() instanceof Inference inference
                ? CheckedSpecs.inference(mapper, getContext(), inference) : null;
        int index = spec == null ? -1 : ((Inference) pool.eContainer()).getPools().indexOf(pool);
        if (index >= 0 && index < spec.pools().size()) {
            expertOnDense(spec.model(), spec.pools().get(index).parallel(), pool.getParallel());
        }
    }

    @Check
    public void checkTrainingContextSplit(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null || spec.parallel().context() < 2
                || spec.parallel().contextMode() != ParallelismSpec.ContextMode.RING) {
            return;
        }
        int chunks = 2 * spec.parallel().context();
        if (!TrainingRules.contextSplits(spec)) {
            int next = (spec.sequence() / chunks + 1) * chunks;
            error("Ring attention balances the causal mask by cutting each sequence into 2 × CP = " + chunks
                    + " equal chunks (CP rank i holds chunks i and " + (chunks - 1) + " − i, as Megatron-Core's"
                    + " context parallelism does), so the sequence must be a multiple of " + chunks + "; " + spec.sequence()
                    + " is not. Use a sequence of " + next + " tokens, or another context degree.", training,
                    Literals.TRAINING__SEQUENCE, IssueCodes.CONTEXT_SPLIT, String.valueOf(next));
        }
    }

    private void expertOnDense(TransformerSpec model, ParallelismSpec plan, Parallelism written) {
        if (!model.moe() && plan.expert() > 1) {
            warning("EP " + plan.expert() + " has nothing to split: " + model.name() + " is dense, without experts."
                    + " Remove 'expert " + plan.expert() + "'.",
                    written, Literals.PARALLELISM__EXPERT, IssueCodes.EXPERT_ON_DENSE);
        }
    }

    private void notZero(EObject owner, EAttribute count, String message) {
        if (Written.written(owner, count) && Integer.valueOf(0).equals(owner.eGet(count))) {
            error(message, owner, count, IssueCodes.NOT_POSITIVE);
        }
    }
}
