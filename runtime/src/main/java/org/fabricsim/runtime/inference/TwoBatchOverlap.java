package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;

/**
 * Two-batch overlap of an MoE layer, as DeepSeek's inference system and SGLang run it: the batch
 * is split into two micro-batches of half the tokens, and while one computes (attention
 * projections, router, experts) the other's EP dispatch or combine crosses the fabric. Per MoE
 * layer, with c the compute of one half and a its dispatch plus combine run alone:
 *
 * <pre>  t = max(2·c ÷ (1 − s), 2·a ÷ κ)</pre>
 *
 * the busier of the compute stream and the communication stream, each serving both halves; s is the
 * share of the SMs the communication kernels occupy while they run beside the compute (the SM cost),
 * κ the clock those kernels keep there against their clock alone.
 *
 * <p><b>The exchange beside the GEMMs.</b> DeepEP's normal kernels move tokens with their own SMs (NVLink
 * forwarding, RDMA queues driven from the SMs: DeepEP issue #179, "normal kernels are designed for training
 * and prefill with SM"), and their V1 internode kernels are bound by those SMs rather than by the links
 * (DeepEP PR #453: "high GPU SM utilization and underutilized interconnect bandwidth"; V2's README keeps V1's
 * rate on 4 to 6 SMs instead of 24), so their time follows the SMs' clock. Alone (DeepEP's unit test; a pool
 * without two-batch overlap) the part draws little power and they run at its short-run clock; beside the other
 * micro-batch's GEMMs the part runs at its power cap, one clock for every SM, and they run at the fraction κ a
 * continuous tensor load sustains: on Hopper the measured {@link ComputeCalibration#HOPPER_POWER_CAPPED_FRACTION},
 * 0.838, so the exchange takes 1/0.838 = 1.19 times its time alone; on other parts, whose capped rate is not
 * measured, κ = 1 ({@link Device#normalKernelClock}, the rule training's DualPipe pairs share). Against the
 * profiles, not fitted: SGLang's perfect-EPLB run moved its dispatch and combine in 25.9 ms a layer and
 * DeepSeek's profile in 26.8 where the unit test takes 21.5 (1.20 and 1.25; LMSYS blog 2025-05-05, "the latter is
 * achievable when disabling TBO"). DeepEP's low-latency (decode) kernels overlap
 * through a receive hook that occupies no SM, so decode pools pay neither s nor κ.
 *
 * <p>Computing the halves separately also costs what smaller GEMMs cost: their lower efficiency and,
 * when memory-bound, reading the weights twice (both come from the GEMM model at half the rows).
 * The pipeline's fill (one c or a per iteration) is neglected beside the layers' sum. O(1).
 */
final class TwoBatchOverlap {
    /**
     * SMs DeepEP's normal (prefill) kernels occupy: {@code Buffer.num_sms = 20} in
     * {@code deep_ep/buffer.py} (DeepEP), the default SGLang and Megatron-Core keep
     * ({@code moe_deepep_num_sms = 20}); DeepSeek-V3 (arXiv 2412.19437 §3.2.2) likewise dedicates 20 of
     * 132 SMs to communication.
     */
    static final int NORMAL_KERNEL_SMS = 20;

    private final double smShare;
    private final double exchangeClock;

    /**
     * @param smShare       s: share of the SMs the communication kernels take, in [0, 1)
     * @param exchangeClock κ: the communication kernels' clock beside the compute over their clock alone, in (0, 1]
     */
    TwoBatchOverlap(double smShare, double exchangeClock) {
        if (!(smShare >= 0 && smShare < 1)) {
            throw new IllegalArgumentException("an SM share lies in [0, 1): " + smShare);
        }
        if (!(exchangeClock > 0 && exchangeClock <= 1)) {
            throw new IllegalArgumentException("a clock fraction lies in (0, 1]: " + exchangeClock);
        }
        this.smShare = smShare;
        this.exchangeClock = exchangeClock;
    }

    /**
     * The overlap of a pool on DeepEP's low-latency kernels ({@code lowLatencyKernels}), which hold no SMs (s = 0,
     * κ = 1), or on its normal kernels on {@code accelerator}: s ({@link #smShare}) and κ
     * ({@link Device#normalKernelClock}).
     */
    static TwoBatchOverlap of(boolean lowLatencyKernels, AcceleratorSpec accelerator, Device device) {
        return lowLatencyKernels ? new TwoBatchOverlap(0, 1)
                : new TwoBatchOverlap(smShare(device), Device.normalKernelClock(accelerator));
    }

    /**
     * s for DeepEP's normal kernels on {@code device}: the share {@link Device#smShare} gives 20 of its SMs (its tile
     * slots), at most 1/2.
     */
    static double smShare(Device device) {
        return Math.min(0.5, device.smShare(NORMAL_KERNEL_SMS));
    }

    /** The layer's time, seconds, from one half's compute c and one half's dispatch plus combine alone a (seconds). */
    double layerSeconds(double halfComputeSeconds, double halfExchangeSeconds) {
        return Math.max(2 * halfComputeSeconds / (1 - smShare), 2 * halfExchangeSeconds / exchangeClock);
    }
}
