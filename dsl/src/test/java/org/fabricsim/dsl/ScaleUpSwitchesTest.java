package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A switched scale-up domain's {@code switches N x S} caps each accelerator's rate at min(b, N·k·r / n), and
 * the editor warns where it bites. NVSwitch3: 64 ports at 25 GB/s per direction; H100: 18 x 25 GB/s = 450 GB/s.
 */
class ScaleUpSwitchesTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            node Box { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 %s }
            cluster C { nodes 1 x Box }
            """;

    @Test
    void shouldWarnAndNameThreeSwitchesWhenTwoNvSwitchesCarryEightH100s() throws Exception {
        // 2 x 64 x 25 GB/s = 3.2 TB/s for 8 x 450 GB/s = 3.6 TB/s: 400 GB/s each (89%); ceil(3.6 / 1.6) = 3.
        List<Issue> issues = blocking(parser.parse(MODEL.formatted("switches 2 x NVSwitch3")));
        assertEquals(1, issues.size(), issues::toString);
        assertEquals(Severity.WARNING, issues.get(0).getSeverity());
        assertTrue(issues.get(0).getMessage().contains("each accelerator runs at 400 GB/s, 89%"),
                issues.get(0).getMessage());
        assertEquals(List.of("3"), List.of(issues.get(0).getData()));
    }

    @Test
    void shouldStayQuietWhenTheSwitchesCarryTheDomain() throws Exception {
        // 3 x 1.6 TB/s = 4.8 TB/s and the DGX H100's 4 x 1.6 TB/s = 6.4 TB/s both carry 3.6 TB/s.
        assertEquals(List.of(), blocking(parser.parse(MODEL.formatted("switches 3 x NVSwitch3"))));
        assertEquals(List.of(), blocking(parser.parse(MODEL.formatted("switches 4 x NVSwitch3"))));
        assertEquals(List.of(), blocking(parser.parse(MODEL.formatted(""))));
    }

    @Test
    void shouldStayQuietOnTheCatalogsExactlyCarriedBlackwellDomains() throws Exception {
        // HGX B200 2 x 72 x 50 GB/s = 8 x 900 GB/s; GB200 NVL72 18 x 72 x 50 GB/s = 72 x 900 GB/s.
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster Hgx { nodes 1 x DGX_B200 }
                cluster Rack { nodes 1 x GB200_NVL72 }
                """);
        assertEquals(List.of(), blocking(model));
        assertEquals(900e9, rate(model, 0), 1);
        assertEquals(900e9, rate(model, 1), 1);
    }

    @Test
    void shouldRunEachAcceleratorAtTheSwitchesShare() throws Exception {
        assertEquals(400e9, rate(parser.parse(MODEL.formatted("switches 2 x NVSwitch3")), 0), 1);
        assertEquals(200e9, rate(parser.parse(MODEL.formatted("switches 1 x NVSwitch3")), 0), 1);
        assertEquals(450e9, rate(parser.parse(MODEL.formatted("switches 3 x NVSwitch3")), 0), 1);
        assertEquals(450e9, rate(parser.parse(MODEL.formatted("")), 0), 1);
    }

    private List<Issue> blocking(Model model) {
        return validation.validate(model).stream().filter(i -> IssueCodes.SCALE_UP_BLOCKING.equals(i.getCode()))
                .toList();
    }

    private double rate(Model model, int cluster) {
        validation.assertNoErrors(model);
        Cluster c = EcoreUtil2.typeSelect(model.getElements(), Cluster.class).get(cluster);
        return mapper.toCluster(c).node().scaleUp().bytesPerSecondPerAccelerator();
    }
}
