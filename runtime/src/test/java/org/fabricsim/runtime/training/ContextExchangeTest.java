package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.PassTime;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.study.Variations;
import org.junit.jupiter.api.Test;

class ContextExchangeTest {
    /** A context-parallel ring step costs {@code secondsPerByte} per byte a rank sends; nothing else costs time. */
    private record ContextTimer(double secondsPerByte) implements RingStepsOnly {
        @Override
        public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
            return axis == Axis.CONTEXT ? bytesPerRank * secondsPerByte : 0;
        }
    }

    /** 1 GB/s: a ring step of a 1 MB block takes 1 ms. */
    private static final CollectiveTimer GIGABYTE_PER_SECOND = new ContextTimer(1e-9);
    /** CP 4 over a 4 MB K/V buffer: 1 MB blocks, three ring steps. */
    private static final double KV_BYTES = 4e6;

    @Test
    void shouldExposeTheRingTransferBeyondTheAttentionOfEachBlock() {
        // Attention 2 ms forward, 4 ms backward → per block a_f = 0.5 ms, a_b = 1 ms.
        // Forward steps carry K/V (1 MB, t = 1 ms), backward K/V and dK/dV (2 MB, t = 2 ms).
        // σ = 1/8. Forward: 3·(1 − 0.5) + 1/8·3·0.5 = 1.6875 ms; backward: 3·(2 − 1) + 1/8·3·1 = 3.375 ms.
        ContextExchange ring = ContextExchange.of(ContextMode.RING, 4, KV_BYTES, new PassTime(2e-3, 4e-3, 0, 0, 0),
                0.125, GIGABYTE_PER_SECOND);
        assertEquals(1.6875e-3, ring.forwardSeconds(), 1e-15);
        assertEquals(3.375e-3, ring.backwardSeconds(), 1e-15);
    }

    @Test
    void shouldHideTheRingFullyBehindComputeHeavyBlocks() {
        // Attention 40 ms forward, 100 ms backward → a_f = 10 ms ≥ t = 1 ms, a_b = 25 ms ≥ t = 2 ms:
        // nothing is left over; with σ = 0 nothing is exposed, with σ = 1/8 only 1/8 of 3 ms and of 6 ms.
        PassTime heavy = new PassTime(40e-3, 100e-3, 0, 0, 0);
        ContextExchange free = ContextExchange.of(ContextMode.RING, 4, KV_BYTES, heavy, 0, GIGABYTE_PER_SECOND);
        assertEquals(0, free.forwardSeconds(), 0);
        assertEquals(0, free.backwardSeconds(), 0);
        ContextExchange shared = ContextExchange.of(ContextMode.RING, 4, KV_BYTES, heavy, 0.125, GIGABYTE_PER_SECOND);
        assertEquals(0.375e-3, shared.forwardSeconds(), 1e-15);
        assertEquals(0.75e-3, shared.backwardSeconds(), 1e-15);
    }

    @Test
    void shouldExposeTheWholeAllGatherWhateverTheAttention() {
        // Each collective of the 4 MB buffer: 3 ring steps of the 1 MB block, 3 ms. Forward the K/V
        // all-gather, 3 ms; backward Transformer Engine's K/V re-gather and dK/dV reduce-scatter, 6 ms.
        ContextExchange gather = ContextExchange.of(ContextMode.ALL_GATHER, 4, KV_BYTES,
                new PassTime(40e-3, 100e-3, 0, 0, 0), 0.125, GIGABYTE_PER_SECOND);
        assertEquals(3e-3, gather.forwardSeconds(), 1e-15);
        assertEquals(6e-3, gather.backwardSeconds(), 1e-15);
    }

    @Test
    void shouldKeepTheAllGatherDefaultAndHideTheRingInAStep() {
        // One stage, 4 layers, TP 8 × CP 4, sequence 8192, 8 sequences of micro-batch 1: M = 8.
        // Per rank T = 2,048 tokens, d = 128, 2 heads: attention forward 2·T·(s/2)·2d·2 = 8.59 GFLOP
        // at 60 % of 989 TFLOP/s = 14.5 µs (block 3.6 µs), backward 2.5× at 48 % = 45.2 µs (block 11.3 µs).
        // Every CP ring step costs c = 1 µs whatever its bytes (≤ both blocks).
        // All-gather: M·layers·(forward gather 3c + backward re-gather 3c and reduce-scatter 3c) = 8·4·9c
        // = 288c. Ring: only the SMs, σ = 16/132 of 8·4·(3c + 3c) = 192c.
        double c = 1e-6;
        RingStepsOnly timer = (axis, bytesPerRank, pipelineBytes) -> axis == Axis.CONTEXT ? c : 0;
        double byDefault = cpSeconds(new ParallelismSpec(8, 1, 1, 4, 1, true), timer);
        double gathered = cpSeconds(new ParallelismSpec(8, 1, 1, 4, 1, true, ContextMode.ALL_GATHER), timer);
        double ring = cpSeconds(new ParallelismSpec(8, 1, 1, 4, 1, true, ContextMode.RING), timer);
        assertEquals(288 * c, byDefault, 1e-15);
        assertEquals(byDefault, gathered, 0);
        assertEquals(16.0 / 132 * 192 * c, ring, 1e-15);
    }

    @Test
    void shouldKeepRingAttentionWhenAStudyVariesAnotherDegree() {
        TrainingSpec ring = TrainingFixtures.training("t.Job",
                TrainingFixtures.dense("t.Gpt", 4, 2048, 8192, 16, 16, 32000, false), TrainingFixtures.superPod6k(),
                8192, 8, new ParallelismSpec(1, 1, 2, 4, 1, false, ContextMode.RING),
                TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.ZERO_1);
        for (VariationSpec.Parameter degree : List.of(VariationSpec.Parameter.TENSOR, VariationSpec.Parameter.PIPELINE,
                VariationSpec.Parameter.DATA, VariationSpec.Parameter.CONTEXT, VariationSpec.Parameter.EXPERT)) {
            TrainingSpec varied = (TrainingSpec) Variations.apply(ring, degree, 2L);
            assertEquals(ContextMode.RING, varied.parallel().contextMode(), degree.label());
        }
    }

    private static double cpSeconds(ParallelismSpec plan, CollectiveTimer timer) {
        TrainingSpec spec = TrainingFixtures.training("t.Job",
                TrainingFixtures.dense("t.Gpt", 4, 2048, 8192, 16, 16, 32000, false), TrainingFixtures.superPod6k(),
                8192, 8, plan, TrainingSpec.PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.ZERO_1);
        return TrainingStep.simulate(spec, StepPlan.of(spec), timer, CalibrationProfile.defaults()).cpSeconds();
    }
}
