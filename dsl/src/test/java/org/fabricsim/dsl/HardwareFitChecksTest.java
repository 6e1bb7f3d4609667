package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * Hardware that does not fit together: a switch slower or faster than its fabric's links, NICs beyond the node's
 * PCIe lanes, NICs on a torus, an accelerator without compute units. Each fires on a model and stays quiet on the
 * model one line away.
 */
class HardwareFitChecksTest extends FabricModelTest {

    private Set<String> codes(Model model) {
        return validation.validate(model).stream().map(Issue::getCode).collect(Collectors.toSet());
    }

    @Test
    void shouldWarnOfASwitchWhosePortsRunAtAnotherRateThanItsFabric() throws Exception {
        // Tomahawk 5's ports run at 400 Gb/s, RoCEv2_200's links at 200 Gb/s; without a named switch the single
        // switch takes the fabric's rate.
        String cluster = """
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*
                import fabric.catalog.broadcom.*
                cluster Gaudi { nodes 4 x Gaudi3_HLS scale-out RoCEv2_200 single-switch %s }
                """;
        validation.assertWarning(parser.parse(cluster.formatted("{ switch Tomahawk5_400 }")),
                Literals.SINGLE_SWITCH_TOPOLOGY, IssueCodes.LINK_RATE_MISMATCH, "RoCEv2_200 links at");
        assertFalse(codes(parser.parse(cluster.formatted(""))).contains(IssueCodes.LINK_RATE_MISMATCH));
    }

    @Test
    void shouldRejectMoreNicLanesPerAcceleratorThanTheNodesPcie() throws Exception {
        // 16 NICs over 8 accelerators: 2 per accelerator × 16 lanes (ConnectX-7 is x16) = 32 > the node's x16;
        // 8 NICs need 1 × 16 = 16, which fit.
        String node = """
                import fabric.catalog.nvidia.*
                node Crowded { accelerators 8 x H100_PCIe nics %d x ConnectX7 pcie gen5 x16 }
                """;
        validation.assertError(parser.parse(node.formatted(16)), Literals.NODE, IssueCodes.PCIE_LANES,
                "2 NICs per accelerator need 32 PCIe lanes");
        assertFalse(codes(parser.parse(node.formatted(8))).contains(IssueCodes.PCIE_LANES));
    }

    @Test
    void shouldSayANodesNicsCarryNothingOnATorus() throws Exception {
        // 16 hosts of 4 accelerators fill a 4 × 4 × 4 torus, whose accelerators link directly.
        String pod = """
                import fabric.catalog.nvidia.*
                fabric Ici { vendor NVIDIA scope scale-out open-standard link 50 GB/s }
                node Host { accelerators 4 x H100_SXM %s }
                cluster Pod { nodes 16 x Host scale-out Ici torus 4 x 4 x 4 }
                """;
        validation.assertIssue(parser.parse(pod.formatted("nics 4 x ConnectX7")), Literals.NODE_GROUP,
                IssueCodes.TORUS_NICS_UNUSED, Severity.INFO, "The nodes' NICs carry nothing on a torus");
        assertFalse(codes(parser.parse(pod.formatted(""))).contains(IssueCodes.TORUS_NICS_UNUSED));
    }

    @Test
    void shouldRejectAnArchitectureOfZeroComputeUnits() throws Exception {
        String accelerator = """
                vendor Acme
                accelerator X1 {
                    vendor Acme
                    architecture acme1 compute-units %d
                    compute bf16 500 TFLOPS
                    memory 96 GB bandwidth 4 TB/s
                }
                """;
        validation.assertError(parser.parse(accelerator.formatted(0)), Literals.ACCELERATOR,
                IssueCodes.ACCELERATOR_ARCHITECTURE, "'compute-units' must be positive");
        assertFalse(codes(parser.parse(accelerator.formatted(96))).contains(IssueCodes.ACCELERATOR_ARCHITECTURE));
    }
}
