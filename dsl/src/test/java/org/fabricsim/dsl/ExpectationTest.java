package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ExpectationSpec;
import org.fabricsim.runtime.spec.ExpectationSpec.ToleranceKind;
import org.fabricsim.runtime.spec.ExpectationSpec.Unit;
import org.junit.jupiter.api.Test;

/**
 * A study's {@code expect} lines: each check fires where the line cannot be held against the runs
 * and stays quiet where it can, and the mapping puts the figure in the result key's unit.
 */
class ExpectationTest extends FabricModelTest {
    private static final String WORKLOADS = """
            import fabric.catalog.nvidia.*
            cluster C { nodes 2 x DGX_H100 scale-out InfiniBand_NDR single-switch { switch QM9700 } }
            model M transformer { layers 4 hidden 1024 heads 16 vocab 32000 }
            training Train {
                model M on C
                sequence 2048
                batch 16 sequences
                parallel tensor 8 data 2
            }
            inference Serve {
                model M on C
                serving pool { replicas 1 parallel tensor 8 }
                traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
            }
            benchmark Ring {
                all-reduce ring
                on C
                sizes 1 MiB, 16 GiB
            }
            """;

    /** A study of {@code workload} with the {@code expect} line {@code line}. */
    private Model study(String workload, String line) throws Exception {
        return parser.parse(WORKLOADS + "study S {\n    simulate " + workload + "\n    report mfu\n    " + line
                + "\n}\n");
    }

    private List<ExpectationSpec> mapped(String workload, String line) throws Exception {
        Model model = study(workload, line);
        validation.assertNoErrors(model);
        Study study = EcoreUtil2.typeSelect(model.getElements(), Study.class).get(0);
        return mapper.toStudy(study, "m", "m.fabric").expectations();
    }

    @Test
    void shouldRejectAnExpectedStepTimeWrittenAsAPercentage() throws Exception {
        validation.assertError(study("Train", "expect step-time 43 % source \"paper\""), Literals.EXPECTATION,
                IssueCodes.WRONG_DIMENSION, "'expect step-time' takes a time: write it such as 1.5 us or 4 years,"
                        + " but this is a percentage.");
    }

    @Test
    void shouldAcceptAnExpectedStepTimeWrittenAsATime() throws Exception {
        validation.assertNoErrors(study("Train", "expect step-time 1.5 s source \"paper\""));
    }

    @Test
    void shouldRejectExpectingCostAsOneFigure() throws Exception {
        validation.assertError(study("Train", "expect cost 43 % source \"paper\""), Literals.EXPECTATION,
                IssueCodes.EXPECTATION, "'cost' is not one figure and cannot be expected; expect one of mfu,");
    }

    @Test
    void shouldRejectAMetricTheWorkloadDoesNotReport() throws Exception {
        validation.assertError(study("Train", "expect ttft p50 450 ms source \"paper\""), Literals.EXPECTATION,
                IssueCodes.EXPECTATION, "Training runs do not report ttft; expect one of mfu, step-time,");
    }

    @Test
    void shouldAcceptAMetricTheWorkloadReports() throws Exception {
        validation.assertNoErrors(study("Serve", "expect ttft p50 450 ms source \"paper\""));
    }

    @Test
    void shouldAskForThePercentileOfALatency() throws Exception {
        validation.assertError(study("Serve", "expect itl 20 ms source \"paper\""), Literals.EXPECTATION,
                IssueCodes.EXPECTATION, "Say which percentile the figure is, such as 'expect itl p50 20 ms");
    }

    @Test
    void shouldRejectAPercentileOnAMetricWithoutOne() throws Exception {
        validation.assertError(study("Train", "expect mfu p50 43 % source \"paper\""), Literals.EXPECTATION,
                IssueCodes.EXPECTATION, "Only ttft and itl take a percentile; remove 'p50'.");
    }

    @Test
    void shouldAskForTheMessageSizeOfABusBandwidth() throws Exception {
        validation.assertError(study("Ring", "expect busbw 300 GB/s source \"paper\""), Literals.EXPECTATION,
                IssueCodes.EXPECTATION, "Say at which message size the bus bandwidth was measured");
    }

    @Test
    void shouldRejectAMessageSizeOnAnotherMetric() throws Exception {
        validation.assertError(study("Train", "expect mfu 43 % at 1 GiB source \"paper\""), Literals.EXPECTATION,
                IssueCodes.EXPECTATION, "Only busbw is measured at a message size; remove 'at ...'.");
    }

    @Test
    void shouldRejectAMessageSizeThatIsNotASize() throws Exception {
        validation.assertError(study("Ring", "expect busbw 300 GB/s at 16 GB/s source \"paper\""), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION, "Expected a data size here");
    }

    @Test
    void shouldAcceptABusBandwidthAtAMessageSize() throws Exception {
        validation.assertNoErrors(study("Ring", "expect busbw 300 GB/s at 16 GiB within 5 % source \"paper\""));
    }

    @Test
    void shouldRejectPointsOnAMetricThatIsNotAPercentage() throws Exception {
        validation.assertError(study("Train", "expect step-time 1.5 s within 2 points source \"paper\""),
                Literals.TOLERANCE, IssueCodes.EXPECTATION, "Write the tolerance as a percentage of the figure, such as"
                        + " 'within 10 %', or as a time such as 1.5 us or 4 years.");
    }

    @Test
    void shouldRejectAToleranceInAnotherDimension() throws Exception {
        validation.assertError(study("Train", "expect mfu 43 % within 2 GB source \"paper\""), Literals.TOLERANCE,
                IssueCodes.EXPECTATION, "or as a number of percentage points, such as 'within 3 points'.");
    }

    @Test
    void shouldAcceptTolerancesInPointsPercentAndTheMetricsUnit() throws Exception {
        validation.assertNoErrors(study("Train", """
                expect mfu 43 % within 2 points source "a"
                    expect bubble 5 % within 20 % source "b"
                    expect step-time 1.5 s within 100 ms source "c"
                """));
    }

    /** {@code actual} is {@code expected}, its numbers up to rounding in the unit conversions. */
    private static void assertSpec(ExpectationSpec expected, List<ExpectationSpec> actual) {
        assertEquals(1, actual.size());
        ExpectationSpec spec = actual.get(0);
        assertEquals(List.of(expected.metric(), expected.key(), expected.unit(), expected.toleranceKind(),
                expected.source()), List.of(spec.metric(), spec.key(), spec.unit(), spec.toleranceKind(), spec.source()));
        assertEquals(expected.expected(), spec.expected(), 1e-9 * expected.expected());
        assertEquals(expected.tolerance(), spec.tolerance(), 1e-9 * expected.tolerance());
    }

    @Test
    void shouldMapAPercentageWithTheDefaultToleranceOfThreePoints() throws Exception {
        assertSpec(new ExpectationSpec("mfu", "mfu", 0.43, Unit.PERCENT, 3, ToleranceKind.POINTS, "Llama 3, Table 4"),
                mapped("Train", "expect mfu 43 % source \"Llama 3, Table 4\""));
    }

    @Test
    void shouldMapAnyOtherMetricWithTheDefaultToleranceOfTenPercent() throws Exception {
        assertSpec(new ExpectationSpec("ttft p99", "ttftSeconds.p99", 0.45, Unit.MILLISECONDS, 0.1,
                ToleranceKind.RELATIVE, "s"), mapped("Serve", "expect ttft p99 450 ms source \"s\""));
    }

    @Test
    void shouldMapTheServingMfuAndThroughputToTheirServingKeys() throws Exception {
        List<ExpectationSpec> specs = mapped("Serve", """
                expect mfu 30 % within 5 % source "s"
                    expect throughput 2500 tokens/s source "s"
                """);
        assertEquals(List.of("modelFlopsUtilization", "outputTokensPerSecond"),
                specs.stream().map(ExpectationSpec::key).toList());
        assertEquals(ToleranceKind.RELATIVE, specs.get(0).toleranceKind());
        assertEquals(0.05, specs.get(0).tolerance(), 1e-12);
    }

    @Test
    void shouldMapABusBandwidthInGigabytesPerSecondAtItsMessageSize() throws Exception {
        assertSpec(new ExpectationSpec("busbw at 16 GiB", "rows[16 GiB].busbwGBps", 367.2, Unit.GB_PER_SECOND, 20,
                ToleranceKind.ABSOLUTE, "nccl-tests"),
                mapped("Ring", "expect busbw 367.2 GB/s at 16 GiB within 160 Gb/s source \"nccl-tests\""));
    }
}
