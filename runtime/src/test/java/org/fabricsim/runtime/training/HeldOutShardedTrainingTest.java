package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.junit.jupiter.api.Test;

/**
 * The held-out rows of other stacks and sharding schemes (validation/reference/training-sharded-heldout.csv: MosaicML's
 * FSDP benchmarks of MPT, BLOOM-176B and MT-NLG 530B on Megatron-DeepSpeed), predicted with the default profile, which
 * was fitted without them. Each row is compared in its source's own FLOP counting: predicted utilization = published
 * utilization × predicted ÷ published tokens per second per GPU (MFU or HFU as the row's column says).
 */
class HeldOutShardedTrainingTest {
    /**
     * Rows outside ±3 points of utilization, each a finding (docs/accuracy.md, "Held-out sharded and other-stack
     * training rows (session 50)"); the test fails when a row leaves or joins the list.
     * <ul>
     * <li>A100 FSDP rows with full recompute, predicted low (−3.1 to −7.2; session 56: each FSDP unit's
     * gather and reduce-scatter hide behind its compute, the exposed FSDP time is the collectives' SM share, and
     * MPT's element-wise kernels match the model's passes within 6%): their published HFU (MFU × 4/3, a lower
     * bound by the source's own note) reaches 71–74% of the A100 peak on three rows, above the model's A100 GEMM ceiling
     * of 0.869 (MAMF) × 0.784 (the Ampere sustained fraction fitted on Megatron-LM rows) = 68.1%: no communication or
     * scheduling mechanism can close it; the fitted fraction carries Megatron-LM's own losses (session 51: charging
     * the SC'21 runs' FP16 gradient-accumulation hook and refitting lifts these rows by about 0.6 points and worsens
     * the fit, so that pass is not it). Likewise
     * mpt-30b-h100-32 (−3.1): published HFU 58.6%, the model's H100 ceiling 0.803 × 0.730 = 58.6%.</li>
     * <li>mpt-13b-h100-64 (+6.1; +7.1 before session 55 charged FSDP's flat gradient, +5.9 before session 56 gave
     * the MPT rows flash-attn's fused cross entropy, {@link ShardedRows#software}): published MFU is flat from 8 to
     * 64 GPUs (39.6–40.0%), so the loss is per GPU, not
     * network; at micro-batch 2 without recompute a layer's forward and backward take 16 ms, where FSDP's per-unit
     * host work (hooks, rate-limited all-gathers) is not modelled. Session 55: charging the post-backward stream's
     * cast and pre-division serially too brings it to +2.0 but takes two A100 rows out of ±3 (not adopted). Session 52: the README's 70B pairs (micro-batch 2 ×
     * 16 against 8 × 4) show the runs paying 0.7 s (H100) and 0.9 s (A100) more per micro-batch than predicted (an
     * exposed parameter all-gather would be about half of it); Triton attention (the benchmark's {@code attn_impl}) is
     * not it. Session 60: the README's same run on one NVLink node (8 GPUs) publishes the same 39.8%.</li>
     * <li>mpt-70b-a100-40gb-64 (+10.6): 13 points below the same model at 128 GPUs and micro-batch 4; the model's FSDP
     * traffic stays hidden at either size and its memory estimate leaves 9 GB free, so allocator pressure on the 40 GB
     * part is the untested candidate. Session 52: the README's 70B at micro-batch 2 on A100 80GB (32 GPUs,
     * accumulation 16) is predicted at −0.6, ruling out per-micro-batch mechanisms. Session 55: the model's memory is
     * the same 30.6 GB for the README's 30B on 32 A100 40GB, which runs at its 128-GPU MFU, so it cannot place an
     * allocator mechanism, whose cost no source gives. Session 60: not FSDP's traffic either; only exposing it
     * wholesale (no overlap, or a ring at a fifth of the modelled 185 GB/s) reaches the row, and that takes 8 of the 10
     * FSDP rows within ±3 out, the README's 70B at 2 sequences on 32 A100 80GB among them.</li>
     * <li>mtnlg-530b-3360 (+3.0, just outside): with DeepSpeed's BF16 optimizer charged (session 51,
     * {@link TrainingFixtures#MEGATRON_DEEPSPEED}: FP32 gradient accumulation every micro-batch, the whole gradient
     * all-reduced) the three MT-NLG rows are +1.9, +2.2 and +3.0 (were +7.4, +7.5, +8.2) and BLOOM −2.4 (was +1.2);
     * the published steps imply the same time per pipeline slot as predicted (0.206 s against 0.205) but 3.6 to
     * 4.4 s beyond the slots per step against the predicted 1.3 s, which no modelled per-step cost explains.</li>
     * </ul>
     */
    private static final List<String> KNOWN_MISSES = List.of("mpt-30b-h100-32", "mpt-13b-h100-64", "mpt-70b-a100-64",
            "mpt-30b-a100-8", "mpt-70b-a100-40gb-64", "mpt-30b-a100-40gb-128", "mpt-13b-a100-40gb-128",
            "mtnlg-530b-3360");

    @Test
    void shouldReportWhichShardedAndOtherStackRowsTheDefaultCalibrationMisses() throws IOException {
        List<String> misses = new ArrayList<>();
        System.out.println("Held-out sharded/other-stack rows, utilization published against predicted (points):");
        for (Map<String, String> row : TrainingRows.readCsv("training-sharded-heldout.csv")) {
            RunResult result = TrainingSimulator.run(ShardedRows.spec(row));
            double published = Double.parseDouble(row.get("reported_utilization"));
            double tokens = (Double) result.metrics().get("tokensPerSecond") / ShardedRows.integer(row, "gpus");
            double predicted = published * tokens / Double.parseDouble(row.get("reported_tokens_per_gpu_s"));
            double errorPoints = 100 * (predicted - published);
            System.out.printf(Locale.ROOT, "%-24s %s %5.1f%% %5.1f%% %+6.1f  step %.3f s, memory %.1f GB, exposed %s%n",
                    row.get("case"), row.get("utilization"), 100 * published, 100 * predicted, errorPoints,
                    (Double) result.metrics().get("stepTimeSeconds"),
                    ((Number) result.metrics().get("memoryPerAcceleratorBytes")).doubleValue() / 1e9,
                    result.metrics().get("exposedCommunicationSeconds"));
            if (Math.abs(errorPoints) > 3) {
                misses.add(row.get("case"));
            }
        }
        assertEquals(KNOWN_MISSES, misses, "held-out sharded rows outside +-3 points");
    }
}
