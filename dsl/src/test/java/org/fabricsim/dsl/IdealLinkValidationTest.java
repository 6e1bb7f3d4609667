package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * Link settings that cannot be: a latency below zero, an efficiency above 100 %, a study tolerance
 * above 10 %; each an error naming its fix, and quiet at the limit (0 ns, 100 %, 10 %).
 */
class IdealLinkValidationTest extends FabricModelTest {
    private static final String SKETCH = """
            cluster C {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency %s efficiency %s
            }
            benchmark Ring {
                all-reduce ring
                on C
                sizes 64 MiB
            }
            study S {
                simulate Ring
                tolerance %s
            }
            """;

    private Model sketch(String latency, String efficiency, String tolerance) throws Exception {
        return parser.parse(SKETCH.formatted(latency, efficiency, tolerance));
    }

    @Test
    void shouldRejectALatencyBelowZeroWithItsFix() throws Exception {
        validation.assertError(sketch("-5 ns", "100 %", "1 %"), Literals.QUANTITY, IssueCodes.NEGATIVE,
                "A latency cannot be below zero", "Write 0 ns or more");
    }

    @Test
    void shouldAcceptAZeroLatencyAsAnIdealLink() throws Exception {
        validation.assertNoIssues(sketch("0 ns", "100 %", "1 %"));
    }

    @Test
    void shouldRejectAFabricEfficiencyAboveOneHundredPercentWithItsFix() throws Exception {
        Model model = parser.parse("""
                vendor V
                fabric F { vendor V scope scale-out open-standard link 400 Gb/s efficiency 101 % }
                """);
        validation.assertError(model, Literals.QUANTITY, IssueCodes.NOT_A_FRACTION,
                "An efficiency is the share of the rate achieved, at most 100 %: write 100 %");
    }

    @Test
    void shouldRejectASketchEfficiencyAboveOneHundredPercent() throws Exception {
        validation.assertError(sketch("1 us", "120 %", "1 %"), Literals.QUANTITY, IssueCodes.NOT_A_FRACTION,
                "at most 100 %");
    }

    @Test
    void shouldRejectAToleranceAboveTenPercentWithItsFix() throws Exception {
        validation.assertError(sketch("1 us", "100 %", "20 %"), Literals.QUANTITY, IssueCodes.TOLERANCE_TOO_LARGE,
                "write 1 % (the default) or less, or 0 % to solve exactly");
    }

    @Test
    void shouldAcceptATenPercentToleranceAndAnExactOne() throws Exception {
        validation.assertNoIssues(sketch("1 us", "100 %", "10 %"));
        validation.assertNoIssues(sketch("1 us", "100 %", "0 %"));
    }
}
