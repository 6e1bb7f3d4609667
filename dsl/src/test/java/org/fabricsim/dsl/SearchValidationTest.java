package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.SearchSpec;
import org.junit.jupiter.api.Test;

/** A study's {@code search}: what it maps to, and the searches the editor refuses with their fix. */
class SearchValidationTest extends FabricModelTest {
    private static final String WORKLOADS = """
            import fabric.catalog.nvidia.*
            cost Rent { accelerator-hour $2/h }
            cluster C { nodes 4 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } cost Rent }
            cluster Free { nodes 4 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } }
            model M transformer { layers 8 hidden 1024 heads 16 vocab 1000 }
            training T { model M on C sequence 2048 batch 64 sequences parallel tensor 8 pipeline 2 data 2 }
            training U { model M on Free sequence 2048 batch 64 sequences parallel tensor 8 pipeline 2 data 2 }
            inference S {
                model M on C
                serving pool { replicas 1 parallel tensor 8 }
                traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
            }
            inference Slo {
                model M on C
                prefill pool { replicas 1 parallel tensor 8 }
                decode pool { replicas 1 parallel tensor 8 }
                traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                slo ttft p99 2 s
            }
            inference FreeSlo {
                model M on Free
                serving pool { replicas 1 parallel tensor 8 }
                traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                slo ttft p99 2 s
            }
            """;

    private Model search(String workload, String search) throws Exception {
        return parser.parse(WORKLOADS + "study X {\n simulate " + workload + "\n vary tensor in [4, 8]\n" + search
                + "\n}\n");
    }

    @Test
    void shouldMapTheObjectiveTheSpaceAndTheLimits() throws Exception {
        Model model = search("T", "search minimize cost-per-mtok in all within 16 accelerators budget $40/h refine 3");
        validation.assertNoErrors(model);
        Study study = EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0);
        assertEquals(new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, true, 16, 40, 3),
                mapper.toStudy(study, "m", "f").search());
    }

    @Test
    void shouldDefaultToTheStudysAxesAndEightRefinedPlans() throws Exception {
        Model model = search("T", "search maximize mfu");
        validation.assertNoErrors(model);
        Study study = EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0);
        assertEquals(new SearchSpec(SearchSpec.Objective.MFU, false, 0, 0, SearchSpec.DEFAULT_REFINE),
                mapper.toStudy(study, "m", "f").search());
    }

    @Test
    void shouldRejectADirectionThatDoesNotFitTheObjective() throws Exception {
        validation.assertError(search("T", "search minimize mfu"), Literals.SEARCH, IssueCodes.SEARCH_DIRECTION,
                "write 'maximize mfu'");
        validation.assertError(search("T", "search maximize cost-per-step"), Literals.SEARCH,
                IssueCodes.SEARCH_DIRECTION, "write 'minimize cost-per-step'");
    }

    @Test
    void shouldRejectAnObjectiveTheWorkloadHasNoFigureFor() throws Exception {
        validation.assertError(search("T", "search minimize ttft-p99"), Literals.SEARCH, IssueCodes.SEARCH_OBJECTIVE,
                "A training job has no time to first token");
        validation.assertError(search("S", "search maximize mfu"), Literals.SEARCH, IssueCodes.SEARCH_OBJECTIVE,
                "A deployment has no training step");
        validation.assertNoError(search("S", "search minimize ttft-p99"), IssueCodes.SEARCH_OBJECTIVE);
        validation.assertNoError(search("T", "search maximize tokens-per-second"), IssueCodes.SEARCH_OBJECTIVE);
    }

    @Test
    void shouldWarnOfAServingSearchForCostWithoutAnSlo() throws Exception {
        validation.assertWarning(search("S", "search minimize cost-per-mtok"), Literals.SEARCH,
                IssueCodes.SEARCH_NEEDS_SLO, "give S one");
        validation.assertNoIssue(search("Slo", "search minimize cost-per-mtok"), Literals.SEARCH,
                IssueCodes.SEARCH_NEEDS_SLO);
    }

    @Test
    void shouldMapAServingSearchOverPoolAxes() throws Exception {
        Model model = parser.parse(WORKLOADS + """
                study P {
                    simulate Slo
                    vary decode replicas in [1, 2]
                    search minimize cost-per-mtok refine 2
                }
                """);
        validation.assertNoErrors(model);
        Study study = EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0);
        assertEquals(new SearchSpec(SearchSpec.Objective.COST_PER_MTOK, false, 0, 0, 2),
                mapper.toStudy(study, "m", "f").search());
    }

    @Test
    void shouldRejectDollarsOnACostlessClusterAndABudgetThatIsNotPerHour() throws Exception {
        validation.assertError(search("U", "search minimize cost-per-step"), Literals.SEARCH,
                IssueCodes.SEARCH_NEEDS_COST, "Free has no 'cost'");
        validation.assertNoError(search("U", "search maximize mfu"), IssueCodes.SEARCH_NEEDS_COST);
        validation.assertError(search("FreeSlo", "search minimize cost-per-mtok"), Literals.SEARCH,
                IssueCodes.SEARCH_NEEDS_COST, "Free has no 'cost'");
        validation.assertError(search("T", "search maximize mfu budget $40"), Literals.SEARCH,
                IssueCodes.SEARCH_BUDGET);
    }

    @Test
    void shouldRejectZeroRefinedPlans() throws Exception {
        validation.assertError(search("T", "search maximize mfu refine 0"), Literals.SEARCH, IssueCodes.NOT_POSITIVE,
                "refine 1");
    }

    @Test
    void shouldRejectATrainingSearchWithinMoreAcceleratorsThanTheClusterHas() throws Exception {
        // C holds 4 DGX H100 = 32 accelerators; DP follows from 'within 64', so every plan uses 64 and breaks
        // cluster-size. The quick-fix data is the cluster's 32; 'within 32' raises nothing.
        validation.assertError(search("T", "search maximize mfu within 64 accelerators"), Literals.SEARCH,
                IssueCodes.SEARCH_WITHIN_CLUSTER, "'within 64 accelerators' is more than the 32 of C",
                "the search finds nothing");
        validation.assertNoIssue(search("T", "search maximize mfu within 32 accelerators"), Literals.SEARCH,
                IssueCodes.SEARCH_WITHIN_CLUSTER);
    }

    @Test
    void shouldWarnWhereALimitAboveTheClusterNeverBinds() throws Exception {
        // a deployment's replicas run to the least of the limit and the cluster's 32; a stated DP fixes the plans' size
        validation.assertWarning(search("Slo", "search minimize ttft-p99 within 64 accelerators"), Literals.SEARCH,
                IssueCodes.SEARCH_WITHIN_CLUSTER, "the limit never binds");
        validation.assertWarning(parser.parse(WORKLOADS + "study X {\n simulate T\n vary data in [1, 2]\n search"
                + " maximize mfu within 64 accelerators\n}\n"), Literals.SEARCH, IssueCodes.SEARCH_WITHIN_CLUSTER,
                "the limit never binds");
    }
}
