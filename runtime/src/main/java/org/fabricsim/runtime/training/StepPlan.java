package org.fabricsim.runtime.training;

import java.util.Arrays;

import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The static shape of one step: micro-batches, virtual stages, and which layers each model chunk
 * holds.
 *
 * <p>Micro-batches M = ⌈global batch ÷ (DP × micro-batch)⌉. Virtual stages: as stated; an
 * interleaved schedule that states none uses the deepest balanced interleaving, the largest v with
 * P·v dividing L or L + 2 (the embedding and the output layer each take one layer's slot, as Llama
 * 3 balances its 126 layers over 16 stages, arXiv 2407.21783 §3.3.2); interleaving needs M to be a
 * multiple of P, otherwise v = 1. Layers over the G = P·v chunks: ⌈L/G⌉ each, the surplus taken one
 * layer at a time from the first and last chunks inwards (Llama 3's first/last-stage rule). The model's
 * multi-token prediction modules (DeepSeek-V3 §2.2) follow its L layers, one layer each, so L counts them:
 * their layers take slots of the last chunk, which runs their projection and output head too
 * ({@link #predictionModules}).
 * DualPipe needs v = 1, P even and M even and ≥ 2P ({@link DualPipeOrder}). O(L).
 *
 * @param microBatches  M
 * @param stages        P
 * @param chunks        v
 * @param denseLayers   dense layers of chunk g at [g]
 * @param moeLayers     MoE layers of chunk g at [g]
 */
public record StepPlan(int microBatches, int stages, int chunks, int[] denseLayers, int[] moeLayers) {

    /** The plan of {@code spec}. */
    public static StepPlan of(TrainingSpec spec) {
        TransformerSpec model = spec.model();
        int p = spec.parallel().pipeline();
        int m = microBatches(spec);
        int v = virtualStages(spec, m);
        String dualPipe = dualPipeProblem(spec);
        if (dualPipe != null) {
            throw new IllegalArgumentException(spec.name() + ": " + dualPipe);
        }
        long chunks = (long) p * v;
        long depth = (long) model.layers() + model.mtpDepth();
        if (chunks > depth + 2) {
            throw new IllegalArgumentException(spec.name() + ": " + chunks + " pipeline chunks for " + depth
                    + " layers; use fewer pipeline stages or virtual stages");
        }
        int g = (int) chunks;
        int[] counts = new int[g];
        int each = (int) ((depth + g - 1) / g);
        Arrays.fill(counts, each);
        int surplus = (int) ((long) each * g - depth);
        for (int i = 0; surplus > 0; i++, surplus--) {
            int at = i % 2 == 0 ? i / 2 : g - 1 - i / 2;
            counts[at % g]--;
        }
        // layers [first, first + counts[c]) of chunk c; the MoE ones are those from max(first, d) on, where d is the
        // first MoE layer (ModelFlops.moeLayer): O(chunks), not O(layers) (a model of 2^31 layers took seconds)
        long firstMoe = model.moe() ? model.denseLayers() : Long.MAX_VALUE;
        int[] dense = new int[g];
        int[] moe = new int[g];
        long first = 0;
        for (int c = 0; c < g; c++) {
            long end = first + counts[c];
            moe[c] = (int) Math.max(0, end - Math.max(first, firstMoe));
            dense[c] = counts[c] - moe[c];
            first = end;
        }
        return new StepPlan(m, p, v, dense, moe);
    }

    /** M = ⌈global batch ÷ (DP × micro-batch)⌉, at least 1: the micro-batches of one DP replica. */
    public static int microBatches(TrainingSpec spec) {
        long perReplica = (long) spec.parallel().data() * spec.microBatch();
        return (int) Math.max(1, (spec.globalBatchSequences() + perReplica - 1) / perReplica);
    }

    /**
     * What stops the job's DualPipe schedule from running ({@link DualPipeOrder#problem}, the rule the
     * executor applies), saying what to change, or null when it can run or the schedule is another.
     * When a larger batch alone makes it run, names the smallest such batch, in sequences: M′ × DP ×
     * micro-batch for the fewest micro-batches M′ ≥ M that the rule accepts. O(P).
     */
    public static String dualPipeProblem(TrainingSpec spec) {
        if (spec.schedule() != PipelineSchedule.DUALPIPE) {
            return null;
        }
        int p = spec.parallel().pipeline();
        int m = microBatches(spec);
        int v = virtualStages(spec, m);
        String problem = DualPipeOrder.problem(p, v, m);
        if (problem == null) {
            return null;
        }
        for (int more = m + 1; more <= Math.max(m, 2 * p) + 1; more++) {
            if (DualPipeOrder.problem(p, v, more) == null) {
                return problem + "; a batch of " + (long) more * spec.parallel().data() * spec.microBatch()
                        + " sequences gives " + more + " micro-batches per replica";
            }
        }
        return problem;
    }

    /** The virtual stages run with M micro-batches: {@link #wantedVirtualStages}, or 1 when M is no multiple of P. */
    static int virtualStages(TrainingSpec spec, int microBatches) {
        int v = wantedVirtualStages(spec);
        return v > 1 && microBatches % spec.parallel().pipeline() != 0 ? 1 : v;
    }

    /**
     * The virtual stages the job asks for before the micro-batch rule: as stated, or, for an
     * interleaved schedule that states none, {@link #deepestBalancedInterleaving} (1 when none exists).
     */
    public static int wantedVirtualStages(TrainingSpec spec) {
        int v = spec.virtualStages();
        if (spec.schedule() == PipelineSchedule.INTERLEAVED && v == 1) {
            return deepestBalancedInterleaving(spec.model().layers(), spec.parallel().pipeline());
        }
        return v;
    }

    /** The largest v > 1 with P·v dividing L or L + 2, else 1. O(L ÷ P). */
    public static int deepestBalancedInterleaving(int layers, int stages) {
        for (int v = Math.max(1, (layers + 2) / stages); v > 1; v--) {
            int chunks = stages * v;
            if (layers % chunks == 0 || (layers + 2) % chunks == 0) {
                return v;
            }
        }
        return 1;
    }

    /** Model chunks P·v. */
    public int modelChunks() {
        return stages * chunks;
    }

    /** Layers of chunk g. */
    public int layers(int g) {
        return denseLayers[g] + moeLayers[g];
    }

    /**
     * The pipeline stage holding chunk g: chunk g = c·P + s is chunk c of stage s (as {@link PipelineExecutor}
     * runs it), so stage 0 holds the embedding (chunk 0) and stage P − 1 the output layer (chunk P·v − 1).
     */
    public int stageOf(int g) {
        return g % stages;
    }

    /**
     * The multi-token prediction modules whose projection and output head chunk c runs: the model's {@link
     * TransformerSpec#mtpDepth} on the last chunk, beside the output layer whose weights they share; none elsewhere.
     * Their layers are among the chunks' layers (class comment).
     */
    public int predictionModules(TransformerSpec model, int c) {
        return c == modelChunks() - 1 ? model.mtpDepth() : 0;
    }

    /**
     * Parameters one rank holds for chunk c: its layers' and the embedding's or output layer's non-expert weights as
     * {@link Memory#nonExpertPerRank} splits them over TP (the norms, routers and final norm whole on every TP rank,
     * the rest ÷ TP), each prediction module's projection 2h × h ÷ TP, and the routed experts of
     * {@link #chunkExpertParameters}. O(1).
     */
    public double chunkParameters(TransformerSpec model, int c, int tp, int ep) {
        return Memory.nonExpertPerRank(model, tp, denseLayers[c], moeLayers[c], c == 0, c == modelChunks() - 1)
                + predictionModules(model, c) * 2.0 * model.hidden() * model.hidden() / tp
                + chunkExpertParameters(model, c, ep);
    }

    /**
     * Routed-expert parameters one rank holds for chunk c: E/EP whole experts of each MoE layer (Megatron-Core's MoE
     * parallel folding with expert-tensor-parallel size 1, {@link Placement}), whose gradients reduce over the expert
     * data-parallel group ({@link Placement#expertData}) rather than the data-parallel one.
     */
    public double chunkExpertParameters(TransformerSpec model, int c, int ep) {
        return model.moe() ? moeLayers[c] * ModelFlops.mlpParameters(model, model.expertFfn()) * model.experts() / ep
                : 0;
    }
}
