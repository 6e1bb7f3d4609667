package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.testing.logging.LoggingTester;
import org.eclipse.xtext.validation.CompositeEValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** A direct torus: its shape, link rates and routing are checked where the engine could not build them, and only there. */
class TorusValidationTest extends FabricModelTest {
    /** A 50 GB/s chip-to-chip fabric and a 4-chip host without NICs (TorusWrapAndSliceTest builds on them too). */
    static final String PARTS = """
            import fabric.catalog.nvidia.*
            fabric Ici { vendor NVIDIA scope scale-out open-standard link 50 GB/s }
            node Host { accelerators 4 x H100_SXM }
            """;

    private Model model(String topology) throws Exception {
        return parser.parse(PARTS + "cluster Pod { nodes 16 x Host scale-out Ici " + topology + " }");
    }

    private List<Issue> physical(String topology) throws Exception {
        return validation.validate(model(topology)).stream()
                .filter(issue -> issue.getCode().startsWith("fabric.physical.")).toList();
    }

    @Test
    void shouldAcceptATorusWhoseDimensionsMultiplyToTheAccelerators() throws Exception {
        // 16 hosts x 4 chips = 64 = 4 x 4 x 4.
        assertEquals(List.of(), physical("torus 4 x 4 x 4 { link 50 GB/s, 50 GB/s, 100 GB/s routing dimension-order }"));
    }

    @Test
    void shouldLeaveATorusWithoutParsedDimensionsToTheSyntaxError() throws Exception {
        // 'torus ] x 4 x 4' parses no dimension: the fill check once took subList(0, -1) of the empty list and
        // the validator logged an IllegalArgumentException (found by MutantInputsFuzzTest, seed 21).
        Model model = model("torus ] x 4 x 4 { routing adaptive }");
        LoggingTester.captureLogging(org.apache.log4j.Level.ERROR, CompositeEValidator.class,
                () -> validation.validate(model)).assertNoLogEntries();
    }

    @Test
    void shouldSuggestTheLastDimensionThatFillsTheAccelerators() throws Exception {
        // 4 x 4 x 2 = 32 positions for 64 chips: 64 / (4 x 4) = 4, so '4 x 4 x 4'.
        List<Issue> issues = physical("torus 4 x 4 x 2");
        assertEquals(List.of(IssueCodes.TORUS_SHAPE), issues.stream().map(Issue::getCode).toList());
        assertEquals(List.of("4 x 4 x 4"), List.of(issues.get(0).getData()));
    }

    @Test
    void shouldRefuseADimensionOfOneAndMoreThanThreeDimensions() throws Exception {
        assertEquals(List.of(IssueCodes.TORUS_SHAPE),
                physical("torus 64 x 1").stream().map(Issue::getCode).distinct().toList());
        List<Issue> four = physical("torus 2 x 2 x 4 x 4");
        assertEquals(List.of("2 x 2 x 16"), List.of(four.get(0).getData()));
    }

    @Test
    void shouldRefuseTwoRatesForThreeDimensions() throws Exception {
        assertEquals(List.of(IssueCodes.TORUS_LINK_RATES),
                physical("torus 4 x 4 x 4 { link 50 GB/s, 100 GB/s }").stream().map(Issue::getCode).toList());
    }

    @Test
    void shouldRouteATorusInDimensionOrderOnlyAndNothingElseInDimensionOrder() throws Exception {
        assertEquals(List.of(IssueCodes.ROUTING_TOPOLOGY),
                physical("torus 4 x 4 x 4 { routing ecmp }").stream().map(Issue::getCode).toList());
        Model tree = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 4 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 routing dimension-order } }
                """);
        validation.assertError(tree, Literals.FAT_TREE_TOPOLOGY, IssueCodes.ROUTING_TOPOLOGY);
    }

    @Test
    void shouldMapOneRateToEveryDimensionAndOneRatePerDimensionToEach() throws Exception {
        TopologySpec one = mapper.toCluster((Cluster) model("torus 4 x 4 x 4 { link 45 GB/s }").getElements().get(2))
                .scaleOut().topology();
        assertEquals(new TopologySpec.Torus(List.of(4, 4, 4), List.of(45e9, 45e9, 45e9)), one);
        TopologySpec each = mapper.toCluster((Cluster) model("torus 4 x 4 x 4 { link 10 GB/s, 20 GB/s, 30 GB/s }")
                .getElements().get(2)).scaleOut().topology();
        assertEquals(new TopologySpec.Torus(List.of(4, 4, 4), List.of(10e9, 20e9, 30e9)), each);
        TopologySpec none = mapper.toCluster((Cluster) model("torus 4 x 4 x 4").getElements().get(2)).scaleOut()
                .topology();
        assertEquals(new TopologySpec.Torus(List.of(4, 4, 4)), none);
    }

    @Test
    void shouldMapAMeshToEveryDimensionOpenAndATorusToNone() throws Exception {
        TopologySpec mesh = mapper.toCluster((Cluster) model("mesh 4 x 4 x 4 { link 45 GB/s }").getElements().get(2))
                .scaleOut().topology();
        assertEquals(new TopologySpec.Torus(List.of(4, 4, 4), List.of(45e9, 45e9, 45e9), List.of(true, true, true)),
                mesh);
        TopologySpec torus = mapper.toCluster((Cluster) model("torus 4 x 4 x 4").getElements().get(2)).scaleOut()
                .topology();
        assertEquals(List.of(false, false, false), ((TopologySpec.Torus) torus).open());
    }

    @Test
    void shouldCheckAMeshsShapeAsATorussAndNameTheMeshInTheFix() throws Exception {
        // 4 x 4 x 2 = 32 positions for 64 chips: 'mesh 4 x 4 x 4'; 4 x 4 x 4 fills them.
        List<Issue> issues = physical("mesh 4 x 4 x 2");
        assertEquals(List.of(IssueCodes.TORUS_SHAPE), issues.stream().map(Issue::getCode).toList());
        assertTrue(issues.get(0).getMessage().contains("Write 'mesh 4 x 4 x 4'"), issues.get(0).getMessage());
        assertEquals(List.of(), physical("mesh 4 x 4 x 4 { routing dimension-order }"));
    }

    @Test
    void shouldNotWarnThatTensorParallelismLeavesAScaleUpDomainOnATorus() throws Exception {
        // On a direct torus TP runs on the chips' own rings (dimension 0 here), not across a slower network.
        Model model = parser.parse(PARTS + """
                cluster Pod { nodes 16 x Host scale-out Ici torus 4 x 4 x 4 }
                model M transformer { layers 4 hidden 1024 heads 8 vocab 32000 }
                training T { model M on Pod sequence 1024 batch 64 sequences parallel tensor 4 data 16 }
                """);
        assertEquals(List.of(), validation.validate(model).stream()
                .filter(issue -> IssueCodes.TP_CROSSES_SCALE_UP.equals(issue.getCode())).toList());
    }
}
