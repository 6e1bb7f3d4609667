package org.fabricsim.dsl.validation;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.BatchUnit;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.fabric.Phase;
import org.fabricsim.dsl.fabric.PhaseScope;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.analysis.ServingRules;
import org.fabricsim.runtime.analysis.TrainingRules;
import org.fabricsim.runtime.inference.EngineReservation;
import org.fabricsim.runtime.inference.ReplicaMemory;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.training.StepPlan;

import com.google.inject.Inject;

/**
 * Whether a parallel plan can run: its degrees multiply to the accelerators used, split heads,
 * layers, experts and the batch evenly, keep TP inside the scale-up domain, and fit in HBM
 * ({@link Memory}), by the rules a search applies too ({@link TrainingRules}); an inference replica must hold the
 * weights and the KV cache of one request by the simulator's rule ({@link ReplicaMemory}); a collective's in-network
 * phase runs within a node.
 */
public class WorkloadValidator extends FabricCheck {

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
            tensorInsideScaleUp(spec.cluster(), spec.parallel().tensor(), training.getParallel());
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
        if (spec.parallel().pipeline() * spec.virtualStages() > spec.model().layers()) {
            return; // too few layers for the pipeline: checkTrainingLayersFillStages says so; no layout to size
        }
        if (StepPlan.dualPipeProblem(spec) != null) {
            return; // a dualpipe schedule that cannot run: checkTrainingDualPipeRuns says so, and there is no layout
        }
        long hbm = spec.cluster().node().accelerator().memoryBytes();
        Memory.Breakdown memory = Memory.training(spec);
        if (!TrainingRules.fitsMemory(spec)) {
            error("Does not fit in memory: each accelerator of the busiest pipeline stage needs " + memory.describe()
                    + " but has " + Memory.gigabytes(hbm) + ". Shard the optimizer state and gradients ('sharding zero-2' or"
                    + " 'zero-3'), add 'sequence-parallel', recompute activations ('recompute full'), use a smaller"
                    + " micro-batch, or more tensor/pipeline parallelism.", training, Literals.ELEMENT__NAME,
                    IssueCodes.MEMORY_EXCEEDED, String.valueOf(memory.totalBytes()), String.valueOf(hbm));
        }
    }

    @Check
    public void checkPhaseInNetworkWithinNode(Phase phase) {
        if (phase.getAlgorithm() == CollectiveAlgorithm.IN_NETWORK && phase.getScope() != PhaseScope.WITHIN_NODE) {
            error("In-network reduction runs inside a node's scale-up switches; use within-node, or another algorithm"
                    + " for " + phase.getScope().getLiteral() + ".", phase, Literals.PHASE__SCOPE,
                    IssueCodes.IN_NETWORK_SCOPE, PhaseScope.WITHIN_NODE.getLiteral());
        }
    }

    @Check
    public void checkPoolHeadsSplitOverTensor(Inference inference) {
        forEachPool(inference, (spec, pool, written) -> heads(spec.model(), pool.parallel().tensor(),
                written.getParallel()));
    }

    @Check
    public void checkPoolTensorInsideScaleUp(Inference inference) {
        forEachPool(inference, (spec, pool, written) -> tensorInsideScaleUp(spec.cluster(), pool.parallel().tensor(),
                written.getParallel()));
    }

    @Check
    public void checkPoolReplicaFitsInMemory(Inference inference) {
        forEachPool(inference, this::poolMemory);
    }

    @Check
    public void checkInferencePoolsWithinCluster(Inference inference) {
        InferenceSpec spec = CheckedSpecs.inference(mapper, getContext(), inference);
        if (spec == null) {
            return;
        }
        long used = 0;
        for (int i = 0; i < spec.pools().size() && i < inference.getPools().size(); i++) {
            InferenceSpec.Pool pool = spec.pools().get(i);
            used += (long) pool.replicas() * pool.parallel().accelerators();
        }
        int available = spec.cluster().accelerators();
        if (used > available) {
            error("The pools need " + used + " accelerators (replicas × TP × PP × DP × CP) but "
                    + inference.getCluster().getName() + " has " + available + ": use fewer or smaller replicas.",
                    inference, Literals.ELEMENT__NAME, IssueCodes.EXCEEDS_CLUSTER, String.valueOf(available));
        }
    }

    /** A check of one pool: its spec beside the pool as written. */
    private interface PoolCheck {
        void check(InferenceSpec spec, InferenceSpec.Pool pool, Pool written);
    }

    /** Runs {@code check} on every pool of a deployment that maps, pairing each pool's spec with its text. */
    private void forEachPool(Inference inference, PoolCheck check) {
        InferenceSpec spec = CheckedSpecs.inference(mapper, getContext(), inference);
        if (spec == null) {
            return;
        }
        for (int i = 0; i < spec.pools().size() && i < inference.getPools().size(); i++) {
            check.check(spec, spec.pools().get(i), inference.getPools().get(i));
        }
    }

    /**
     * The replica's cache, sized by the simulator's own rule ({@link ReplicaMemory}), must hold one
     * typical request; a batch limit beyond what it holds at once is accepted, as the frameworks
     * accept it (the cache caps the batch).
     */
    private void poolMemory(InferenceSpec spec, InferenceSpec.Pool pool, Pool written) {
        if (ServingRules.replicaFits(spec, pool)) {
            return;
        }
        AcceleratorSpec accelerator = spec.cluster().node().accelerator();
        long hbm = accelerator.memoryBytes();
        long context = ServingRules.typicalContext(spec);
        int redundant = pool.features().redundantExperts();
        long capacity = ReplicaMemory.kvCapacityTokens(spec.model(), accelerator, spec.precision(),
                spec.kvCachePrecision(), pool.parallel(), redundant, pool.maxBatchTokens());
        long weights = Math.round(ReplicaMemory.weightBytesPerAccelerator(spec.model(), spec.precision(),
                pool.parallel(), redundant));
        long needed = Math.round(ReplicaMemory.bytesPerAccelerator(spec.model(), accelerator, spec.precision(),
                spec.kvCachePrecision(), pool.parallel(), redundant, context, pool.maxBatchTokens()));
        long reserved = Math.round(EngineReservation.bytesPerAccelerator(spec.model(), accelerator, pool.parallel(),
                pool.maxBatchTokens()));
        String why = weights >= hbm ? "its weights alone take " + Memory.gigabytes(weights)
                : "beside " + Memory.gigabytes(weights) + " of weights and " + Memory.gigabytes(reserved)
                        + " the engine holds back (driver, CUDA context, communicator, activations) its KV cache ("
                        + Math.round(100 * ReplicaMemory.kvCacheFraction()) + "% of the rest) holds " + capacity
                        + " tokens, less than one request's " + context;
        String experts = redundant > 0 ? ", fewer redundant experts (at most "
                + ReplicaMemory.redundantExpertsThatFit(spec.model(), accelerator, spec.precision(),
                        spec.kvCachePrecision(), pool.parallel(), context, pool.maxBatchTokens()) + " fit beside one request's cache)" : "";
        error("A " + written.getRole().getLiteral() + " replica does not fit: " + why + " on each accelerator's "
                + Memory.gigabytes(hbm) + ". Use more tensor, pipeline or expert parallelism, a lower precision"
                + experts + ", or shorter requests.", written, Literals.POOL__PARALLEL, IssueCodes.INFERENCE_MEMORY,
                String.valueOf(needed), String.valueOf(hbm));
    }

    private void heads(TransformerSpec model, int tensor, Parallelism written) {
        if (!TrainingRules.headsSplit(model, tensor)) {
            error(model.heads() + " attention heads do not split over TP " + tensor + ": choose a tensor degree that"
                    + " divides " + model.heads() + ".", written, Literals.PARALLELISM__TENSOR,
                    IssueCodes.HEADS_NOT_DIVISIBLE, String.valueOf(model.heads()));
        } else if (!TrainingRules.kvHeadsSplit(model, tensor)) {
            error(model.kvHeads() + " KV heads neither split over nor replicate evenly across TP " + tensor
                    + ": choose a tensor degree that divides " + model.kvHeads() + " or is a multiple of it.", written,
                    Literals.PARALLELISM__TENSOR, IssueCodes.HEADS_NOT_DIVISIBLE, String.valueOf(model.kvHeads()));
        }
    }

    private static int largestDivisorAtMost(int n, int limit) {
        for (int d = Math.min(n, limit); d > 1; d--) {
            if (n % d == 0) {
                return d;
            }
        }
        return 1;
    }

    private void tensorInsideScaleUp(ClusterSpec cluster, int tensor, EObject written) {
        int domain = cluster.node().scaleUp() == null ? 1 : cluster.node().scaleUp().domainSize();
        if (!ServingRules.tensorInsideScaleUp(cluster, tensor)) {
            String where = cluster.node().scaleUp() == null ? "the node has no scale-up domain"
                    : "the scale-up domain holds " + domain;
            int fits = largestDivisorAtMost(domain, tensor);
            warning("TP " + tensor + " crosses the scale-up domain (" + where + "): every layer's tensor-parallel"
                    + " collectives then cross the scale-out network. Set tensor to " + fits
                    + " (a divisor of " + domain + ") and move the rest to data or pipeline parallelism.", written,
                    Literals.PARALLELISM__TENSOR, IssueCodes.TP_CROSSES_SCALE_UP, String.valueOf(fits));
        }
    }
}
