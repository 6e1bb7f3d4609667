package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A training or deployment on an accelerator that states no bf16 rate is an editor error naming the rates it does
 * state: the compute model runs 16-bit GEMMs and attention at the BF16 peak, so at 0 FLOP/s a TPU v4 written
 * {@code compute fp16 275 TFLOPS} trained forever and its pipeline schedule deadlocked (session 61's mutants); so
 * does a sketched cluster, whose generic accelerators state no rate.
 */
class MissingBf16RateTest extends FabricModelTest {
    private static final String PARTS = """
            vendor Google "Google LLC"
            accelerator TPUv4 {
                vendor Google
                compute %s
                memory 32 GiB bandwidth 1200 GB/s
            }
            fabric Ici { vendor Google scope scale-out single-source link 50 GB/s latency 1 us }
            node Host { accelerators 4 x TPUv4 }
            cluster Cube { nodes 16 x Host scale-out Ici torus 4 x 4 x 4 }
            model Small transformer { layers 4 hidden 2048 heads 16 vocab 32000 }
            """;
    private static final String TRAINING = PARTS + """
            training Train {
                model Small on Cube
                sequence 2048
                batch 64 sequences
                precision bf16
                parallel tensor 4 data 16
                micro-batch 1
            }
            """;
    private static final String DEPLOYMENT = PARTS + """
            inference Serve {
                model Small on Cube
                precision bf16
                serving pool { replicas 1 parallel tensor 4 }
                traffic { arrival all-at-once prompt fixed 1024 output fixed 16 requests 8 }
            }
            """;

    @Test
    void shouldRefuseTrainingOnAPartThatStatesFp16ButNoBf16() throws Exception {
        validation.assertError(parser.parse(TRAINING.formatted("fp16 275 TFLOPS")), Literals.TRAINING,
                IssueCodes.MISSING_BF16_RATE, "TPUv4 states no bf16 compute rate, only fp16,");
        validation.assertError(parser.parse(TRAINING.formatted("fp16 275 TFLOPS, fp8 550 TFLOPS")),
                Literals.TRAINING, IssueCodes.MISSING_BF16_RATE, "only fp16, fp8,");
    }

    @Test
    void shouldAcceptTrainingOnAPartThatStatesBf16() throws Exception {
        validation.assertNoIssue(parser.parse(TRAINING.formatted("bf16 275 TFLOPS")), Literals.TRAINING,
                IssueCodes.MISSING_BF16_RATE);
        validation.assertNoIssue(parser.parse(TRAINING.formatted("fp16 275 TFLOPS, bf16 275 TFLOPS")),
                Literals.TRAINING, IssueCodes.MISSING_BF16_RATE);
    }

    @Test
    void shouldRefuseTrainingAndServingOnASketchedCluster() throws Exception {
        // a sketch's generic accelerators are mapped with a bf16 rate of 0 (no compute line to read one from)
        String sketch = "cluster Sketch { nodes 16 x 4 accelerators link 400 Gb/s latency 1 us }\n";
        validation.assertError(parser.parse(PARTS.formatted("bf16 275 TFLOPS") + sketch
                + TRAINING.substring(PARTS.length()).replace("on Cube", "on Sketch")), Literals.TRAINING,
                IssueCodes.MISSING_BF16_RATE, "Sketch is a sketch ('nodes N x M accelerators') whose generic");
        validation.assertError(parser.parse(PARTS.formatted("bf16 275 TFLOPS") + sketch
                + DEPLOYMENT.substring(PARTS.length()).replace("on Cube", "on Sketch")), Literals.INFERENCE,
                IssueCodes.MISSING_BF16_RATE, "so this deployment would never finish");
    }

    @Test
    void shouldRefuseServingOnAPartWithoutBf16AndAcceptItWithBf16() throws Exception {
        validation.assertError(parser.parse(DEPLOYMENT.formatted("fp16 275 TFLOPS")), Literals.INFERENCE,
                IssueCodes.MISSING_BF16_RATE, "so this deployment would never finish");
        validation.assertNoIssue(parser.parse(DEPLOYMENT.formatted("bf16 275 TFLOPS")), Literals.INFERENCE,
                IssueCodes.MISSING_BF16_RATE);
    }
}
