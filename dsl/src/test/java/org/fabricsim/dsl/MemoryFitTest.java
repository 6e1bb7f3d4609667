package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.junit.jupiter.api.Test;

/** The memory-fit check: it fires when the busiest stage exceeds HBM, and it reports the simulator's own bytes. */
class MemoryFitTest extends FabricModelTest {
    private static final String JOB = """
            import fabric.catalog.nvidia.*

            cluster FourDgx {
                nodes 4 x DGX_H100
                scale-out InfiniBand_NDR fat-tree {
                    switch QM9700
                    tiers 2
                }
            }

            model Wide transformer {
                layers 64
                hidden 8192
                heads 64
                vocab 32000
            }

            training Train {
                model Wide on FourDgx
                sequence 4096
                batch 64 sequences
                parallel tensor 8 data 4
            }
            """;

    private static List<Issue> memoryErrors(List<Issue> issues) {
        return issues.stream().filter(issue -> IssueCodes.MEMORY_EXCEEDED.equals(issue.getCode())).toList();
    }

    private long simulatedBytes(Training training) {
        TrainingSpec spec = mapper.toTraining(training);
        return ((Number) TrainingSimulator.run(spec).metrics().get("memoryPerAcceleratorBytes")).longValue();
    }

    private static Training training(Model model) {
        return (Training) model.getElements().stream().filter(Training.class::isInstance).findFirst().orElseThrow();
    }

    @Test
    void shouldRejectAWideModelWithoutShardingAndReportTheSimulatorsBytes() throws Exception {
        // TP8 × DP4, no sharding: 18 bytes per parameter (bf16 weights, fp32 gradients, Adam) of a 52B model
        // (64 layers of 12·8192², GELU MLP of 4h) over TP 8 alone are 116 GB, beyond the 85.5 GB of an H100
        Model model = parser.parse(JOB);
        List<Issue> errors = memoryErrors(validation.validate(model));
        assertEquals(1, errors.size(), () -> errors.toString());
        long needed = Long.parseLong(errors.get(0).getData()[0]);
        long hbm = Long.parseLong(errors.get(0).getData()[1]);
        assertTrue(needed > hbm);
        assertEquals(simulatedBytes(training(model)), needed);
    }

    /**
     * The remedies name only what the job does not do yet: without sharding, sequence parallelism (TP 8) or
     * recomputation all three; at TP 1 with ZeRO-2 and full recomputation only ZeRO-3 and more parallelism
     * ('sequence-parallel' at TP 1 splits nothing, and the job already recomputes everything).
     */
    @Test
    void shouldSuggestOnlyTheRemediesTheJobDoesNotUseYet() throws Exception {
        String all = memoryErrors(validation.validate(parser.parse(JOB))).get(0).getMessage();
        assertTrue(all.endsWith(" Shard the optimizer state and gradients ('sharding zero-2' or 'zero-3'), add"
                + " 'sequence-parallel', recompute activations ('recompute full'), or use more tensor or pipeline"
                + " parallelism."), all);
        List<Issue> errors = memoryErrors(validation.validate(parser.parse(JOB.replace("parallel tensor 8 data 4",
                "parallel tensor 1 data 32\n    sharding zero-2\n    recompute full"))));
        assertEquals(1, errors.size(), errors::toString);
        assertTrue(errors.get(0).getMessage().endsWith(" Shard the weights too ('sharding zero-3'), or use more tensor"
                + " or pipeline parallelism."), errors.get(0).getMessage());
    }

    @Test
    void shouldAcceptTheSameModelOnceShardedSequenceParallelAndRecomputed() throws Exception {
        // ZeRO-3 over DP 4 leaves 16 B × 6.5B ÷ 4 = 26 GB of model state; SP and full recompute shrink activations
        Model model = parser.parse(JOB.replace("parallel tensor 8 data 4",
                "parallel tensor 8 data 4 sequence-parallel\n    sharding zero-3\n    recompute full"));
        assertEquals(List.of(), memoryErrors(validation.validate(model)));
        long hbm = mapper.toTraining(training(model)).cluster().node().accelerator().memoryBytes();
        assertTrue(simulatedBytes(training(model)) <= hbm);
    }
}
