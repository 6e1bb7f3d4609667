package org.fabricsim.dsl.validation;

import java.util.List;
import java.util.Optional;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Expectation;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Metric;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Tolerance;
import org.fabricsim.dsl.fabric.Unit;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.mapping.ExpectedMetric;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * A study's {@code expect} lines state a figure the study's workload reports, in the metric's
 * dimension, with a percentile for latencies, a message size for bus bandwidth, and a tolerance
 * that is relative ({@code %}), in percentage points (percentages only) or in the metric's dimension.
 */
public class ExpectationValidator extends FabricCheck {

    @Check
    public void checkExpectationDimension(Expectation expectation) {
        Optional<ExpectedMetric> metric = ExpectedMetric.of(expectation.getMetric());
        if (metric.isEmpty()) {
            error("'" + expectation.getMetric().getLiteral() + "' is not one figure and cannot be expected; expect one of "
                    + String.join(", ", ExpectedMetric.names()) + ".", expectation, Literals.EXPECTATION__METRIC,
                    IssueCodes.EXPECTATION);
            return;
        }
        Dimension expected = metric.get().dimension();
        Dimension actual = Units.dimensionOf(expectation.getValue());
        if (actual != expected && actual != Dimension.INVALID) {
            error("'expect " + expectation.getMetric().getLiteral() + "' takes " + expected.description() + ": write"
                    + " it such as " + expected.example() + ", but this is " + actual.description() + ".",
                    expectation, Literals.EXPECTATION__VALUE, IssueCodes.WRONG_DIMENSION, expected.name());
        }
    }

    @Check
    public void checkExpectationReported(Expectation expectation) {
        Workload workload = ((Study) expectation.eContainer()).getWorkload();
        Optional<ExpectedMetric> metric = ExpectedMetric.of(expectation.getMetric());
        if (workload == null || workload.eIsProxy() || metric.isEmpty() || metric.get().key(workload) != null) {
            return;
        }
        List<String> reported = ExpectedMetric.namesFor(workload);
        String kind = workload instanceof Benchmark b && b.getExpertParallel() != null ? "Expert-parallel benchmark"
                : workload.eClass().getName();
        error(kind + " runs do not report " + expectation.getMetric().getLiteral() + (reported
                .isEmpty() ? "; no metric of theirs can be expected yet: state the published figure in a comment."
                        : "; expect one of " + String.join(", ", reported) + "."), expectation,
                Literals.EXPECTATION__METRIC, IssueCodes.EXPECTATION);
    }

    @Check
    public void checkExpectationPercentile(Expectation expectation) {
        Metric metric = expectation.getMetric();
        boolean latency = metric == Metric.TTFT || metric == Metric.ITL;
        boolean written = Written.written(expectation, Literals.EXPECTATION__PERCENTILE);
        if (latency && !written) {
            error("Say which percentile the figure is, such as 'expect " + metric.getLiteral() + " p50 "
                    + (metric == Metric.TTFT ? "450 ms" : "20 ms") + " source ...'.", expectation,
                    Literals.EXPECTATION__METRIC, IssueCodes.EXPECTATION);
        } else if (!latency && written) {
            error("Only ttft and itl take a percentile; remove '" + expectation.getPercentile().getLiteral() + "'.",
                    expectation, Literals.EXPECTATION__PERCENTILE, IssueCodes.EXPECTATION);
        }
    }

    @Check
    public void checkExpectationSize(Expectation expectation) {
        boolean busbw = expectation.getMetric() == Metric.BUSBW;
        if (busbw && expectation.getSize() == null) {
            error("Say at which message size the bus bandwidth was measured, such as 'expect busbw 367 GB/s at 16 GiB"
                    + " source ...'.", expectation, Literals.EXPECTATION__METRIC, IssueCodes.EXPECTATION);
        } else if (!busbw && expectation.getSize() != null) {
            error("Only busbw is measured at a message size; remove 'at ...'.", expectation,
                    Literals.EXPECTATION__SIZE, IssueCodes.EXPECTATION);
        }
    }

    @Check
    public void checkExpectationTolerance(Expectation expectation) {
        Tolerance tolerance = expectation.getTolerance();
        Optional<ExpectedMetric> metric = ExpectedMetric.of(expectation.getMetric());
        if (tolerance == null || metric.isEmpty()) {
            return;
        }
        Dimension dimension = metric.get().dimension();
        if (tolerance.isPoints() ? dimension == Dimension.FRACTION
                : tolerance.getUnit() == Unit.PERCENT || Units.dimensionOf(tolerance.getUnit()) == dimension) {
            return;
        }
        String amount = dimension == Dimension.FRACTION ? "a number of percentage points, such as 'within 3 points'"
                : dimension.description() + " such as " + dimension.example();
        error("Write the tolerance as a percentage of the figure, such as 'within 10 %', or as " + amount + ".",
                tolerance, null, IssueCodes.EXPECTATION);
    }
}
