package org.fabricsim.runtime.compute;

import java.util.Locale;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.ExpertKernels;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.Precision;

/**
 * One accelerator as the compute model sees it, at one training precision.
 *
 * @param gemmFlopsPerSecond     dense peak of the GEMMs: FP8 peak for FP8 (when the part has one), FP4 peak for
 *                               FP4 serving, else BF16
 * @param bf16FlopsPerSecond     dense BF16 peak: attention and the MFU denominator
 * @param memoryBytesPerSecond   HBM bandwidth
 * @param matmulEfficiency       large-GEMM fraction of {@code gemmFlopsPerSecond} sustained over a step: the
 *                               catalog's measured {@code fp8-efficiency} for FP8 GEMMs when it has one, else
 *                               (and for BF16) its {@code efficiency}, 1 when it has neither; for FP4 GEMMs the
 *                               generation's measured {@link #fp4GemmFraction}; times the
 *                               profile's sustained fraction of the part's generation
 * @param attentionFlopsPerSecond BF16 tensor-core rate attention kernels run at before their own efficiency,
 *                               training's and serving's alike: on Hopper the dense BF16 peak times the
 *                               measured power-capped fraction ({@link ComputeCalibration#HOPPER_POWER_CAPPED_FRACTION},
 *                               0.838), elsewhere times the sustained fraction. The fitted fraction (0.726) is that
 *                               cap times what the model lacks around the GEMMs (docs/calibration.md), and the
 *                               long-context rows show the rest does not scale with attention: the Qwen3-235B
 *                               ModelZoo table (16K to 128K, 16,384 tokens per rank and micro-batch at every length)
 *                               adds 518 TFLOP/s of attention hardware FLOPs per added second of step; TensorRT-LLM's
 *                               20,000-token prefills agree (docs/accuracy.md, sessions 54 and 55)
 * @param tileSlots              output tiles computed concurrently (one per SM): BF16 peak ÷ {@link
 *                               ComputeCalibration#FLOPS_PER_TILE_SLOT}, at least 1
 * @param activationBytes        bytes of one activation element: 2 (BF16; FP8 GEMMs still keep BF16
 *                               activations between kernels)
 * @param bf16MatmulEfficiency   the BF16 GEMMs' fraction of {@code bf16FlopsPerSecond}, as {@code matmulEfficiency}
 *                               for BF16: the rate of the GEMMs an FP8 recipe keeps in BF16 ({@link #highPrecision});
 *                               0 when every GEMM runs at {@code gemmFlopsPerSecond}
 * @param fp8Operands            how the GEMMs take FP8 operands and what casting them costs ({@link Fp8Operands}):
 *                               none for BF16 GEMMs, per tensor (with transposed copies on Hopper) or blockwise
 * @param memoryEfficiency       fraction of {@code memoryBytesPerSecond} memory-bound kernels reach ({@link
 *                               #memorySeconds}): the part's measured {@code memoryEfficiency} where the catalog states
 *                               one, else {@link ComputeCalibration#MEMORY_EFFICIENCY}
 * @param shortTileRows          the shortest output tile, rows, its serving GEMMs run ({@link SplitKGemm}):
 *                               {@link ComputeCalibration#SHORT_TILE_ROWS}, or {@link
 *                               ComputeCalibration#BLOCK_SCALED_TILE_ROWS} where the GEMMs are Blackwell's block-scaled
 *                               MMAs (FP4; MXFP8, {@link #blockwise})
 */
public record Device(double gemmFlopsPerSecond, double bf16FlopsPerSecond, double memoryBytesPerSecond,
        double matmulEfficiency, int tileSlots, double activationBytes, double attentionFlopsPerSecond,
        double bf16MatmulEfficiency, Fp8Operands fp8Operands, double memoryEfficiency, int shortTileRows) {

    /** Profile parameters {@code compute.sustained-fraction.<architecture>}. */
    public static final String SUSTAINED_FRACTION = "compute.sustained-fraction.";

    /**
     * A device whose GEMMs all run at one rate, {@code matmulEfficiency} of {@code gemmFlopsPerSecond}, and whose
     * memory-bound kernels reach {@link ComputeCalibration#MEMORY_EFFICIENCY} of its HBM bandwidth.
     */
    public Device(double gemmFlopsPerSecond, double bf16FlopsPerSecond, double memoryBytesPerSecond,
            double matmulEfficiency, int tileSlots, double activationBytes, double attentionFlopsPerSecond) {
        this(gemmFlopsPerSecond, bf16FlopsPerSecond, memoryBytesPerSecond, matmulEfficiency, tileSlots,
                activationBytes, attentionFlopsPerSecond, 0, Fp8Operands.NONE, ComputeCalibration.MEMORY_EFFICIENCY,
                ComputeCalibration.SHORT_TILE_ROWS);
    }

    /** A device whose tensor cores sustain their measured rate (no sustained-fraction derating). */
    public Device(double gemmFlopsPerSecond, double bf16FlopsPerSecond, double memoryBytesPerSecond,
            double matmulEfficiency, int tileSlots, double activationBytes) {
        this(gemmFlopsPerSecond, bf16FlopsPerSecond, memoryBytesPerSecond, matmulEfficiency, tileSlots,
                activationBytes, bf16FlopsPerSecond);
    }

    /**
     * The device for {@code accelerator} training at {@code precision}, refusing a precision whose
     * GEMM rate the model does not have: FP8 on a part without an FP8 rate in the catalog, and FP4 or
     * INT8, which the compute model does not train at. Either would otherwise run at the BF16 rate
     * while {@code Memory} counts the smaller elements.
     *
     * @throws IllegalArgumentException naming the part, the precision and what to write instead
     */
    public static Device forTraining(AcceleratorSpec accelerator, Precision precision, CalibrationProfile profile) {
        return forTraining(accelerator, precision, Fp8Scaling.TENSOR, profile);
    }

    /**
     * As {@link #forTraining(AcceleratorSpec, Precision, CalibrationProfile)}, with the FP8 recipe's {@code scaling}:
     * blockwise GEMMs run at {@link BlockwiseFp8}'s rate and pay its quantization passes.
     */
    public static Device forTraining(AcceleratorSpec accelerator, Precision precision, Fp8Scaling scaling,
            CalibrationProfile profile) {
        if (precision == Precision.FP4 || precision == Precision.INT8) {
            throw new IllegalArgumentException("training at " + precision.name().toLowerCase(Locale.ROOT)
                    + " is not modelled: the compute model has GEMM rates for bf16 and fp8 only; train at bf16 or fp8");
        }
        if (precision == Precision.FP8 && !(accelerator.fp8FlopsPerSecond() > 0)) {
            throw new IllegalArgumentException(accelerator.name() + " has no FP8 rate in the catalog, so FP8 GEMMs"
                    + " would run at the BF16 rate: train at bf16, or give the accelerator an 'fp8 ... TFLOPS' compute rate");
        }
        return of(accelerator, precision, scaling, profile);
    }

    /**
     * As {@link #of(AcceleratorSpec, Precision, CalibrationProfile)}, with the FP8 operands scaled by {@code scaling}
     * (a training recipe's, a served checkpoint's): blockwise GEMMs run at {@link BlockwiseFp8}'s rate when the part
     * runs them at FP8 at all.
     */
    public static Device of(AcceleratorSpec accelerator, Precision precision, Fp8Scaling scaling,
            CalibrationProfile profile) {
        Device device = of(accelerator, precision, profile);
        return scaling == Fp8Scaling.BLOCKWISE && runsFp8(accelerator, precision)
                ? device.blockwise("blackwell".equals(accelerator.architecture())) : device;
    }

    /**
     * The device for {@code accelerator} at {@code precision} with the sustained fraction of its
     * generation from {@code profile} (1 when the profile has none for it); FP8 GEMMs fall back to
     * BF16 without an FP8 rate; FP4 GEMMs run at the FP4 peak times {@link #fp4GemmFraction} and are refused
     * without them ({@link ComputeRates#requireServedGemmRate}, as INT8 is); attention kernels on Hopper at the measured power cap instead
     * ({@link #attentionFlopsPerSecond}). Tile slots: the catalog's compute units, else the BF16 peak ÷ {@link
     * ComputeCalibration#FLOPS_PER_TILE_SLOT}.
     */
    public static Device of(AcceleratorSpec accelerator, Precision precision, CalibrationProfile profile) {
        ComputeRates.requireServedGemmRate(accelerator, precision);
        double bf16 = accelerator.bf16FlopsPerSecond();
        boolean fp8 = runsFp8(accelerator, precision);
        boolean fp4 = precision == Precision.FP4;
        double gemm = fp8 ? accelerator.fp8FlopsPerSecond() : fp4 ? accelerator.fp4FlopsPerSecond() : bf16;
        double measured = fp4 ? fp4GemmFraction(accelerator)
                : fp8 && accelerator.fp8MatmulEfficiency() > 0 ? accelerator.fp8MatmulEfficiency()
                : accelerator.matmulEfficiency();
        double sustained = sustainedFraction(accelerator, profile);
        double efficiency = (measured > 0 ? measured : 1.0) * sustained;
        double bf16Measured = accelerator.matmulEfficiency() > 0 ? accelerator.matmulEfficiency() : 1.0;
        int slots = accelerator.computeUnits() > 0 ? accelerator.computeUnits() : tileSlotsOf(bf16);
        double capped = measuredPowerCappedFraction(accelerator);
        double attention = bf16 * (capped > 0 ? capped : sustained);
        Fp8Operands operands = !fp8 ? Fp8Operands.NONE
                : "hopper".equals(accelerator.architecture()) ? Fp8Operands.TENSORWISE_TRANSPOSED
                : Fp8Operands.TENSORWISE;
        double memory = accelerator.memoryEfficiency() > 0 ? accelerator.memoryEfficiency()
                : ComputeCalibration.MEMORY_EFFICIENCY;
        int shortTiles = fp4 ? ComputeCalibration.BLOCK_SCALED_TILE_ROWS : ComputeCalibration.SHORT_TILE_ROWS;
        return new Device(gemm, bf16, accelerator.memoryBytesPerSecond(), efficiency, slots,
                Precision.BF16.bytes(), attention, bf16Measured * sustained, operands, memory, shortTiles);
    }

    /**
     * This device with its GEMMs at FP8 with blockwise scaling: promoted on the CUDA cores ({@link
     * Fp8Operands#BLOCKWISE}), or at the per-tensor rate where {@code scaledByTensorCores} (Blackwell's block-scaled MMA,
     * {@link Fp8Operands#BLOCK_SCALED}); quantized by kernels of their own either way.
     */
    public Device blockwise(boolean scaledByTensorCores) {
        return withFp8Operands(scaledByTensorCores ? Fp8Operands.BLOCK_SCALED : Fp8Operands.BLOCKWISE);
    }

    /** This device with its GEMMs taking FP8 operands as {@code operands}, every other field kept. */
    public Device withFp8Operands(Fp8Operands operands) {
        return new Device(gemmFlopsPerSecond, bf16FlopsPerSecond, memoryBytesPerSecond, matmulEfficiency, tileSlots,
                activationBytes, attentionFlopsPerSecond, bf16MatmulEfficiency, operands, memoryEfficiency,
                operands == Fp8Operands.BLOCK_SCALED ? ComputeCalibration.BLOCK_SCALED_TILE_ROWS : shortTileRows);
    }

    /** This device with its GEMMs sustaining {@code efficiency} of {@code gemmFlopsPerSecond}, every other field kept. */
    public Device withMatmulEfficiency(double efficiency) {
        return new Device(gemmFlopsPerSecond, bf16FlopsPerSecond, memoryBytesPerSecond, efficiency, tileSlots,
                activationBytes, attentionFlopsPerSecond, bf16MatmulEfficiency, fp8Operands, memoryEfficiency,
                shortTileRows);
    }

    /** Whether the GEMMs are FP8 with blockwise scaling promoted on the CUDA cores ({@link BlockwiseFp8}). */
    public boolean blockwiseFp8() {
        return fp8Operands == Fp8Operands.BLOCKWISE;
    }

    /**
     * The device the GEMMs an FP8 recipe keeps in BF16 run on: the BF16 peak at {@code bf16MatmulEfficiency}.
     * DeepSeek-V3 (§3.3) keeps the embedding, the output head, the MoE gating, the normalizations and attention in
     * BF16 or FP32, and so does Megatron-Core with Transformer Engine (its output layer and router are not Transformer
     * Engine modules). This device itself when it states no separate BF16 rate.
     */
    public Device highPrecision() {
        return bf16MatmulEfficiency <= 0 ? this
                : new Device(bf16FlopsPerSecond, bf16FlopsPerSecond, memoryBytesPerSecond, bf16MatmulEfficiency,
                        tileSlots, activationBytes, attentionFlopsPerSecond, bf16MatmulEfficiency, Fp8Operands.NONE,
                        memoryEfficiency, ComputeCalibration.SHORT_TILE_ROWS);
    }

    /**
     * Sustained tensor throughput over a training step as a fraction of the catalog's measured
     * (short-run) rate: profile parameter {@code compute.sustained-fraction.<architecture>}, 1 when the
     * part states no architecture or the profile has no figure for it.
     */
    public static double sustainedFraction(AcceleratorSpec accelerator, CalibrationProfile profile) {
        String key = SUSTAINED_FRACTION + accelerator.architecture();
        return !accelerator.architecture().isEmpty() && profile.has(key) ? profile.value(key) : 1.0;
    }

    /**
     * Bytes of one hidden element of the MoE dispatch (the tokens sent to their experts), DeepEP's FP32
     * scales included: {@link ExpertKernels#dispatchBytesPerToken} over {@code hidden}. With FP8 GEMMs the
     * activation is quantized to FP8 per 1 × 128 tile before the experts' up-projection and dispatched
     * quantized with its scales (DeepSeek-V3, arXiv 2412.19437 §3.3; DeepEP README: FP8 dispatch), 1 +
     * 4·⌈h/128⌉/h (1.03125 where 128 divides h); else 2 (BF16). The combine returns BF16 expert outputs,
     * {@link #activationBytes}, in either case.
     */
    public static double dispatchElementBytes(AcceleratorSpec accelerator, Precision precision, int hidden) {
        return ExpertKernels.dispatchBytesPerToken(hidden, runsFp8(accelerator, precision)) / hidden;
    }

    /**
     * κ: the clock DeepEP's normal (SM-driven) dispatch and combine kernels keep beside GEMMs, over their clock alone.
     * Bound by their own SMs (DeepEP issue #179, PR #453), they follow the SM clock, which beside the GEMMs is the one
     * a part at its power cap keeps: {@link ComputeCalibration#HOPPER_POWER_CAPPED_FRACTION} (0.838) on Hopper; 1 on
     * parts whose capped rate is not measured. Serving's two-batch overlap and training's DualPipe pairs both take it:
     * the exchange hidden beside compute takes 1/κ its time alone, the exchange run alone its time alone.
     */
    public static double normalKernelClock(AcceleratorSpec accelerator) {
        double capped = measuredPowerCappedFraction(accelerator);
        return capped > 0 ? capped : 1;
    }

    /**
     * The tensor rate a continuous load sustains at the part's power cap over its short-run rate, where measured:
     * {@link ComputeCalibration#HOPPER_POWER_CAPPED_FRACTION} on Hopper; 0 on parts without a measurement. Attention
     * ({@link #attentionFlopsPerSecond}) and the normal kernels' clock ({@link #normalKernelClock}) read it. O(1).
     */
    static double measuredPowerCappedFraction(AcceleratorSpec accelerator) {
        return "hopper".equals(accelerator.architecture()) ? ComputeCalibration.HOPPER_POWER_CAPPED_FRACTION : 0;
    }

    /**
     * The measured share of the dense FP4 peak a Blackwell part's FP4 GEMMs reach, 0 elsewhere (not measured): r · P_8 ·
     * η_8 ÷ P_4, the part's own FP8 MAMF (peak P_8 times its measured share η_8) times r = {@link
     * ComputeCalibration#BLACKWELL_FP4_OVER_FP8_MAMF}, over its FP4 peak P_4, where the part states η_8; else the measured
     * B200's share of its peak, {@link ComputeCalibration#BLACKWELL_FP4_GEMM_FRACTION}. A GB200 GPU: 1.6019 × 5,000 ×
     * 0.723 ÷ 10,000 = 0.579. O(1).
     */
    public static double fp4GemmFraction(AcceleratorSpec accelerator) {
        if (!"blackwell".equals(accelerator.architecture())) {
            return 0;
        }
        double fp8Mamf = accelerator.fp8FlopsPerSecond() * accelerator.fp8MatmulEfficiency();
        return fp8Mamf > 0 && accelerator.fp4FlopsPerSecond() > 0
                ? ComputeCalibration.BLACKWELL_FP4_OVER_FP8_MAMF * fp8Mamf / accelerator.fp4FlopsPerSecond()
                : ComputeCalibration.BLACKWELL_FP4_GEMM_FRACTION;
    }

    /** Whether GEMMs at {@code precision} run at FP8 on {@code accelerator}: FP8 stated and the part has an FP8 rate. */
    public static boolean runsFp8(AcceleratorSpec accelerator, Precision precision) {
        return precision == Precision.FP8 && accelerator.fp8FlopsPerSecond() > 0;
    }

    /**
     * Compute time lost per second of a collective hidden behind compute: the share of the SMs it
     * occupies, {@link ComputeCalibration#COLLECTIVE_SMS} ÷ tile slots (one per SM), at most 1.
     */
    public double collectiveSmShare() {
        return smShare(ComputeCalibration.COLLECTIVE_SMS);
    }

    /**
     * The tile slots of a part whose catalog states no compute units: its BF16 peak ÷ {@link
     * ComputeCalibration#FLOPS_PER_TILE_SLOT}, from 1 to 2^31 − 1. Cast to an int unclamped, a peak above 2^31 slots
     * (1.6e22 FLOP/s, a typo such as 1e30 TFLOPS) kept the low 32 bits of the count, often negative, and a negative
     * SM share then made the exposed FSDP gathers, and so the pipeline's F and B spans, negative. O(1).
     */
    static int tileSlotsOf(double bf16FlopsPerSecond) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, Math.round(bf16FlopsPerSecond
                / ComputeCalibration.FLOPS_PER_TILE_SLOT)));
    }

    /** The share of the SMs that {@code sms} of them are: {@code sms} ÷ tile slots (one per SM), at most 1. */
    public double smShare(int sms) {
        return Math.min(1.0, sms / (double) tileSlots);
    }

    /** Seconds to move {@code bytes} through HBM at the part's memory efficiency ({@code memoryEfficiency}). */
    public double memorySeconds(double bytes) {
        return bytes / (memoryBytesPerSecond * memoryEfficiency);
    }
}
