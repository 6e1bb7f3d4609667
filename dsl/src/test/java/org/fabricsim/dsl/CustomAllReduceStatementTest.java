package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.junit.jupiter.api.Test;

/**
 * A serving pool's {@code custom-all-reduce below S}: mapped in bytes (none when absent), refused at zero, named as
 * changing nothing where the framework's kernel cannot run (inference's CustomAllReduce), and moving a TP 8 pool's
 * decode ITL where it can.
 */
class CustomAllReduceStatementTest extends FabricModelTest {

    /** Small on one DGX H100 (one NVSwitch domain of 8), served by one replica of {@code pool}'s body. */
    private Model served(String pool) throws Exception {
        return parser.parse(SMALL_ON_ONE_DGX + """
                inference Serve {
                    model Small on OneDgx
                    serving pool { replicas 1 %s }
                    traffic { arrival all-at-once prompt fixed 16 output fixed 64 requests 8 }
                }
                """.formatted(pool));
    }

    private InferenceSpec mapped(Model model) {
        validation.assertNoErrors(model);
        return mapper.toInference(model.getElements().stream().filter(Inference.class::isInstance)
                .map(Inference.class::cast).findFirst().orElseThrow());
    }

    @Test
    void shouldMapTheLimitInBytesAndNoneWhenAbsent() throws Exception {
        // 8 MiB = 8 × 2^20 B = 8,388,608 B, vLLM's max_size 8192 × 1024
        assertEquals(8_388_608L, mapped(served("parallel tensor 8 custom-all-reduce below 8 MiB")).pools().get(0)
                .features().customAllReduceMaxBytes());
        assertEquals(PoolFeatures.NO_CUSTOM_ALL_REDUCE,
                mapped(served("parallel tensor 8")).pools().get(0).features().customAllReduceMaxBytes());
    }

    @Test
    void shouldRefuseALimitOfZero() throws Exception {
        validation.assertError(served("parallel tensor 8 custom-all-reduce below 0 MiB"), Literals.QUANTITY,
                IssueCodes.NOT_POSITIVE, "greater than zero");
    }

    @Test
    void shouldRefuseALimitThatIsNotASize() throws Exception {
        validation.assertError(served("parallel tensor 8 custom-all-reduce below 8 ms"), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION, "Expected a data size");
    }

    @Test
    void shouldLetTheStatementStandWhereTheKernelRuns() throws Exception {
        Model model = served("parallel tensor 8 custom-all-reduce below 8 MiB");
        validation.assertNoErrors(model);
        validation.assertNoIssue(model, Literals.POOL, IssueCodes.SERVING_FEATURE_IGNORED);
    }

    @Test
    void shouldSayTheStatementChangesNothingWithoutTensorParallelism() throws Exception {
        validation.assertIssue(served("parallel data 8 custom-all-reduce below 8 MiB"), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED, Severity.INFO, "no tensor parallelism");
    }

    @Test
    void shouldSayTheStatementChangesNothingAtATensorDegreeTheKernelDoesNotRun() throws Exception {
        // vLLM's _SUPPORTED_WORLD_SIZES: 2, 4, 6, 8; TP 16 on two DGX nodes is none of them
        Model model = parser.parse(SMALL_ON_ONE_DGX.replace("nodes 1 x DGX_H100",
                "nodes 2 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 }") + """
                inference Serve {
                    model Small on OneDgx
                    serving pool { replicas 1 parallel tensor 16 custom-all-reduce below 8 MiB }
                    traffic { arrival all-at-once prompt fixed 16 output fixed 64 requests 8 }
                }
                """);
        validation.assertIssue(model, Literals.POOL, IssueCodes.SERVING_FEATURE_IGNORED, Severity.INFO,
                "runs at TP 2, 4, 6 or 8 (vLLM's _SUPPORTED_WORLD_SIZES) and this pool's is 16");
    }

    @Test
    void shouldSayTheStatementChangesNothingAcrossScaleUpDomains() throws Exception {
        // NVLink domains of 4 accelerators: a TP 8 group spans two, and the peer-memory kernel runs inside one
        Model model = parser.parse(SMALL_ON_ONE_DGX.replace("nodes 1 x DGX_H100", "nodes 1 x Split") + """
                node Split {
                    accelerators 8 x H100_SXM
                    scale-up NVLink4 switched domain 4
                }
                inference Serve {
                    model Small on OneDgx
                    serving pool { replicas 1 parallel tensor 8 custom-all-reduce below 8 MiB }
                    traffic { arrival all-at-once prompt fixed 16 output fixed 64 requests 8 }
                }
                """);
        validation.assertIssue(model, Literals.POOL, IssueCodes.SERVING_FEATURE_IGNORED, Severity.INFO,
                "its TP group of 8 crosses the scale-up domain of 4");
    }

    @Test
    void shouldShortenATensorParallelPoolsDecodeItlBelowTheLimit() throws Exception {
        double ncclSeconds = (Double) itl(served("parallel tensor 8")).get("p50");
        double customSeconds = (Double) itl(served("parallel tensor 8 custom-all-reduce below 8 MiB")).get("p50");
        // 8 sequences decode together: each of Small's 4 layers all-reduces 8 × 4096 × 2 B = 65,536 B twice, 8 a
        // token. Under 256 KiB at TP 8 the kernel is one-shot over each H100's NVSwitch link, 450 GB/s × 0.816
        // (collective.nvlink-efficiency) = 367.2 GB/s: t₁ = 7.18 µs + 7 × 65,536 B ÷ 367.2 GB/s = 8.43 µs. NCCL's
        // ring on 8 H100 grows with the size from 25.3 µs at 16 KB to 53.5 µs at 4 MiB (docs/accuracy.md, "Serving
        // frameworks' all-reduce"), so a token saves between 8 × (25.3 − 8.43) = 135 µs and 8 × (53.5 − 8.43) =
        // 361 µs (measured 2026-12-07: ITL 295.85 → 157.62 µs, 138.23 µs, NCCL 25.71 µs at 64 KiB)
        double savedSeconds = ncclSeconds - customSeconds;
        assertTrue(savedSeconds > 134e-6 && savedSeconds < 361e-6, "saved " + savedSeconds + " s a token");
    }

    private Map<?, ?> itl(Model model) {
        return (Map<?, ?>) InferenceRunner.run(mapped(model)).metrics().get("itlSeconds");
    }
}
