package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/** Several 'nodes' lines: one node type adds up, mixed types are refused rather than left out of the run. */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class NodeGroupsTest {
    @Inject
    private ParseHelper<Model> parser;

    @Inject
    private ValidationTestHelper validation;

    @Inject
    private SpecMapper mapper;

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
    void shouldRefuseGroupsOfDifferentNodeTypes() throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C {
                    nodes 64 x DGX_H100
                    nodes 32 x DGX_B200
                    scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 }
                }
                """);
        validation.assertError(model, Literals.NODE_GROUP, IssueCodes.MIXED_NODE_GROUPS,
                "mixes node types (DGX_H100 and DGX_B200)");
    }
}
