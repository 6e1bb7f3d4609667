package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** The design review on real hardware from the catalog: the seams and lock-ins real clusters have. */
class DesignChecksTest extends FabricModelTest {
    private static final String DGX_ON_ROCE = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*
            import fabric.catalog.broadcom.*

            cluster FourDgx {
                nodes 4 x DGX_H100
                scale-out RoCEv2 fat-tree {
                    switch Tomahawk5_400
                    tiers 2
                }
            }

            model Small transformer {
                layers 32
                hidden 4096
                heads 32
                vocab 32000
            }

            training Train {
                model Small on FourDgx
                sequence 4096
                batch 64 sequences
                parallel tensor 8 data 4 sequence-parallel
            }
            """;

    private Set<String> codes(String text) throws Exception {
        return validation.validate(parser.parse(text)).stream().map(Issue::getCode)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void shouldFindTheNvlinkEthernetSeamOfADgxH100ClusterOnRoce() throws Exception {
        // NVLink4 is NVIDIA's and NVIDIA-only; RoCEv2 is the IBTA's open standard: a seam, and NVLink's accelerator lock
        assertEquals(Set.of(IssueCodes.LOCK_IN_SEAM, IssueCodes.LOCK_IN_ACCELERATOR), codes(DGX_ON_ROCE));
    }

    @Test
    void shouldCallNvlinkWithInfinibandSingleVendorLockInNotASeam() throws Exception {
        String onInfiniBand = DGX_ON_ROCE.replace("scale-out RoCEv2 fat-tree", "scale-out InfiniBand_NDR fat-tree")
                .replace("switch Tomahawk5_400", "switch QM9700");
        assertEquals(Set.of(IssueCodes.LOCK_IN_SINGLE_VENDOR), codes(onInfiniBand));
    }

    @Test
    void shouldWarnOfASingleSourceScaleOutFabricAndNotOfAnOpenOne() throws Exception {
        // Omni-Path is Cornelis's alone (single-source); RoCEv2 is the IBTA's open standard. PCIe H100s have no
        // scale-up fabric, so the scale-out fabric is the only one to judge.
        String cluster = """
                import fabric.catalog.nvidia.*
                import fabric.catalog.cornelis.*
                import fabric.catalog.standards.*
                node PcieNode { accelerators 8 x H100_PCIe nics 8 x NIC }
                cluster C { nodes 2 x PcieNode scale-out FABRIC single-switch }
                """;
        assertEquals(Set.of(IssueCodes.LOCK_IN_SINGLE_SOURCE),
                codes(cluster.replace("NIC", "CN5000_SuperNIC").replace("FABRIC", "OmniPath")));
        assertEquals(Set.of(), codes(cluster.replace("NIC", "ConnectX7").replace("FABRIC", "RoCEv2")));
    }

    @Test
    void shouldRejectAFabricLockedToAnotherVendorsAccelerators() throws Exception {
        // NVLink4 works only with NVIDIA accelerators, and an MI300X is AMD's; AMD's own Infinity Fabric carries it.
        String node = """
                import fabric.catalog.amd.*
                import fabric.catalog.nvidia.*
                node Mixed { accelerators 8 x MI300X scale-up DOMAIN domain 8 }
                """;
        assertEquals(Set.of(IssueCodes.ACCELERATOR_MISMATCH), codes(node.replace("DOMAIN", "NVLink4 switched")));
        assertEquals(Set.of(), codes(node.replace("DOMAIN", "InfinityFabric full-mesh")));
    }

    @Test
    void shouldLetANicCarryASitesOwnVariantOfAFabricItSpeaks() throws Exception {
        // Meta's RoCE (IBTA, open, scale-out) on ConnectX-7, which speaks RoCEv2: the same technology
        String metaRoce = DGX_ON_ROCE.replace("scale-out RoCEv2 fat-tree", "scale-out MyRoCE fat-tree") + """
                fabric MyRoCE {
                    vendor IBTA
                    scope scale-out
                    open-standard
                    link 400 Gb/s
                    lossless pfc
                }
                """;
        assertTrue(!codes(metaRoce).contains(IssueCodes.FABRIC_MISMATCH));
    }

    @Test
    void shouldRejectASpineOfSwitchesThatDoNotSpeakTheFabric() throws Exception {
        // QM9700 speaks InfiniBand NDR only (catalog); a second Tomahawk 5, which speaks RoCEv2, passes
        String spine = DGX_ON_ROCE.replace("tiers 2", "tiers 2\n        spine 4 x SPINE");
        assertTrue(codes(spine.replace("SPINE", "QM9700")).contains(IssueCodes.FABRIC_MISMATCH));
        assertTrue(!codes(spine.replace("SPINE", "Tomahawk5_400")).contains(IssueCodes.FABRIC_MISMATCH));
    }

    @Test
    void shouldValidateEveryPrefixOfAModelWithoutFailing() throws Exception {
        // the language server validates whatever the user has typed so far
        for (int end = 1; end <= DGX_ON_ROCE.length(); end += 7) {
            Model model = parser.parse(DGX_ON_ROCE.substring(0, end));
            if (model != null) {
                List<Issue> issues = validation.validate(model);
                assertNotNull(issues);
            }
        }
        assertTrue(validation.validate(parser.parse(DGX_ON_ROCE)).stream()
                .noneMatch(issue -> issue.getSeverity() == Severity.ERROR));
    }
}
