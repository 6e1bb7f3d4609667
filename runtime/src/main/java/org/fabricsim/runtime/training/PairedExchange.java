package org.fabricsim.runtime.training;

/**
 * What one model chunk's expert dispatch and combine cost a DualPipe F&amp;B pair: the part of the exchange its
 * compute does not hide, and the compute the exchange's SMs take. Per chunk and micro-batch, forward and backward
 * together: e the exchange's time alone (dispatch and combine of every MoE layer, both passes), C the chunk's compute,
 * C<sub>E</sub> the compute of its MoE layers, ω the overlap fraction, κ the clock the exchange's kernels run at beside
 * the pair's compute ({@link org.fabricsim.runtime.compute.Device#normalKernelClock}; 1 for NCCL's all-to-all), σ the
 * share of the SMs the exchange's kernels hold.
 *
 * <p><b>Held while they run</b> (no SMs stated, a collective's {@link
 * org.fabricsim.runtime.compute.Device#collectiveSmShare}, or NCCL's all-to-all with the SMs stated): the kernels
 * take σ of the SMs for as long as they run, a ÷ κ for the part a = min(e, κ·ω·C) that hides, so the pair is charged
 * e − a + σ·a ÷ κ.
 *
 * <p><b>Dedicated for the pair</b> (the plan states its {@code communication-sms} for DeepEP's kernels): the SMs are
 * partitioned for the whole pair, not lent while a kernel runs. DeepSeek-V3 "manually adjust[s] the ratio of GPU SMs
 * dedicated to communication versus computation" in its pairs (arXiv 2412.19437 §3.2.1) and gives communication 20 of
 * the H800's 132 (§3.2.2); its profile of one pair (deepseek-ai/profile-data at 4496024, {@code train.json}: EP64, 4
 * MoE layers a chunk) launches every one of its 140 FP8 GEMMs on a grid of exactly 112 = 132 − 20 blocks (DeepGEMM's
 * persistent kernels sized to the SMs it is given), and its dispatch, combine and notify kernels, 20 blocks each,
 * occupy the communication stream for 114.5 of the pair's 129.0 ms, waiting for their peers between transfers. So the
 * MoE layers' compute runs on 1 − σ of the SMs: C<sub>E</sub> ÷ (1 − σ), a charge x = σ·C<sub>E</sub> ÷ (1 − σ) that
 * does not depend on e; the exchange runs beside the pair's compute C + x, hiding a = min(e, κ·ω·(C + x)), and the pair
 * is charged e − a + x. The layers outside the MoE block (a dense layer, the embedding, the output head) keep every SM:
 * no exchange runs beside them in their own chunk.
 *
 * <p>Outside a pair (any other schedule) the exchange is exposed whole, e; a DualPipe task run alone adds to the
 * pair's charge what makes it e (its compute on every SM, its exchange exposed: {@link PipelineExecutor}'s
 * {@code aloneSeconds}, (e − charge) ÷ 2 a task, below 0 where the SMs a pair gives up outweigh the exchange). O(1).
 */
final class PairedExchange {
    private PairedExchange() {
    }

    /**
     * The seconds a pair of {@code chunk}'s tasks is charged for its exchange (class comment): e when {@code paired}
     * is false; otherwise e − a + σ·a ÷ κ, or with {@code dedicated} SMs e − a + σ·C<sub>E</sub> ÷ (1 − σ). σ must
     * be below 1 where the SMs are dedicated (some must be left for compute).
     */
    static double chargedSeconds(double exchangeSeconds, double computeSeconds, double expertComputeSeconds,
            double clock, double overlap, double smShare, boolean paired, boolean dedicated) {
        if (!paired) {
            return exchangeSeconds;
        }
        if (dedicated) {
            if (smShare >= 1) {
                throw new IllegalArgumentException("'communication-sms' takes every SM of the accelerator and leaves"
                        + " none for the DualPipe pair's compute: state fewer than the accelerator's SMs");
            }
            double taken = smShare * expertComputeSeconds / (1 - smShare);
            double hidden = Math.min(exchangeSeconds, clock * overlap * (computeSeconds + taken));
            return exchangeSeconds - hidden + taken;
        }
        double hidden = Math.min(exchangeSeconds, clock * overlap * computeSeconds);
        return exchangeSeconds - hidden + smShare * hidden / clock;
    }
}
