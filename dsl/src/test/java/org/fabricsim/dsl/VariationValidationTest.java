package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.junit.jupiter.api.Test;

/** {@code vary} with keywords and every knob: what the editor accepts maps to the runtime's values; the rest is refused. */
class VariationValidationTest extends FabricModelTest {
    private static final String WORKLOADS = """
            import fabric.catalog.nvidia.*
            fabric Eth { vendor V scope scale-out open-standard link 400 Gb/s }
            fabric Eth2 { vendor V scope scale-out open-standard link 800 Gb/s }
            vendor V
            cluster C { nodes 4 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } }
            model M transformer { layers 8 hidden 1024 heads 16 vocab 1000 }
            training T {
                model M on C
                sequence 2048
                batch 64 sequences
                parallel tensor 8 pipeline 2 data 2
            }
            inference S {
                model M on C
                prefill pool { replicas 1 parallel tensor 8 }
                decode pool { replicas 1 parallel tensor 8 }
                traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
            }
            benchmark Bench { all-reduce ring on C sizes 1 MiB }
            """;

    private Model study(String workload, String axes) throws Exception {
        return parser.parse(WORKLOADS + "study X {\n simulate " + workload + "\n" + axes + "\n}\n");
    }

    @Test
    void shouldMapKeywordAxesOfATrainingJobAsWritten() throws Exception {
        Model model = study("T", """
                vary schedule in [1f1b, interleaved-1f1b, zero-bubble]
                vary sharding in [zero-1, fsdp]
                vary recompute in [none, full]
                vary precision in [bf16, fp8]
                vary virtual-stages in [1, 2]
                """);
        validation.assertNoErrors(model);
        StudySpec spec = mapper.toStudy(EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0), "m", "f");
        assertEquals(new VariationSpec(Parameter.SCHEDULE, List.of("1f1b", "interleaved-1f1b", "zero-bubble")),
                spec.variations().get(0));
        assertEquals(List.of("zero-1", "fsdp"), spec.variations().get(1).values());
        assertEquals(List.of(1L, 2L), spec.variations().get(4).values());
        assertEquals(48, spec.runCount(), "3 x 2 x 2 x 2 x 2 runs");
    }

    @Test
    void shouldMapAPoolAxisWithItsRole() throws Exception {
        Model model = study("S", "vary decode replicas in [1, 2]\nvary prefill max-batch-tokens in [4096, 8192]");
        validation.assertNoErrors(model);
        StudySpec spec = mapper.toStudy(EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0), "m", "f");
        assertEquals(new VariationSpec(Parameter.REPLICAS, InferenceSpec.Role.DECODE, List.of(1L, 2L)),
                spec.variations().get(0));
        assertEquals("prefill max-batch-tokens", spec.variations().get(1).label());
    }

    @Test
    void shouldMapTheFabricAlgorithmAndChannelsOfABenchmark() throws Exception {
        Model model = study("Bench", "vary fabric in [Eth, Eth2]\nvary algorithm in [ring, double-binary-tree]"
                + "\nvary channels in [4, 8]");
        validation.assertNoErrors(model);
        StudySpec spec = mapper.toStudy(EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0), "m", "f");
        assertEquals(50e9, ((FabricSpec) spec.variations().get(0).values().get(0)).linkBytesPerSecond(), 1,
                "400 Gb/s = 50 GB/s");
        assertEquals(List.of("ring", "double-binary-tree"), spec.variations().get(1).values());
    }

    @Test
    void shouldRejectAKeywordTheParameterCannotTake() throws Exception {
        Model model = study("T", "vary schedule in [1f1b, bf16]");
        validation.assertError(model, Literals.KEYWORD_VALUE, IssueCodes.VARY_VALUE,
                "vary schedule takes gpipe, 1f1b, interleaved-1f1b, zero-bubble, dualpipe; not 'bf16'.");
    }

    /**
     * A varied value may name any element, but 'V1' under {@code vary cluster} is a cluster misspelt: the suggestion
     * is the cluster 'C' (2 edits), not the vendor 'V' (1 edit), and the message calls it a cluster.
     */
    @Test
    void shouldSuggestAClusterForAnUnknownNameOfAVariedCluster() throws Exception {
        List<Issue> errors = validation.validate(study("T", "vary cluster in [V1]")).stream()
                .filter(issue -> IssueCodes.UNRESOLVED_NAME.equals(issue.getCode())).toList();
        assertEquals(1, errors.size(), errors::toString);
        assertEquals("No cluster named 'V1' is visible here. Did you mean 'C'?", errors.get(0).getMessage());
    }

    @Test
    void shouldRejectANumberForAKeywordAndAKeywordForANumber() throws Exception {
        validation.assertError(study("T", "vary sharding in [2]"), Literals.NUMBER_VALUE, IssueCodes.VARY_VALUE);
        validation.assertError(study("T", "vary tensor in [none]"), Literals.KEYWORD_VALUE, IssueCodes.VARY_VALUE,
                "'none' is not a whole number of at least 1");
        validation.assertError(study("T", "vary cluster in [M]"), Literals.REFERENCE_VALUE, IssueCodes.VARY_VALUE,
                "'M' is not a cluster");
    }

    @Test
    void shouldRejectAWholeNumberAboveAnIntAndAcceptTheLargestInt() throws Exception {
        // 2^31 = 2147483648 ended a search in an internal error (session 63's campaign); 2^31 − 1 is an int
        validation.assertError(study("T", "vary tensor in [2147483648]"), Literals.NUMBER_VALUE, IssueCodes.VARY_VALUE,
                "2147483648 is above 2147483647");
        validation.assertNoIssue(study("T", "vary tensor in [2147483647, 0008]"), Literals.NUMBER_VALUE,
                IssueCodes.VARY_VALUE);
    }

    @Test
    void shouldWarnAtAVariedValueItsLineAlreadyLists() throws Exception {
        // 04 is the runtime's 4 and 1f1b is 1f1b: each would run its run a second time under the same name
        validation.assertWarning(study("T", "vary tensor in [2, 4, 04]"), Literals.NUMBER_VALUE,
                IssueCodes.VARY_REPEATED, "'04' repeats '4' of this vary line");
        validation.assertWarning(study("T", "vary schedule in [1f1b, zero-bubble, 1f1b]"), Literals.KEYWORD_VALUE,
                IssueCodes.VARY_REPEATED, "'1f1b' repeats '1f1b'");
        validation.assertNoIssue(study("T", "vary tensor in [2, 4]"), Literals.NUMBER_VALUE, IssueCodes.VARY_REPEATED);
        validation.assertNoIssue(study("S", "vary rate in [1 /s, 2 /s]"), Literals.QUANTITY_VALUE,
                IssueCodes.VARY_REPEATED);
    }

    @Test
    void shouldRejectAParameterTheWorkloadDoesNotHave() throws Exception {
        validation.assertError(study("T", "vary algorithm in [ring]"), Literals.VARIATION, IssueCodes.VARY_PARAMETER,
                "A training job has no algorithm to vary: vary it in a study of a benchmark");
        validation.assertError(study("Bench", "vary schedule in [1f1b]"), Literals.VARIATION,
                IssueCodes.VARY_PARAMETER);
        validation.assertNoError(study("S", "vary replicas in [1, 2]"), IssueCodes.VARY_PARAMETER);
        // "vary it in a study of a inference deployment" before session 68
        validation.assertError(study("T", "vary rate in [1 /s]"), Literals.VARIATION, IssueCodes.VARY_PARAMETER,
                "A training job has no rate to vary: vary it in a study of an inference deployment, or remove this axis.");
    }

    @Test
    void shouldRejectAVariedRateWhereRequestsDoNotArriveAsPoisson() throws Exception {
        // every run of the axis failed at run time: only Poisson arrivals have a rate to set (session 65's fuzzing)
        String trace = WORKLOADS.replace("arrival poisson 1 /s", "arrival trace \"day1.csv\"");
        validation.assertError(parser.parse(trace + "study X { simulate S vary rate in [1 /s, 2 /s] }"),
                Literals.VARIATION, IssueCodes.VARY_PARAMETER, "'vary rate' sets the rate of Poisson arrivals, but S's"
                        + " requests arrive from the trace \"day1.csv\": write 'arrival poisson <rate> /s' in S");
        String closed = WORKLOADS.replace("arrival poisson 1 /s", "arrival closed-loop 8 clients");
        validation.assertError(parser.parse(closed + "study X { simulate S vary rate in [1 /s] }"), Literals.VARIATION,
                IssueCodes.VARY_PARAMETER, "arrive from closed-loop clients");
        validation.assertNoError(study("S", "vary rate in [1 /s, 2 /s]"), IssueCodes.VARY_PARAMETER);
    }

    @Test
    void shouldRejectAPoolRoleTheDeploymentLacksOrAParameterWithoutPools() throws Exception {
        validation.assertError(study("S", "vary serving replicas in [1, 2]"), Literals.VARIATION, IssueCodes.VARY_POOL,
                "S has no serving pool");
        validation.assertError(study("T", "vary decode tensor in [1, 2]"), Literals.VARIATION, IssueCodes.VARY_POOL);
        validation.assertNoError(study("S", "vary decode tensor in [4, 8]"), IssueCodes.VARY_POOL);
    }
}
