package org.fabricsim.dsl.mapping;

import java.math.BigDecimal;

import org.fabricsim.dsl.fabric.Expectation;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Tolerance;
import org.fabricsim.dsl.fabric.Unit;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.result.Metrics;
import org.fabricsim.runtime.spec.ExpectationSpec;
import org.fabricsim.runtime.spec.ExpectationSpec.ToleranceKind;

/**
 * Maps a study's {@code expect} lines: the figure in the result key's unit, the key the study's
 * workload reports it under ({@link ExpectedMetric}), and the tolerance. {@code within N %} is
 * relative to the figure, {@code within N points} in percentage points, any other unit an amount in
 * the metric's unit; without {@code within} a percentage may be 3 points off, anything else 10 %.
 */
final class ExpectationMapper {
    private ExpectationMapper() {
    }

    static ExpectationSpec toExpectation(Expectation expectation) {
        ExpectedMetric metric = ExpectedMetric.of(expectation.getMetric()).orElseThrow();
        String written = expectation.getMetric().getLiteral();
        String qualifier = null;
        if (Written.written(expectation, Literals.EXPECTATION__PERCENTILE)) {
            qualifier = expectation.getPercentile().getLiteral();
            written += " " + qualifier;
        } else if (expectation.getSize() != null) {
            qualifier = Metrics.bytes(Units.bytes(expectation.getSize()));
            written += " at " + qualifier;
        }
        String pattern = metric.key(((Study) expectation.eContainer()).getWorkload());
        String key = qualifier == null ? pattern : pattern.formatted(qualifier);
        double expected = Units.toBase(expectation.getValue()) * metric.keyPerBase();
        Tolerance tolerance = expectation.getTolerance();
        ToleranceKind kind;
        double within;
        if (tolerance == null) {
            kind = metric.percentage() ? ToleranceKind.POINTS : ToleranceKind.RELATIVE;
            within = metric.percentage() ? ExpectationSpec.DEFAULT_POINTS : ExpectationSpec.DEFAULT_RELATIVE;
        } else if (tolerance.isPoints()) {
            kind = ToleranceKind.POINTS;
            within = new BigDecimal(tolerance.getValue()).doubleValue();
        } else {
            Unit unit = tolerance.getUnit();
            kind = unit == Unit.PERCENT ? ToleranceKind.RELATIVE : ToleranceKind.ABSOLUTE;
            within = new BigDecimal(tolerance.getValue()).doubleValue() * Units.baseUnitsPer(unit)
                    * (kind == ToleranceKind.ABSOLUTE ? metric.keyPerBase() : 1);
        }
        return new ExpectationSpec(written, key, expected, metric.unit(), within, kind, expectation.getSource());
    }
}
