package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.junit.jupiter.api.Test;

/**
 * Several 'nodes' lines: one node type adds up; types of one shape are placed in written order; types of
 * different shapes, and a TP group across two types, are refused rather than built wrong.
 */
class NodeGroupsTest extends FabricModelTest {
    @Test
    void shouldAddUpGroupsOfOneNodeType() throws Exception {
        // 64 + 32 DGX H100 are 96 nodes, 768 GPUs: before, the second line was dropped silently (64 nodes).
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C {
                    nodes 64 x DGX_H100
                    nodes 32 x DGX_H100
                    scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 }
                }
                """);
        validation.assertNoErrors(model);
        assertEquals(96, mapper.toCluster((Cluster) model.getElements().get(0)).nodes());
        assertEquals(768, mapper.toCluster((Cluster) model.getElements().get(0)).accelerators());
    }

    @Test
    void shouldValidateAClusterStillWithoutNodesWithoutAValidatorFailure() throws Exception {
        // Found by MutantInputsFuzzTest: 'cluster Pair {i' has no node group, and the shape check read the first one.
        Model model = parser.parse("""
                cluster Pair {i
                    link 400 Gb/s latency 1 us
                }
                """);
        assertTrue(validation.validate(model).stream().noneMatch(issue -> issue.getMessage().contains("EValidator")),
                () -> validation.validate(model).toString());
    }

    @Test
    void shouldPlaceGroupsOfDifferentNodeTypesInWrittenOrder() throws Exception {
        // 64 DGX H100 then 32 DGX B200: 96 nodes, 768 GPUs, accelerators 0-511 Hopper and 512-767 Blackwell.
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C {
                    nodes 64 x DGX_H100
                    nodes 32 x DGX_B200
                    scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 }
                }
                """);
        validation.assertNoErrors(model);
        ClusterSpec cluster = mapper.toCluster((Cluster) model.getElements().get(0));
        assertEquals(768, cluster.accelerators());
        assertEquals(List.of(64, 32), cluster.groups().stream().map(NodeGroupSpec::nodes).toList());
        assertEquals(List.of("fabric.catalog.nvidia.H100_SXM"),
                cluster.acceleratorTypes(512).stream().map(AcceleratorSpec::name).toList());
        assertEquals(List.of("fabric.catalog.nvidia.H100_SXM", "fabric.catalog.nvidia.B200"),
                cluster.acceleratorTypes(513).stream().map(AcceleratorSpec::name).toList());
    }

    @Test
    void shouldRefuseNodeTypesOfDifferentShapes() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                node Quad {
                    accelerators 4 x H100_SXM
                    scale-up NVLink4 switched domain 4
                    nics 4 x ConnectX7 rail-aligned
                }
                cluster C {
                    nodes 64 x DGX_H100
                    nodes 32 x Quad
                    scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 }
                }
                """);
        validation.assertError(model, Literals.NODE_GROUP, IssueCodes.MIXED_NODE_GROUPS,
                "Quad cannot share this cluster with DGX_H100", "has 8 accelerators per node",
                "where Quad has 4 accelerators per node");
    }

    private static final String TRAINING = """
            import fabric.catalog.nvidia.*
            cluster C {
                nodes HOPPER x DGX_H100
                nodes 6 x DGX_B200
                scale-out InfiniBand_NDR single-switch { switch QM9700 }
            }
            model Small transformer {
                layers 32
                hidden 1024
                heads 16
                vocab 32000
            }
            training Train {
                model Small on C
                sequence 2048
                batch 64 sequences
                parallel tensor 16 data 4
            }
            """;

    @Test
    void shouldRefuseATensorParallelGroupAcrossTwoNodeTypes() throws Exception {
        // 3 Hopper then 6 Blackwell nodes: accelerators 0-23 are Hopper; TP 16 groups are 0-15, 16-31, ...: the second spans 23 | 24.
        Model model = parser.parse(TRAINING.replace("HOPPER", "3"));
        validation.assertError(model, Literals.PARALLELISM, IssueCodes.TP_SPANS_NODE_TYPES,
                "A tensor-parallel group of 16 starting at accelerator 16 spans DGX_H100 and DGX_B200 nodes",
                "a multiple of 16");
    }

    @Test
    void shouldAcceptTensorParallelGroupsThatEndAtTheBoundary() throws Exception {
        // 2 Hopper nodes are accelerators 0-15: the first TP 16 group ends where the Blackwell nodes begin.
        Model model = parser.parse(TRAINING.replace("HOPPER", "2"));
        assertTrue(validation.validate(model).stream().noneMatch(i -> IssueCodes.TP_SPANS_NODE_TYPES.equals(i.getCode())));
    }
}
