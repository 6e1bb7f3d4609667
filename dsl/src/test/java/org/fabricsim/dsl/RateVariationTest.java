package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.VariationSpec;
import org.junit.jupiter.api.Test;

/**
 * {@code vary rate}: request rates map to requests per second; anything else is refused where written. {@code vary
 * clients}: a closed loop's concurrency, whole numbers, on a closed loop only.
 */
class RateVariationTest extends FabricModelTest {

    /** A small Poisson-fed deployment and a study over it that varies the rate through {@code values}. */
    private Model sweep(String values) throws Exception {
        return sweep("arrival poisson 1 /s", "rate", values);
    }

    /** The small deployment with {@code arrival}, and a study over it that varies {@code parameter} through {@code values}. */
    private Model sweep(String arrival, String parameter, String values) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 1 x DGX_H100 }
                model M transformer { layers 2 hidden 256 heads 8 vocab 1000 }
                inference S {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { %s prompt fixed 10 output fixed 10 }
                }
                study Load {
                    simulate S
                    vary %s in [%s]
                }
                """.formatted(arrival, parameter, values));
    }

    @Test
    void shouldMapRatesToRequestsPerSecond() throws Exception {
        Model model = sweep("0.5/s, 1 /s, 2/s");
        validation.assertNoErrors(model);
        Study study = EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0);
        assertEquals(List.of(new VariationSpec(VariationSpec.Parameter.RATE, List.of(0.5, 1.0, 2.0))),
                mapper.toStudy(study, "m", "m.fabric").variations());
    }

    @Test
    void shouldRejectABareNumberAsARate() throws Exception {
        validation.assertError(sweep("2"), Literals.NUMBER_VALUE, IssueCodes.WRONG_DIMENSION,
                "'vary rate' sets the Poisson arrival rate: write a rate of requests, such as 10 /s, but this is not "
                        + "a quantity.");
    }

    @Test
    void shouldRejectADataRateAsARate() throws Exception {
        validation.assertError(sweep("1 /s, 2 GB/s"), Literals.QUANTITY_VALUE, IssueCodes.WRONG_DIMENSION,
                "but this is a data rate");
    }

    /** The table of TTFT and TPOT at concurrency 1, 16, 64 and 256 that benchmark_serving's users compare: one study. */
    @Test
    void shouldMapClientsToAClosedLoopsConcurrency() throws Exception {
        Model model = sweep("arrival closed-loop 1 clients", "clients", "1, 16, 64, 256");
        validation.assertNoErrors(model);
        Study study = EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0);
        assertEquals(List.of(new VariationSpec(VariationSpec.Parameter.CLIENTS, List.of(1L, 16L, 64L, 256L))),
                mapper.toStudy(study, "m", "m.fabric").variations());
    }

    @Test
    void shouldRejectClientsForPoissonArrivals() throws Exception {
        validation.assertError(sweep("arrival poisson 1 /s", "clients", "1, 16"), Literals.VARIATION,
                IssueCodes.VARY_PARAMETER, "'vary clients' sets the clients of a closed loop, but S's requests arrive"
                        + " as a Poisson process: write 'arrival closed-loop <N> clients' in S to sweep the"
                        + " concurrency, or remove this axis.");
    }

    @Test
    void shouldRejectAFractionOfAClient() throws Exception {
        validation.assertError(sweep("arrival closed-loop 1 clients", "clients", "1.5"), Literals.NUMBER_VALUE,
                IssueCodes.VARY_VALUE, "");
    }
}
