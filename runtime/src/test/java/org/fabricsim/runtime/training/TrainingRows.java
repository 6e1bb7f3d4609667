package org.fabricsim.runtime.training;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.runtime.calibration.MeasuredCsv;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * How a row of validation/reference/training.csv (or training-heldout.csv, same columns) becomes a spec, and
 * how its prediction is counted.
 *
 * <p>A row becomes a spec by fixed rules, nothing else: the model from its columns (a gated
 * SwiGLU MLP when ffn ≠ 4·hidden, the CSV's header saying ffn = 4·hidden marks the standard GPT
 * MLP; head width hidden ÷ heads); the plan from tp, pp, dp, cp with sequence parallelism; sequence
 * and global batch; micro-batch 1 (the Megatron-Core rows without pipeline parallelism: the
 * replica's whole batch, see {@link #singleMicroBatch}); BF16; by source, what its notes state: the Llama 3 rows run on
 * the RoCE cluster of examples/llama3-405b with interleaved 1F1B, ZeRO-2 ("FSDP shards
 * optimizer+grads, weights kept") and FlashAttention-2 ({@link SoftwareSpec#FLASH_ATTENTION_2}: the paper
 * names no attention kernel; its pre-training predates FlashAttention-3 and Transformer Engine's
 * all-gather context parallelism, and the open implementations of its all-gather attention over
 * document masks call FlashAttention-2's variable-length kernels), the Megatron-Core rows on the DGX SuperPOD of
 * examples/megatron-h100 (the README states no network) with Megatron's distributed optimizer
 * (ZeRO-1), DP overlap 1 ("overlap on") and, with PP &gt; 1, the interleaved schedule at the smallest
 * virtual-stage count Megatron accepts ({@link #smallestInterleaving}: the README overlaps pipeline
 * communication, which Megatron-LM's {@code arguments.py} turns off without virtual stages).
 */
final class TrainingRows {
    private static final double PEAK_TFLOPS = 989;

    private TrainingRows() {
    }

    /** The spec of a CSV row, by the rules of the class comment. */
    static TrainingSpec spec(Map<String, String> row) {
        int hidden = integer(row, "hidden");
        int ffn = integer(row, "ffn");
        String source = row.get("source");
        String notes = row.get("notes");
        // MegaScale's table states no vocabulary: assumed GPT-3's 50,257 padded by Megatron-LM to 51,200,
        // as in the SC'21 rows of the same code base.
        int vocab = row.get("vocab").isEmpty() ? 51200 : integer(row, "vocab");
        TransformerSpec model = TrainingFixtures.dense("calibration." + row.get("case"), integer(row, "layers"), hidden,
                ffn, integer(row, "heads"), integer(row, "kv_heads"), vocab, ffn != 4 * hidden);
        String name = "calibration." + row.get("case");
        int seq = integer(row, "seq");
        long gbs = Long.parseLong(row.get("gbs"));
        if (source.contains("Llama 3")) {
            ParallelismSpec plan = plan(row, true);
            return new TrainingSpec(name, model, TrainingFixtures.grand16k(), plan.accelerators(), seq, gbs, 1,
                    Precision.BF16, plan, TrainingSpec.PipelineSchedule.INTERLEAVED, 1, TrainingSpec.Sharding.ZERO_2,
                    TrainingSpec.Recompute.NONE, 1, SoftwareSpec.FLASH_ATTENTION_2, false);
        }
        if (source.contains("Megatron-Core")) {
            // "TP/DP/PP communication overlap on": --tp-comm-overlap with the distributed optimizer's
            // overlapped gradient reduce-scatter and parameter all-gather. Without pipeline parallelism the
            // replica's sequences run as one micro-batch ({@link #singleMicroBatch}).
            ParallelismSpec plan = plan(row, true);
            int v = smallestInterleaving(model.layers(), plan.pipeline());
            return new TrainingSpec(name, model, TrainingFixtures.superPod6k(), plan.accelerators(), seq, gbs,
                    singleMicroBatch(plan, gbs),
                    Precision.BF16, plan, v > 1 ? TrainingSpec.PipelineSchedule.INTERLEAVED
                            : TrainingSpec.PipelineSchedule.ONE_F_ONE_B, v, TrainingSpec.Sharding.ZERO_1,
                    TrainingSpec.Recompute.NONE, 1, SoftwareSpec.MEGATRON_CORE, true);
        }
        if (source.contains("SC'21")) {
            // The notes state micro-batch, full recompute, fp16, no sequence parallelism, plain data
            // parallelism (no distributed optimizer in 2021), the schedule with its virtual stages, and
            // whether DDP overlaps the gradient all-reduce.
            Matcher virtual = Pattern.compile("v=(\\d+)").matcher(notes);
            boolean interleaved = virtual.find();
            ParallelismSpec plan = plan(row, false);
            return new TrainingSpec(name, model, TrainingFixtures.selene(), plan.accelerators(), seq, gbs,
                    noted(notes, "micro-batch (\\d+)"), Precision.FP16, plan,
                    interleaved ? TrainingSpec.PipelineSchedule.INTERLEAVED : TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                    interleaved ? Integer.parseInt(virtual.group(1)) : 1, TrainingSpec.Sharding.NONE,
                    TrainingSpec.Recompute.FULL, notes.contains("not overlapped") ? 0 : 1, TrainingFixtures.MEGATRON_2021,
                    false);
        }
        // MegaScale's Megatron-LM baseline: the notes state no settings. Assumed Megatron-LM's defaults
        // for GPT-3 175B in 2023: micro-batch 1, sequence parallelism, selective recompute, the
        // distributed optimizer (ZeRO-1), 1F1B, BF16, gradient reduce-scatter overlapped.
        ParallelismSpec plan = plan(row, true);
        return new TrainingSpec(name, model, TrainingFixtures.megaScaleA100(), plan.accelerators(), seq, gbs, 1,
                Precision.BF16, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, 1, TrainingSpec.Sharding.ZERO_1,
                TrainingSpec.Recompute.SELECTIVE, 1);
    }

    /**
     * Micro-batch of a Megatron-Core row: without pipeline parallelism the replica's gbs ÷ dp sequences
     * as one micro-batch, else 1. The README states no micro-batch size, and its table allows no other:
     * Megatron-Core r0.8 starts the overlapped gradient reduce-scatter only in the backward of the last
     * micro-batch ({@code ParamAndGradBuffer.register_grad_ready} acts when {@code is_last_microbatch};
     * {@code forward_backward_no_pipelining} runs the others under {@code no_sync}). With four
     * micro-batches of 1 the 32B row (TP8 DP48: each DP group one GPU per node) would reduce-scatter
     * 3.93e9 FP32 gradients, 15.4 GB per GPU, over one 400 Gb/s NIC (at least 0.31 s) behind a 0.14 s
     * backward, while its published 459.6 TFLOP/s leave 0.89 s per step of which the compute alone
     * takes 0.81 s; as one micro-batch the whole 0.54 s backward hides it ({@code
     * MegatronCoreRowsTest}). O(1).
     */
    static int singleMicroBatch(ParallelismSpec plan, long globalBatch) {
        return plan.pipeline() == 1 ? (int) (globalBatch / plan.data()) : 1;
    }

    /**
     * The smallest virtual-stage count v &gt; 1 Megatron-LM accepts for L layers on P &gt; 1 stages, the
     * least v with P·v dividing L (its {@code --num-layers-per-virtual-pipeline-stage} must divide the
     * layers per stage), or 1 when P is 1 or none exists: the assumption for runs that overlap pipeline
     * communication without stating their interleaving. O(L).
     */
    static int smallestInterleaving(int layers, int stages) {
        for (int v = 2; stages > 1 && (long) stages * v <= layers; v++) {
            if (layers % (stages * v) == 0) {
                return v;
            }
        }
        return 1;
    }

    private static ParallelismSpec plan(Map<String, String> row, boolean sequenceParallel) {
        return new ParallelismSpec(integer(row, "tp"), integer(row, "pp"), integer(row, "dp"), integer(row, "cp"), 1,
                sequenceParallel);
    }

    private static int noted(String notes, String pattern) {
        Matcher matcher = Pattern.compile(pattern).matcher(notes);
        if (!matcher.find()) {
            throw new IllegalArgumentException("the notes state no " + pattern + ": " + notes);
        }
        return Integer.parseInt(matcher.group(1));
    }

    /** Dense peak of the row's accelerator, TFLOP/s: H100 SXM 989, A100 SXM 312 (training.csv header). */
    static double peakTflops(Map<String, String> row) {
        return row.get("accelerator").startsWith("A100") ? 312 : PEAK_TFLOPS;
    }

    /** Predicted TFLOP/s per GPU as the row counts them: hardware FLOPs for the SC'21 rows (HFU), else model FLOPs. */
    static double predictedTflops(Map<String, String> row, RunResult result) {
        double tflops = (Double) result.metrics().get("tflopsPerAccelerator");
        boolean hardware = row.get("source").contains("SC'21");
        return hardware ? tflops * (Double) result.metrics().get("hfu") / (Double) result.metrics().get("mfu") : tflops;
    }

    private static int integer(Map<String, String> row, String column) {
        return Integer.parseInt(row.get(column));
    }

    static BufferedReader open() {
        return open("training.csv");
    }

    private static BufferedReader open(String file) {
        return new BufferedReader(new InputStreamReader(
                TrainingRows.class.getResourceAsStream("/reference/" + file), StandardCharsets.UTF_8));
    }

    static List<Map<String, String>> readCsv() throws IOException {
        return readCsv("training.csv");
    }

    /** The rows of {@code file} in validation/reference, in training.csv's columns, as column → value. */
    static List<Map<String, String>> readCsv(String file) throws IOException {
        try (BufferedReader reader = open(file)) {
            return MeasuredCsv.records(reader);
        }
    }
}
