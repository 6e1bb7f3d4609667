package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

/**
 * A topology's {@code rails} lays the tree out by rail only on a rail-optimized network of rail-aligned nodes; a
 * fat-tree's rails, and a rail-optimized network's over NICs that are not rail-aligned, say that they change
 * nothing with an info, and stay quiet where the builder reads them; so does a rail-optimized network's
 * {@code tiers 1}, which is built with two tiers.
 */
class RailsNotSimulatedTest extends FabricModelTest {

    /** 16 eight-GPU nodes whose NICs end in {@code alignment}, on an NDR network of {@code topology}. */
    private Model cluster(String alignment, String topology) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                node Box {
                    accelerators 8 x H100_SXM
                    nics 8 x ConnectX7 %s
                }
                cluster C {
                    nodes 16 x Box
                    scale-out InfiniBand_NDR %s
                }
                """.formatted(alignment, topology));
    }

    private List<Issue> rails(Model model) {
        return validation.validate(model).stream().filter(i -> IssueCodes.RAILS_NOT_SIMULATED.equals(i.getCode()))
                .toList();
    }

    /** The rails the engine's builder lays the scale-out tree out by. */
    private int builtRails(Model model) {
        ClusterSpec spec = mapper.toCluster((Cluster) model.getElements().get(1));
        return ClusterTopologies.layout(spec, spec.node()).rails();
    }

    @Test
    void shouldSayAFatTreesRailsChangeNothing() throws Exception {
        Model model = cluster("rail-aligned", "fat-tree { switch QM9700 tiers 2 rails 8 }");
        validation.assertIssue(model, Literals.FAT_TREE_TOPOLOGY, IssueCodes.RAILS_NOT_SIMULATED, Severity.INFO,
                "A fat-tree's 'rails 8' is recorded but does not change simulated results yet");
        validation.assertNoErrors(model);
        assertEquals(1, builtRails(model), "the builder lays a fat-tree out without rails");
        assertEquals(List.of(), rails(cluster("rail-aligned", "fat-tree { switch QM9700 tiers 2 }")));
    }

    @Test
    void shouldSayARailOptimizedNetworkOfUnalignedNicsHasNoRails() throws Exception {
        Model model = cluster("", "rail-optimized { switch QM9700 rails 8 tiers 2 }");
        validation.assertIssue(model, Literals.RAIL_OPTIMIZED_TOPOLOGY, IssueCodes.RAILS_NOT_SIMULATED, Severity.INFO,
                "Box's NICs are not 'rail-aligned'");
        validation.assertNoErrors(model);
        assertEquals(1, builtRails(model), "no NIC of an unaligned node belongs to a rail");
        Model dataCentre = cluster("", "single-switch { switch QM9700 }\n"
                + "data-centre InfiniBand_NDR rail-optimized { switch QM9700 rails 8 tiers 2 } nic 12.5 GB/s");
        assertEquals(1, rails(dataCentre).size(), "the data-centre tree is laid out by the same node");
    }

    @Test
    void shouldStayQuietOnTheRailsOfARailOptimizedNetworkOfRailAlignedNics() throws Exception {
        Model model = cluster("rail-aligned", "rail-optimized { switch QM9700 rails 8 tiers 2 }");
        assertEquals(List.of(), rails(model));
        assertEquals(8, builtRails(model), "one leaf group per rail");
        assertEquals(List.of(), rails(cluster("", "rail-optimized { switch QM9700 rails 1 tiers 2 }")),
                "one rail is the tree the builder lays out anyway");
    }

    /** The switch tiers the engine wires on the cluster's scale-out tree (1: one switch). */
    private int builtTiers(Model model) {
        return ClusterTopologies.builtTiers(mapper.toCluster((Cluster) model.getElements().get(1)).scaleOut().topology());
    }

    private List<Issue> railTiers(Model model) {
        return validation.validate(model).stream()
                .filter(i -> IssueCodes.RAIL_TIERS_NOT_SIMULATED.equals(i.getCode())).toList();
    }

    @Test
    void shouldSayARailOptimizedNetworkOfOneTierIsBuiltWithTwo() throws Exception {
        Model model = cluster("rail-aligned", "rail-optimized { switch QM9700 rails 8 tiers 1 }");
        validation.assertIssue(model, Literals.RAIL_OPTIMIZED_TOPOLOGY, IssueCodes.RAIL_TIERS_NOT_SIMULATED,
                Severity.INFO, "A rail-optimized network's 'tiers 1' is recorded but does not change simulated results");
        validation.assertNoErrors(model);
        // rail leaves and the spines that join the rails: what 'tiers 2' builds
        assertEquals(2, builtTiers(model));
        assertEquals(2, builtTiers(cluster("rail-aligned", "rail-optimized { switch QM9700 rails 8 tiers 2 }")));
    }

    @Test
    void shouldStayQuietOnARailOptimizedNetworkOfTheTiersItIsBuiltWith() throws Exception {
        assertEquals(List.of(), railTiers(cluster("rail-aligned", "rail-optimized { switch QM9700 rails 8 tiers 2 }")));
        assertEquals(List.of(), railTiers(cluster("rail-aligned", "rail-optimized { switch QM9700 rails 8 }")),
                "no tiers written");
        Model three = cluster("rail-aligned", "rail-optimized { switch QM9700 rails 8 tiers 3 }");
        assertEquals(List.of(), railTiers(three));
        assertEquals(3, builtTiers(three));
    }
}
