package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.CostSpec;
import org.junit.jupiter.api.Test;

/**
 * The infos {@link EveryFieldMovesTheResultTest} found missing on EveryConstruct, each where it fires and where it
 * does not. A rent wins ({@code CostSpec.dollarsPerHour}): capital, power and PUE written beside
 * {@code accelerator-hour} change no figure (the seven values of its {@code Rent} moved no prediction). A scheduled
 * switch schedules only scale-out networks: one whose only fabric that would leave it the scheduling is a scale-up
 * fabric changes nothing (deleting {@code S1}'s {@code scheduled} moved no prediction).
 */
class ResultAuditInfosTest extends FabricModelTest {

    /** A scheduled switch of a scale-out fabric with its own congestion control and of {@code scaleUp}. */
    private static final String SCHEDULED = """
            vendor V
            fabric Out { vendor V scope scale-out open-standard link 400 Gb/s lossy congestion-control dcqcn }
            fabric Up { vendor V scope %s single-source link 50 GB/s lossless credit-based congestion-control none }
            switch S {
                vendor V
                ports 64 x 400 Gb/s
                speaks Out, Up
                scheduled
            }
            """;

    @Test
    void shouldSayAScheduledSwitchOfAScaleUpFabricSchedulesNothing() throws Exception {
        validation.assertIssue(parser.parse(SCHEDULED.formatted("scale-up")), Literals.SWITCH,
                IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED, Severity.INFO);
    }

    @Test
    void shouldStayQuietOnAScheduledSwitchOfAScaleOutFabricLeftToIt() throws Exception {
        // the same credit-based fabric without congestion control, as a scale-out fabric: its networks run scheduled
        validation.assertNoIssue(parser.parse(SCHEDULED.formatted("scale-out")), Literals.SWITCH,
                IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED);
    }

    private Model cost(String lines) throws Exception {
        return parser.parse("cost C {\n" + lines + "\n}\n");
    }

    @Test
    void shouldSayCapitalBesideARentDoesNotChangeResults() throws Exception {
        validation.assertIssue(cost("accelerator-hour $2.50/h\ncapex $250000 per node over 4 years"), Literals.COST,
                IssueCodes.CAPITAL_COST_NOT_SIMULATED, Severity.INFO);
        validation.assertIssue(cost("accelerator-hour $2.50/h\npue 1.3"), Literals.COST,
                IssueCodes.CAPITAL_COST_NOT_SIMULATED, Severity.INFO);
    }

    @Test
    void shouldStayQuietOnARentOrOnCapitalAlone() throws Exception {
        validation.assertNoIssue(cost("accelerator-hour $2.50/h"), Literals.COST,
                IssueCodes.CAPITAL_COST_NOT_SIMULATED);
        validation.assertNoIssue(
                cost("capex $250000 per node over 4 years\npower 10 kW per node at $0.08/kWh\npue 1.3"),
                Literals.COST, IssueCodes.CAPITAL_COST_NOT_SIMULATED);
    }

    @Test
    void shouldChargeTheRentWhateverTheCapital() {
        // $2.50 per accelerator-hour; the capital alone would be $31,250 over 4 years (35,064 h) = $0.891/h plus
        // 1.25 kW x 1.3 x $0.08/kWh = $0.13/h, which the rent replaces.
        CostSpec rentAndCapital = new CostSpec("c", 2.5, 31_250, 4 * 8766 * 3600.0, 1250, 0.08, 1.3);
        assertEquals(2.5, rentAndCapital.dollarsPerHour(), 1e-12);
        assertEquals(31_250 / 35_064.0 + 1.25 * 1.3 * 0.08,
                new CostSpec("c", 0, 31_250, 4 * 8766 * 3600.0, 1250, 0.08, 1.3).dollarsPerHour(), 1e-9);
    }
}
