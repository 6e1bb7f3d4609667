package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A study's {@code vary routing-skew} and {@code vary oversubscription} where the workload as written lets no value
 * run or change anything (the runtime failed every run of them), each firing and quiet.
 */
class VariedEffectValidationTest extends FabricModelTest {
    /** An MoE job of 16 accelerators with the plan {@code parallel}, on a cluster whose scale-out is {@code topology}. */
    private Model study(String parallel, String topology, String axes) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 2 x DGX_H100 scale-out InfiniBand_NDR %s }
                model M moe { layers 2 hidden 1024 heads 16 vocab 1000 experts 8 top-k 2 expert-ffn 256 }
                training T {
                    model M on C
                    sequence 1024
                    batch 32 sequences
                    parallel %s
                }
                study X {
                    simulate T
                    %s
                }
                """.formatted(topology, parallel, axes));
    }

    private static final String SWITCH = "single-switch { switch QM9700 }";
    private static final String TREE = "fat-tree { tiers 2 switch QM9700 }";

    @Test
    void shouldRejectARoutingSkewAboveOneOnExpertParallelismOne() throws Exception {
        // EP 1: one rank receives every token, the mean, so 2 and 4 cannot be built; 1 is balanced and builds
        Model model = study("tensor 8 data 2", SWITCH, "vary routing-skew in [1, 2, 4]");
        validation.assertError(model, Literals.NUMBER_VALUE, IssueCodes.ROUTING_SKEW, "vary routing-skew 2",
                "the busiest of EP 1 rank receives every token");
        validation.assertNoErrors(study("tensor 8 data 2", SWITCH, "vary routing-skew in [1]"));
    }

    @Test
    void shouldRejectARoutingSkewAboveTheExpertDegreeAndAcceptOneWithin() throws Exception {
        // EP 8: the busiest rank receives 1 to 8 times the mean; 9 is above it, 8 is at it
        validation.assertError(study("tensor 2 data 8 expert 8", SWITCH, "vary routing-skew in [1.5, 9]"),
                Literals.NUMBER_VALUE, IssueCodes.ROUTING_SKEW, "vary routing-skew 9", "from 1 to 8 times the mean");
        validation.assertNoErrors(study("tensor 2 data 8 expert 8", SWITCH, "vary routing-skew in [1.5, 8]"));
    }

    @Test
    void shouldBoundTheRoutingSkewByTheLeastDegreeOfAVariedExpertList() throws Exception {
        // vary expert in [2, 8] runs every skew with EP 2 and with EP 8: 3 is above 2 in the EP 2 runs (though within
        // the job's own 8); 1.5 and 2 are within both
        validation.assertError(study("tensor 2 data 8 expert 8", SWITCH, "vary expert in [2, 8]\n vary routing-skew"
                + " in [1.5, 3]"), Literals.NUMBER_VALUE, IssueCodes.ROUTING_SKEW, "vary routing-skew 3",
                "the busiest of EP 2 ranks receives from 1 to 2 times the mean");
        validation.assertNoErrors(study("tensor 2 data 8 expert 8", SWITCH,
                "vary expert in [2, 8]\n vary routing-skew in [1.5, 2]"));
    }

    @Test
    void shouldRejectVaryingTheOversubscriptionOfASingleSwitch() throws Exception {
        validation.assertError(study("tensor 8 data 2", SWITCH, "vary oversubscription in [2, 4]"), Literals.VARIATION,
                IssueCodes.OVERSUBSCRIPTION_UNUSED, "C's scale-out network is a single switch",
                "no run of it can be built");
        validation.assertNoErrors(study("tensor 8 data 2", TREE, "vary oversubscription in [2, 4]"));
    }

    @Test
    void shouldRejectVaryingTheOversubscriptionWhenNoVariedClusterHasUplinks() throws Exception {
        // vary cluster in [C, D]: every run takes C or D; with both single switches none can be built, with D a
        // 2-tier fat-tree the runs on D vary its uplinks
        String twoSwitches = SWITCH + " }\ncluster D { nodes 2 x DGX_H100 scale-out InfiniBand_NDR " + SWITCH;
        validation.assertError(study("tensor 8 data 2", twoSwitches, "vary cluster in [C, D]\n vary oversubscription"
                + " in [2, 4]"), Literals.VARIATION, IssueCodes.OVERSUBSCRIPTION_UNUSED, "no cluster of 'vary cluster'"
                + " has one: C's scale-out network is a single switch", "D's scale-out network is a single switch");
        String switchAndTree = SWITCH + " }\ncluster D { nodes 2 x DGX_H100 scale-out InfiniBand_NDR " + TREE;
        validation.assertNoIssue(study("tensor 8 data 2", switchAndTree, "vary cluster in [C, D]\n vary"
                + " oversubscription in [2, 4]"), Literals.VARIATION, IssueCodes.OVERSUBSCRIPTION_UNUSED);
    }

    @Test
    void shouldMarkEachVariedClusterWithoutUplinksWhereAnotherHasThem() throws Exception {
        // vary cluster [C, D, E] with vary oversubscription: C a single switch, D a 2-tier fat-tree, E a 1-tier
        // fat-tree. The runs on D vary its uplinks; those on C and E fail (no tier with uplinks to take the ratio), so
        // C and E are marked in the list, D is not; without the oversubscription axis nothing is
        String clusters = SWITCH + " }\ncluster D { nodes 2 x DGX_H100 scale-out InfiniBand_NDR " + TREE
                + " }\ncluster E { nodes 2 x DGX_H100 scale-out InfiniBand_NDR fat-tree { tiers 1 switch QM9700 }";
        Model model = study("tensor 8 data 2", clusters, "vary cluster in [C, D, E]\n vary oversubscription in [2, 4]");
        List<String> marked = validation.validate(model).stream()
                .filter(i -> IssueCodes.OVERSUBSCRIPTION_UNUSED.equals(i.getCode())).map(Issue::getMessage).toList();
        assertEquals(2, marked.size(), marked.toString());
        assertTrue(marked.get(0).startsWith("vary cluster C with vary oversubscription: C's scale-out network is a"
                + " single switch, which has no tiers of uplinks, so no run on it can be built"), marked.get(0));
        assertTrue(marked.get(1).startsWith("vary cluster E with vary oversubscription: E's scale-out network is a"
                + " fat-tree of one switch tier, which has no uplinks"), marked.get(1));
        validation.assertError(model, Literals.REFERENCE_VALUE, IssueCodes.OVERSUBSCRIPTION_UNUSED, "vary cluster C");
        validation.assertNoIssue(study("tensor 8 data 2", clusters, "vary cluster in [C, D, E]"),
                Literals.REFERENCE_VALUE, IssueCodes.OVERSUBSCRIPTION_UNUSED);
    }

    @Test
    void shouldBoundAPoolsRoutingSkewByTheLeastExpertDegreeOfThePoolsItSets() throws Exception {
        // prefill EP 8, decode EP 2: 'vary routing-skew' sets both, so 4 is above decode's 2; 'vary prefill
        // routing-skew' sets the prefill pool only, where 4 is within 8
        String deployment = """
                cluster C { nodes 2 x 8 accelerators link 50 GB/s latency 1 us }
                model M moe { layers 2 hidden 1024 heads 16 vocab 1000 experts 8 top-k 2 expert-ffn 256 }
                inference S {
                    model M on C
                    prefill pool { replicas 1 parallel tensor 1 data 8 expert 8 }
                    decode pool { replicas 1 parallel tensor 4 data 2 expert 2 }
                    traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                }
                study X {
                    simulate S
                """;
        validation.assertError(parser.parse(deployment + "vary routing-skew in [4]\n}\n"), Literals.NUMBER_VALUE,
                IssueCodes.ROUTING_SKEW, "from 1 to 2 times the mean");
        validation.assertNoIssue(parser.parse(deployment + "vary prefill routing-skew in [4]\n}\n"),
                Literals.NUMBER_VALUE, IssueCodes.ROUTING_SKEW);
    }
}
