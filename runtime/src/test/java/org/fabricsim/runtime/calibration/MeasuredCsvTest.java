package org.fabricsim.runtime.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class MeasuredCsvTest {
    private static MeasurementException refused(String... lines) {
        return assertThrows(MeasurementException.class, () -> MeasuredCsv.parse("m.csv", List.of(lines)));
    }

    @Test
    void readsMeasurementsWithQuotedSourcesAndSkipsComments() {
        MeasuredCsv csv = MeasuredCsv.parse("m.csv", List.of(MeasuredCsv.HEADER, "# our cluster", "",
                "Small,step-time,1.25,\"cluster A, 2026-11-30\"", "t.Small,mfu,41.5"));
        assertEquals(List.of(new MeasuredCsv.Row(4, "Small", MeasuredCsv.Metric.STEP_TIME, 1.25, "cluster A, 2026-11-30"),
                new MeasuredCsv.Row(5, "t.Small", MeasuredCsv.Metric.MFU, 41.5, "")), csv.rows());
    }

    @Test
    void refusesAFileWithoutTheHeader() {
        assertTrue(refused("Small,step-time,1.25,x").getMessage()
                .startsWith("m.csv:1: the first line must be the header 'workload,metric,value,source'"));
    }

    @Test
    void refusesAnUnknownMetric() {
        MeasurementException e = refused(MeasuredCsv.HEADER, "Small,latency,1.25,x");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("unknown metric 'latency'; use one of [step-time, mfu, tokens-per-second]"),
                e.getMessage());
    }

    @Test
    void refusesAnMfuAboveOneHundredPercent() {
        assertTrue(refused(MeasuredCsv.HEADER, "Small,mfu,310,x").getMessage()
                .contains("m.csv:2: mfu 310 is above 100 %; give the mfu in percent of the peak"));
    }

    @Test
    void refusesAValueThatIsNotAPositiveNumber() {
        assertTrue(refused(MeasuredCsv.HEADER, "Small,step-time,fast,x").getMessage()
                .startsWith("m.csv:2: value 'fast' is not a positive number"));
    }

    @Test
    void refusesARowWithTooManyFields() {
        assertTrue(refused(MeasuredCsv.HEADER, "Small,step-time,1.2,cluster A, 2026").getMessage()
                .startsWith("m.csv:2: 5 fields"));
    }

    @Test
    void refusesAFileWithoutMeasurements() {
        assertTrue(refused(MeasuredCsv.HEADER, "# nothing yet").getMessage().startsWith("m.csv: no measurements"));
    }

    @Test
    void refusesARowNamingAnUnknownWorkload() {
        MeasuredCsv csv = MeasuredCsv.parse("m.csv", List.of(MeasuredCsv.HEADER, "Small,step-time,1.25,x",
                "Large,step-time,9.0,x"));
        MeasurementException e = assertThrows(MeasurementException.class,
                () -> MeasuredCases.measured(csv, List.of(CalibrationFixtures.RING), null));
        // The model's only workload is a collective benchmark, which a CSV cannot name.
        assertTrue(e.getMessage().startsWith("m.csv:2: unknown workload 'Small'; name a training or inference"
                + " workload of the model: []"), e.getMessage());
    }
}
