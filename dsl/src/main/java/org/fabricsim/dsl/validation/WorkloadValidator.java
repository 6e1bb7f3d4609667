package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.BatchUnit;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.fabric.Phase;
import org.fabricsim.dsl.fabric.PhaseScope;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.training.StepPlan;

import com.google.inject.Inject;

/**
 * Whether a training's parallel plan can run: its degrees multiply to the accelerators used, split heads,
 * layers, experts and the batch evenly, keep TP inside the scale-up domain, and fit in HBM
 * ({@link Memory}), by the rules a search applies too ({@link TrainingRules}); a collective's in-network phase runs
 * within a node. An inference deployment's pools are {@link InferencePoolValidator}'s.
 */
public class WorkloadValidator extends ParallelismCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkTrainingAcceleratorsWithinCluster(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        int available = spec.cluster().accelerators();
        if (spec.accelerators() > available) {
            error("The job uses " + spec.accelerators() + " accelerators but " + training.getCluster().getName()
                    + " has " + available + ": write 'using " + available + " accelerators' or fewer.", training,
                    Literals.TRAINING__ACCELERATORS, IssueCodes.EXCEEDS_CLUSTER, String.valueOf(available));
        }
    }

    @Check
    public void checkTrainingDegreesMultiplyToAccelerators(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        ParallelismSpec par = spec.parallel();
        // In long arithmetic: a product of four ints can exceed any accelerator count.
        long product = (long) par.tensor() * par.pipeline() * par.data() * par.context();
        if (product != spec.accelerators()) {
            long others = (long) par.tensor() * par.pipeline() * par.context();
            String hint = spec.accelerators() % others == 0 ? " (data " + spec.accelerators() / others + ")" : "";
            String using = product <= Integer.MAX_VALUE ? ", or write 'using " + product + " accelerators'" : "";
            error("TP " + par.tensor() + " × PP " + par.pipeline() + " × DP " + par.data() + " × CP " + par.context()
                    + " = " + product + ", but the job uses " + spec.accelerators()
                    + " accelerators: make the product " + spec.accelerators() + hint + using + ".", training,
                    Literals.TRAINING__PARALLEL, IssueCodes.PARALLEL_PRODUCT, String.valueOf(spec.accelerators()));
        }
    }

    @Check
    public void checkTrainingHeadsSplitOverTensor(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec != null) {
            heads(spec.model(), spec.parallel().tensor(), training.getParallel());
        }
    }

    @Check
    public void checkTrainingTensorInsideScaleUp(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec != null) {
            tensorInsideScaleUp(spec.cluster(), spec.model(), spec.parallel().tensor(), training.getParallel());
        }
    }

    @Check
    public void checkTrainingLayersFillStages(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        TransformerSpec model = spec.model();
        ParallelismSpec par = spec.parallel();
        Parallelism written = training.getParallel();
        int stages = par.pipeline() * spec.virtualStages();
        if (!TrainingRules.stagesFit(model, par.pipeline(), spec.virtualStages())) {
            error(model.layers() + " layers cannot fill " + par.pipeline() + " pipeline stages × "
                    + spec.virtualStages() + " virtual stages: use at most " + model.layers() + " stages in all.",
                    written, Literals.PARALLELISM__PIPELINE, IssueCodes.TOO_FEW_LAYERS, String.valueOf(model.layers()));
        } else if (model.layers() % stages != 0) {
            warning(model.layers() + " layers do not divide into " + stages + " pipeline chunks: some stages get "
                    + model.layers() / stages + " layers and others " + (model.layers() / stages + 1)
                    + ", and the fullest sets the pace. Choose a pipeline degree that divides " + model.layers()
                    + " unless the imbalance is deliberate (e.g. lighter first and last stages).", written,
                    Literals.PARALLELISM__PIPELINE, IssueCodes.UNEVEN_STAGES, String.valueOf(model.layers()));
        }
    }

    @Check
    public void checkTrainingExpertsSplitOverExpertDegree(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        TransformerSpec model = spec.model();
        ParallelismSpec par = spec.parallel();
        if (!TrainingRules.expertsSplit(model, par)) {
            error(model.experts() + " experts do not split over EP " + par.expert() + ": choose an expert degree that"
                    + " divides " + model.experts() + ".", training.getParallel(), Literals.PARALLELISM__EXPERT,
                    IssueCodes.EXPERTS_NOT_DIVISIBLE, String.valueOf(model.experts()));
        } else if (!TrainingRules.expertsFold(par)) {
            long block = (long) par.tensor() * par.context() * par.data();
            error("EP " + par.expert() + " must divide TP " + par.tensor() + " × CP " + par.context() + " × DP "
                    + par.data() + " = " + block + " (the expert-parallel groups fold over a pipeline stage's TP × CP"
                    + " × DP ranks): choose an expert degree that divides " + block + ".", training.getParallel(),
                    Literals.PARALLELISM__EXPERT, IssueCodes.EXPERTS_NOT_DIVISIBLE, String.valueOf(model.experts()));
        }
    }

    @Check
    public void checkTrainingBatchSplitsIntoMicroBatches(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        ParallelismSpec par = spec.parallel();
        long perStep = (long) par.data() * spec.microBatch();
        if (training.getBatchUnit() == BatchUnit.TOKENS && training.getBatch() % spec.sequence() != 0) {
            error(training.getBatch() + " tokens are not whole sequences of " + spec.sequence()
                    + ": write a multiple of " + spec.sequence() + " tokens.", training, Literals.TRAINING__BATCH,
                    IssueCodes.BATCH_NOT_DIVISIBLE, String.valueOf(perStep));
        } else if (!TrainingRules.batchSplits(spec)) {
            error("A batch of " + spec.globalBatchSequences() + " sequences does not split into DP " + par.data()
                    + " × micro-batch " + spec.microBatch() + " = " + perStep + ": make the batch a multiple of "
                    + perStep + ".", training, Literals.TRAINING__BATCH, IssueCodes.BATCH_NOT_DIVISIBLE,
                    String.valueOf(perStep));
        }
    }

    @Check
    public void checkTrainingFitsInMemory(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        if (!TrainingRules.stagesFit(spec.model(), spec.parallel().pipeline(), spec.virtualStages())) {
            return; // too few layers for the pipeline: checkTrainingLayersFillStages says so; no layout to size
        }
        if (StepPlan.dualPipeProblem(spec) != null) {
            return; // a dualpipe schedule that cannot run: checkTrainingDualPipeRuns says so, and there is no layout
        }
        long hbm = spec.cluster().node().accelerator().memoryBytes();
        Memory.Breakdown memory = Memory.training(spec);
        if (!TrainingRules.fitsMemory(spec)) {
            error("Does not fit in memory: each accelerator of the busiest pipeline stage needs " + memory.describe()
                    + " but has " + Memory.capacity(hbm) + ". " + memoryRemedies(spec), training, Literals.ELEMENT__NAME,
                    IssueCodes.MEMORY_EXCEEDED, String.valueOf(memory.totalBytes()), String.valueOf(hbm));
        }
    }

    /**
     * What would shrink the job's memory and it does not do yet, as one sentence: a sharding that shards more than
     * its own, {@code sequence-parallel} where TP &gt; 1 runs without it (at TP 1 it splits nothing), full
     * recomputation, a smaller micro-batch where it is above 1, and always more tensor or pipeline parallelism.
     */
    static String memoryRemedies(TrainingSpec spec) {
        java.util.List<String> remedies = new java.util.ArrayList<>();
        switch (spec.sharding()) {
            case NONE, ZERO_1 -> remedies.add("shard the optimizer state and gradients ('sharding zero-2' or 'zero-3')");
            case ZERO_2 -> remedies.add("shard the weights too ('sharding zero-3')");
            default -> { }
        }
        if (spec.parallel().tensor() > 1 && !spec.parallel().sequenceParallel()) {
            remedies.add("add 'sequence-parallel'");
        }
        if (spec.recompute() != TrainingSpec.Recompute.FULL) {
            remedies.add("recompute activations ('recompute full')");
        }
        if (spec.microBatch() > 1) {
            remedies.add("use a smaller micro-batch");
        }
        remedies.add("use more tensor or pipeline parallelism");
        String last = remedies.remove(remedies.size() - 1);
        String all = remedies.isEmpty() ? last : String.join(", ", remedies) + ", or " + last;
        return Character.toUpperCase(all.charAt(0)) + all.substring(1) + ".";
    }

    @Check
    public void checkPhaseInNetworkWithinNode(Phase phase) {
        if (phase.getAlgorithm() == CollectiveAlgorithm.IN_NETWORK && phase.getScope() != PhaseScope.WITHIN_NODE) {
            error("In-network reduction runs inside a node's scale-up switches; use within-node, or another algorithm"
                    + " for " + phase.getScope().getLiteral() + ".", phase, Literals.PHASE__SCOPE,
                    IssueCodes.IN_NETWORK_SCOPE, PhaseScope.WITHIN_NODE.getLiteral());
        }
    }
}
