package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.analysis.ServingRules;
import org.fabricsim.runtime.inference.EngineReservation;
import org.fabricsim.runtime.inference.ReplicaMemory;
import org.fabricsim.runtime.result.Metrics;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.InferenceSpec;

import com.google.inject.Inject;

/**
 * Whether an inference deployment's pools can run: each pool's tensor degree splits the heads and stays inside the
 * scale-up domain, each replica holds the weights and the KV cache of one request by the simulator's rule
 * ({@link ReplicaMemory}), and the pools together fit in the cluster.
 */
public class InferencePoolValidator extends ParallelismCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkPoolHeadsSplitOverTensor(Inference inference) {
        forEachPool(inference, (spec, pool, written) -> heads(spec.model(), pool.parallel().tensor(),
                written.getParallel()));
    }

    @Check
    public void checkPoolTensorInsideScaleUp(Inference inference) {
        forEachPool(inference, (spec, pool, written) -> tensorInsideScaleUp(spec.cluster(), spec.model(),
                pool.parallel().tensor(), written.getParallel()));
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
                        + Math.round(100 * ReplicaMemory.kvCacheFraction()) + "% of the rest) holds " + Metrics.count(capacity)
                        + " tokens, less than one request's " + Metrics.count(context);
        String experts = redundant > 0 ? ", fewer redundant experts (at most "
                + ReplicaMemory.redundantExpertsThatFit(spec.model(), accelerator, spec.precision(),
                        spec.kvCachePrecision(), pool.parallel(), context, pool.maxBatchTokens())
                + " fit beside one request's cache)" : "";
        error("A " + written.getRole().getLiteral() + " replica does not fit: " + why + " on each accelerator's "
                + Memory.capacity(hbm) + ". Use more tensor, pipeline or expert parallelism, a lower precision"
                + experts + ", or shorter requests.", written, Literals.POOL__PARALLEL, IssueCodes.INFERENCE_MEMORY,
                String.valueOf(needed), String.valueOf(hbm));
    }
}
