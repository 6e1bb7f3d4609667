package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** Zero hardware and topology counts are editor errors, not run-time failures (issue 21 S3, S6). */
class HardwareCountsValidationTest extends FabricModelTest {

    private Model model(String nicPorts, String rails) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                nic Card { vendor NVIDIA ports %s x 400 Gb/s speaks RoCEv2 }
                cluster C { nodes 4 x DGX_H100 scale-out RoCEv2 rail-optimized { rails %s } }
                """.formatted(nicPorts, rails));
    }

    private List<Issue> notPositive(Model model) {
        return validation.validate(model).stream().filter(i -> IssueCodes.NOT_POSITIVE.equals(i.getCode())).toList();
    }

    @Test
    void shouldRejectANicWithZeroPorts() throws Exception {
        validation.assertError(model("0", "8"), Literals.NIC, IssueCodes.NOT_POSITIVE, "'ports' must be at least 1");
        assertEquals(List.of(), notPositive(model("1", "8")));
    }

    private Model scaleUp(String ports) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                accelerator Chip { vendor NVIDIA compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s
                    scale-up %s x 25 GB/s }
                """.formatted(ports));
    }

    @Test
    void shouldRejectAnAcceleratorWithZeroScaleUpPortsInsteadOfRunningAtTheFabricsRate() throws Exception {
        // 0 ports give the part no scale-up rate of its own, and its domain then ran at the fabric's link rate.
        validation.assertError(scaleUp("0"), Literals.ACCELERATOR, IssueCodes.NOT_POSITIVE,
                "'scale-up' must be at least 1");
        assertEquals(List.of(), notPositive(scaleUp("1")));
        assertEquals(List.of(), notPositive(scaleUp("18")));
    }

    @Test
    void shouldRejectZeroRails() throws Exception {
        validation.assertError(model("1", "0"), Literals.RAIL_OPTIMIZED_TOPOLOGY, IssueCodes.NOT_POSITIVE,
                "'rails' must be at least 1");
    }

    @Test
    void shouldRejectMoreRailsThanTheNodesNicPorts() throws Exception {
        // A DGX H100 has 8 single-port ConnectX-7 NICs: 8 ports, so 8 rails at most.
        validation.assertError(model("1", "9"), Literals.RAIL_OPTIMIZED_TOPOLOGY, IssueCodes.RAILS_WITHOUT_NICS,
                "9 rails need a NIC port for each rail on every node, but DGX_H100 has 8");
        assertEquals(List.of(), validation.validate(model("1", "8")).stream()
                .filter(i -> IssueCodes.RAILS_WITHOUT_NICS.equals(i.getCode())).toList());
    }

    @Test
    void shouldRejectZeroSwitchesInATierZeroSizedPodsAndZeroPlanes() throws Exception {
        String tree = """
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                cluster C { nodes 4 x DGX_H100 scale-out RoCEv2 fat-tree { tiers 3 leaf %s x QM9700 pods %s accelerators
                    planes %s } }
                """;
        validation.assertError(parser.parse(tree.formatted("0", "16", "1")), Literals.TIER_LEVEL,
                IssueCodes.NOT_POSITIVE, "'switches of a tier' must be at least 1");
        validation.assertError(parser.parse(tree.formatted("2", "0", "1")), Literals.POD_STRUCTURE,
                IssueCodes.NOT_POSITIVE, "'pods' must be at least 1");
        validation.assertError(parser.parse(tree.formatted("2", "16", "0")), Literals.FAT_TREE_TOPOLOGY,
                IssueCodes.NOT_POSITIVE, "'planes' must be at least 1");
        assertEquals(List.of(), notPositive(parser.parse(tree.formatted("2", "16", "1"))));
    }

    @Test
    void shouldValidateServingOnAClusterOfMoreThanAnIntOfAcceleratorsWithoutAValidatorCrash() throws Exception {
        // 2147483647 nodes x 8 accelerators overflows an int: the pool check threw inside the validator
        // ("Error executing EValidator", issue 21, found by the command-line campaign)
        String serving = """
                cluster C { nodes %s x 8 accelerators link 1 GB/s latency 1 us }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Serve {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                }
                """;
        List<Issue> huge = validation.validate(parser.parse(serving.formatted("2147483647")));
        assertTrue(huge.stream().noneMatch(i -> i.getMessage().contains("Error executing")), huge::toString);
        List<Issue> tooMany = validation.validate(parser.parse(serving.formatted("1").replace("replicas 1",
                "replicas 2")));
        assertTrue(tooMany.stream().anyMatch(i -> IssueCodes.EXCEEDS_CLUSTER.equals(i.getCode())), tooMany::toString);
    }
}
