package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.compute.Gemm;
import org.fabricsim.runtime.compute.SplitKGemm;
import org.fabricsim.runtime.sim.RoutedMaximum;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The roofline seconds of the kernels of one layer on one accelerator of a serving replica, the
 * FLOPs of the group of kernels costed since {@link #takeFlops}, and those of the groups' repetitions
 * summed by {@link #times}. The symbols are {@link ServingModel}'s (x = T/(DP·CP) tokens on the
 * accelerator, t = TP, h hidden, a heads, g KV heads, d head width, e weight bytes):
 * <ul>
 * <li>every GEMM (m, n, k) of the layer, as in training's forward (QKV (x, (a+2g)d/t, h), output
 * (x, h, ad/t), MLP up/down; MLA's Q, KV-down and KV-up; the router; shared experts as a dense
 * MLP), takes max(2mnk ÷ (P·η(m,n,k)), (e·kn + 2·(mk + mn)) ÷
 * B_e): P the peak at the weight precision, η the compute model's shape-dependent GEMM efficiency
 * with split-K for skinny shapes ({@link SplitKGemm#efficiency}), B_e the element-wise HBM rate ({@link Device#memorySeconds});</li>
 * <li>the LM head (T_l/(DP·CP), V/t, h) stays BF16 (NVIDIA ModelOpt FP8 checkpoints quantize the
 * linear layers of the transformer blocks only), so it runs at the BF16 peak with 2-byte weights;</li>
 * <li>routed experts: the accelerator holds E/max(EP,TP) experts; on the busiest EP rank each gets
 * L·T·k/E token rows, L = min(L_p(T), capacity) ({@link
 * org.fabricsim.runtime.spec.ExpertRoutingSpec#busiestLoad(double)}), L_p(T) the expected busiest
 * rank's share over the mean when the iteration's T tokens each route to k of the E experts at random
 * over the ranks as placed ({@link UnevenRanksMaximum}, each rank's share from the stated skew or
 * EPLB's placement of the R redundant experts, {@link RedundantExpertLoad}; with equal shares {@link
 * RoutedMaximum}: 6.4 for one decoding token with k = 8, E = 256 over 32 ranks, 1.06 for 4,096
 * tokens; 1.27 for DeepSeek-V3's decode micro-batch of 6,336 on its EPLB layout), and its weights
 * are read only if
 * some token picked it, probability 1 − (1 − k/E)^T; the FLOPs counted stay the nominal T·k/E
 * rows, and the element-wise passes over the expert width scale by L likewise;</li>
 * <li>attention core: the roofline of the flash-attention kernel over the query–key pairs and the cache read
 * ({@link AttentionCore});</li>
 * <li>with separate activation quantization ({@link
 * org.fabricsim.runtime.spec.PoolFeatures#separateQuantization}, FP8 GEMMs only): before each FP8 GEMM of
 * input width k over m rows, a kernel of its own reads the BF16 input, writes it in FP8 and writes one
 * FP32 scale per row (vLLM's dynamic per-token {@code scaled_fp8_quant}), serial with the GEMM:
 * (m·k·(2 + 1) + 4·m) ÷ B_e. The inputs are the GEMMs' k as sharded: hidden h for QKV (each of MLA's Q
 * and KV-down, c for its KV-up), ad/t for the output, h for the MLP's gate and up, its width per rank for
 * the down; a MoE layer quantizes its x tokens once before the experts' up-projections (before the EP
 * dispatch, which sends them in FP8) and the busiest rank's routed rows before their down-projections;
 * the router's GEMM is left unquantized, as vLLM's checkpoints leave the gate;</li>
 * <li>where the generation has measured them ({@link DecodeKernelFloor}), the attention call, each quantization
 * and each element-wise kernel take at least its minimum duration t_min, and a GEMM's memory time is its measured
 * line t_g + bytes ÷ B_g + 2mnk ÷ R_g in place of the bytes ÷ B_e;</li>
 * </ul>
 * Each call O(1).
 */
final class LayerKernels {
    private final TransformerSpec model;
    private final Device device;
    private final Device head;
    private final double weightBytes;
    private final int tensor;
    private final int expertSlots;
    private final int expertShards;
    /** Whether each FP8 GEMM's input is quantized in a kernel of its own (class comment). */
    private final boolean separateQuantization;
    private final AttentionCore attention;
    /** The generation's fixed time per kernel and its GEMMs' weight-streaming line ({@link DecodeKernelFloor}). */
    private final DecodeKernelFloor floor;
    private double flopsGroup;
    private double flopsTotal;

    /**
     * @param device          the part at the weights' precision
     * @param head            the part at BF16, for the LM head
     * @param weightBytes     bytes of one weight element
     * @param expertSlots     experts plus redundant replicas (EPLB)
     * @param kvBytesPerToken KV-cache bytes of one token, whole model
     * @param kvShards        accelerators one sequence's cache is split over, S_kv
     * @param separateQuantization the GEMMs run at FP8 and each quantizes its input in a kernel of its own
     * @param decodeRead      the read time of an attention call with decoding tokens
     */
    LayerKernels(TransformerSpec model, Device device, Device head, double weightBytes, ParallelismSpec parallel,
            int expertSlots, double kvBytesPerToken, int kvShards, boolean separateQuantization,
            DecodeAttentionRead decodeRead) {
        this(model, device, head, weightBytes, parallel, expertSlots, kvBytesPerToken, kvShards, separateQuantization,
                decodeRead, DecodeKernelFloor.NONE);
    }

    /** As above, every kernel at least {@code floor}'s fixed time and the GEMMs on its line. */
    LayerKernels(TransformerSpec model, Device device, Device head, double weightBytes, ParallelismSpec parallel,
            int expertSlots, double kvBytesPerToken, int kvShards, boolean separateQuantization,
            DecodeAttentionRead decodeRead, DecodeKernelFloor floor) {
        this.floor = floor;
        this.model = model;
        this.device = device;
        this.head = head;
        this.weightBytes = weightBytes;
        this.tensor = parallel.tensor();
        this.expertSlots = expertSlots;
        this.expertShards = Math.max(parallel.expert(), tensor);
        this.separateQuantization = separateQuantization;
        this.attention = new AttentionCore(model, device, tensor, parallel.pipeline(), kvBytesPerToken, kvShards,
                decodeRead);
    }

    /** FLOPs of the kernels costed since the last take, which starts a new group. */
    double takeFlops() {
        double flops = flopsGroup;
        flopsGroup = 0;
        return flops;
    }

    /**
     * {@code count} repetitions of the group just costed (a layer's kernels run by each of the
     * stage's layers): count × the group's FLOPs go into the running total and a new group starts;
     * returns count × {@code groupSeconds}. O(1).
     */
    double times(double count, double groupSeconds) {
        flopsTotal += count * takeFlops();
        return count * groupSeconds;
    }

    /**
     * The FLOPs {@link #times} has summed since the last take, which starts a new total: each costing
     * that repeats groups takes its total when done, so the next one starts from 0.
     */
    double takeTotal() {
        double total = flopsTotal;
        flopsTotal = 0;
        return total;
    }

    /** FLOPs of the group so far. */
    double flops() {
        return flopsGroup;
    }

    /** Puts back the group's FLOPs as {@link #flops} read them (after costing what must not count). */
    void restoreFlops(double flops) {
        flopsGroup = flops;
    }

    /**
     * The attention projections (QKV or MLA's Q, KV-down and KV-up, and the output) of x tokens; MLA's compressed
     * query (rank r_q) projects down (x, r_q, h) and up (x, a(d+ρ)/t, r_q), whose input is quantized apart.
     */
    double attentionProjections(double x) {
        double t = tensor;
        int h = model.hidden();
        int a = model.heads();
        int d = model.headDim();
        double output = gemm(x, h, a * (double) d / t, 1) + quantization(x, a * (double) d / t);
        if (model.kvLoraRank() > 0) {
            int r = model.kvLoraRank();
            int rope = model.ropeDim();
            int q = model.qLoraRank();
            double query = q > 0 ? gemm(x, q, h, 1) + gemm(x, a * (double) (d + rope) / t, q, 1) + quantization(x, q)
                : gemm(x, a * (double) (d + rope) / t, h, 1);
            return output + query + gemm(x, r + rope, h, 1) + 2 * quantization(x, h) + latentUpProjection(x);
        }
        return output + gemm(x, (a + 2.0 * model.kvHeads()) * d / t, h, 1) + quantization(x, h);
    }

    /**
     * A layer's element-wise kernels besides attention ({@link DecodeKernelFloor#elementwiseSeconds}): {@code
     * hiddenElements} passes over hidden vectors, {@code widthElements} over the MLP width.
     */
    double elementwise(double hiddenElements, double widthElements) {
        return floor.elementwiseSeconds(device, hiddenElements, widthElements);
    }

    /** MLA's KV up-projection (m, 2ad/t, c) of {@code m} latents into this rank's heads' keys and values. */
    double latentUpProjection(double m) {
        return gemm(m, 2.0 * model.heads() * model.headDim() / tensor, model.kvLoraRank(), 1)
            + quantization(m, model.kvLoraRank());
    }

    /**
     * Flash attention over this rank's {@code prefillPairs} and {@code decodePairs} query–key pairs,
     * each at its phase's width, reading {@code kvTokens} cached tokens; {@code prefixPairs} of the
     * prefill pairs, and all decode pairs, are unmasked and run at the unmasked rate ({@link AttentionCore}).
     */
    double attentionCore(double prefillPairs, double prefixPairs, double decodePairs, double kvTokens) {
        double causalFlops = attention.causalFlops(prefillPairs, prefixPairs);
        double unmaskedFlops = attention.unmaskedFlops(prefixPairs, decodePairs);
        flopsGroup += causalFlops + unmaskedFlops;
        return floor.kernel(attention.seconds(causalFlops, unmaskedFlops, decodePairs, kvTokens));
    }

    /** The LM head (m, V/t, h), kept in BF16 by FP8 checkpoints, so at the BF16 peak with 2-byte weights. */
    double logits(double m) {
        double n = model.vocab() / (double) tensor;
        int k = model.hidden();
        if (m <= 0) {
            return 0;
        }
        double flops = Gemm.flops(m, n, k);
        flopsGroup += flops;
        double compute = flops / (head.gemmFlopsPerSecond() * SplitKGemm.efficiency(head, m, n, k));
        return Math.max(compute, head.memorySeconds(head.activationBytes() * (k * n + m * k + m * n)));
    }

    /** A dense MLP of {@code widthPerRank} on this rank for x tokens (gated: up and gate together). */
    double mlp(double x, double widthPerRank) {
        int h = model.hidden();
        double up = model.gatedMlp() ? 2 * widthPerRank : widthPerRank;
        return gemm(x, up, h, 1) + gemm(x, h, widthPerRank, 1) + quantization(x, h) + quantization(x, widthPerRank);
    }

    /** An MoE layer on this rank: router, the busiest rank's local experts at load L, shared experts. */
    double moe(double x, long replicaTokens, double load) {
        int h = model.hidden();
        double router = gemm(x, model.experts(), h, 1);
        double localExperts = Math.max(1.0, expertSlots / (double) expertShards);
        double rowsPerExpert = load * replicaTokens * model.topK() / expertSlots;
        double touched = 1 - Math.pow(1 - (double) model.topK() / model.experts(), replicaTokens);
        double width = model.expertFfn();
        double up = model.gatedMlp() ? 2 * width : width;
        double before = flopsGroup;
        double experts = localExperts * (gemm(rowsPerExpert, up, h, touched) + gemm(rowsPerExpert, h, width, touched));
        flopsGroup = before + (flopsGroup - before) * localExperts / load;
        experts += quantization(x, h) + quantization(localExperts * rowsPerExpert, width);
        double shared = model.sharedExperts() > 0 ? mlp(x, width * model.sharedExperts() / tensor) : 0;
        return router + experts + shared;
    }

    /**
     * Seconds of the separate quantization of an FP8 GEMM's input of {@code rows} × {@code width}: the BF16
     * read, the FP8 write and one FP32 scale per row at the element-wise rate; 0 when fused.
     */
    private double quantization(double rows, double width) {
        if (!separateQuantization || rows <= 0 || width <= 0) {
            return 0;
        }
        return floor.kernel(device.memorySeconds(rows * (width * (device.activationBytes() + Precision.FP8.bytes())
                + Precision.FP32.bytes())));
    }

    /**
     * Seconds of a GEMM (m, n, k), the larger of its roofline and the generation's measured line, whose weights
     * (k×n, at the weight precision) are read with probability {@code weightRead}; adds its FLOPs to the group's.
     */
    private double gemm(double m, double n, double k, double weightRead) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return 0;
        }
        double flops = Gemm.flops(m, n, k);
        flopsGroup += flops;
        double compute = flops / (device.gemmFlopsPerSecond() * SplitKGemm.efficiency(device, m, n, k));
        double line = floor.gemmSeconds(device,
                weightRead * k * n * weightBytes + device.activationBytes() * (m * k + m * n), flops);
        return Math.max(compute, line);
    }
}
