package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * Scale-up settings the engine does not read (found by {@link EveryFieldMovesTheResultTest}) say so where they are
 * written, and stay quiet where the engine reads them.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class ScaleUpIgnoredSettingsTest {
    private static final String FABRIC = """
            vendor V
            fabric F { vendor V scope %s single-source link 50 GB/s routing adaptive, packet-spraying }
            """;

    @Inject
    private ParseHelper<Model> parser;

    @Inject
    private ValidationTestHelper validation;

    /** The text offsets of the issues of {@code code} in {@code text}. */
    private List<Integer> offsets(String text, String code) throws Exception {
        return validation.validate(parser.parse(text)).stream().filter(i -> code.equals(i.getCode()))
                .map(Issue::getOffset).toList();
    }

    @Test
    void shouldNameEachRoutingPolicyOfAScaleUpFabric() throws Exception {
        String text = FABRIC.formatted("scale-up");
        // one info on each written policy, where its keyword starts
        assertEquals(List.of(text.indexOf("adaptive"), text.indexOf("packet-spraying")),
                offsets(text, IssueCodes.FABRIC_ROUTING_NOT_SIMULATED));
    }

    @Test
    void shouldNameOnlyTheUnusedPoliciesOfAScaleOutFabric() throws Exception {
        String text = FABRIC.formatted("scale-out");
        // a scale-out cluster routes by spraying, so one info over the list, from 'adaptive', names the other
        assertEquals(List.of(text.indexOf("adaptive")), offsets(text, IssueCodes.FABRIC_ROUTING_NOT_SIMULATED));
    }

    @Test
    void shouldSayThatARackScaleDomainRunsSwitched() throws Exception {
        String node = """
                import fabric.catalog.nvidia.*
                node Rack { accelerators 72 x GB200 scale-up NVLink5 %s domain 72 switches 18 x NVLinkSwitch5 }
                """;
        String rack = node.formatted("rack-scale");
        // the info marks the shape keyword itself
        assertEquals(List.of(rack.indexOf("rack-scale")), offsets(rack, IssueCodes.RACK_SCALE_NOT_SIMULATED));
        assertEquals(List.of(), offsets(node.formatted("switched"), IssueCodes.RACK_SCALE_NOT_SIMULATED));
    }
}
