package org.fabricsim.runtime.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class NcclTestsLogTest {
    /** The head and two rows of an nccl-tests 2.14 all_reduce_perf run on one 8-GPU node, one process. */
    private static final List<String> LOG = List.of(
            "# Collective test starting: all_reduce_perf",
            "# nThread 1 nGpus 8 minBytes 1048576 maxBytes 2097152 step: 2(factor) warmup iters: 5 iters: 20"
                    + " agg iters: 1 validation: 1 graph: 0",
            "#",
            "# Using devices",
            "#  Rank  0 Group  0 Pid  41233 on  dgx-h100-01 device  0 [0x18] NVIDIA H100 80GB HBM3",
            "#  Rank  1 Group  0 Pid  41233 on  dgx-h100-01 device  1 [0x2a] NVIDIA H100 80GB HBM3",
            "#",
            "#                                                              out-of-place                       in-place",
            "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw"
                    + "   busbw #wrong",
            "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)"
                    + "  (GB/s)",
            "dgx-h100-01:41233:41233 [0] NCCL INFO comm 0x55d1 rank 0 nranks 8 cudaDev 0 busId 18000 - Init COMPLETE",
            "     1048576        262144     float     sum      -1    40.10   26.15   45.76      0    39.90   26.28"
                    + "   45.99      0",
            "     2097152        524288     float     sum      -1    52.00   40.33   70.58    N/A    52.40   40.02"
                    + "   70.04    N/A",
            "# Out of bounds values : 0 OK",
            "# Avg bus bandwidth    : 58.0924");

    @Test
    void readsRowsTestAndGpuCountAsNcclTestsPrintsThem() {
        NcclTestsLog log = NcclTestsLog.parse("ar.log", LOG);
        assertEquals("all_reduce_perf", log.test());
        // Two "#  Rank" lines are listed here, but they are the ranks printed: 2 distinct ranks.
        assertEquals(2, log.gpus());
        assertEquals(2, log.rows().size());
        // Row 1 at line 12: mean of 40.10 and 39.90 us = 40.00 us.
        assertEquals(new NcclTestsLog.Row(12, 1048576, 40.00e-6), round(log.rows().get(0)));
        // Row 2, validation off (#wrong N/A): mean of 52.00 and 52.40 us = 52.20 us.
        assertEquals(52.20e-6, log.rows().get(1).seconds(), 1e-12);
    }

    @Test
    void takesTheGpuCountFromThreadsAndGpusWithoutRankLines() {
        List<String> lines = LOG.stream().filter(l -> !l.contains("Rank")).toList();
        // nThread 1 × nGpus 8.
        assertEquals(8, NcclTestsLog.parse("ar.log", lines).gpus());
    }

    @Test
    void refusesAMalformedRowWithFileLineAndWhatToDo() {
        List<String> lines = new ArrayList<>(LOG);
        lines.set(11, "dgx-h100-01: Test NCCL failure common.cu:1279 'unhandled cuda error'");
        MeasurementException e = assertThrows(MeasurementException.class, () -> NcclTestsLog.parse("ar.log", lines));
        assertEquals(12, e.line());
        assertTrue(e.getMessage().startsWith("ar.log:12: not an nccl-tests result row")
                && e.getMessage().contains("remove the line"), e.getMessage());
    }

    @Test
    void quotesOnlyTheStartOfALongMalformedRow() {
        // a row of 10,000 characters: the refusal quotes its first 60 and states the length, one short line
        List<String> lines = new ArrayList<>(LOG);
        lines.set(11, "z".repeat(10_000));
        MeasurementException e = assertThrows(MeasurementException.class, () -> NcclTestsLog.parse("ar.log", lines));
        assertTrue(e.getMessage().startsWith("ar.log:12: not an nccl-tests result row: '" + "z".repeat(60)
                + "…' (10000 characters); a row reads"), e.getMessage());
    }

    @Test
    void refusesALogWithoutResultRows() {
        MeasurementException e = assertThrows(MeasurementException.class,
                () -> NcclTestsLog.parse("empty.log", LOG.subList(0, 10)));
        assertTrue(e.getMessage().startsWith("empty.log: no nccl-tests result rows"), e.getMessage());
    }

    @Test
    void refusesAZeroTime() {
        List<String> lines = new ArrayList<>(LOG);
        lines.set(11, "     1048576        262144     float     sum      -1     0.00    0.00    0.00      0    39.90"
                + "   26.28   45.99      0");
        MeasurementException e = assertThrows(MeasurementException.class, () -> NcclTestsLog.parse("ar.log", lines));
        assertTrue(e.getMessage().startsWith("ar.log:12: a time of 0 us"), e.getMessage());
    }

    @Test
    void refusesALogOfAnotherGpuCountThanTheBenchmark() {
        NcclTestsLog log = NcclTestsLog.parse("ar.log", LOG);
        MeasurementException e = assertThrows(MeasurementException.class,
                () -> MeasuredCases.collective(log, CalibrationFixtures.RING, 1));
        assertTrue(e.getMessage().startsWith("ar.log: the log ran on 2 GPUs but benchmark Ring8 runs on 8"),
                e.getMessage());
    }

    @Test
    void measuresBusBandwidthFromTheMeanTime() {
        List<String> lines = LOG.stream().filter(l -> !l.contains("Rank")).toList();
        CalibrationCase first = MeasuredCases.collective(NcclTestsLog.parse("ar.log", lines), CalibrationFixtures.RING,
                1).get(0);
        // busbw = S / t · 2(n−1)/n = 1048576 B / 40.00 us · 14/8 = 45.8752 GB/s (the log's 45.76 and 45.99 rounded).
        assertEquals(45.8752, first.measured(), 1e-9);
        assertEquals("Ring8@1048576", first.name());
        // Line 12 of LOG, less the two Rank lines removed above.
        assertEquals("ar.log:10", first.source());
    }

    @Test
    void shouldRefuseARankOrGpuCountPastAnIntWithItsLineAndReadTheLargestInt() {
        // line 5 is the first Rank line; line 2 the nThread line: 65536 x 65536 = 2^32 GPUs, past an int
        List<String> rank = new ArrayList<>(LOG);
        rank.set(4, LOG.get(4).replace("Rank  0", "Rank  2147483648"));
        MeasurementException e = assertThrows(MeasurementException.class, () -> NcclTestsLog.parse("ar.log", rank));
        // the line's first 60 characters are quoted, then its length (the whole line is longer)
        assertEquals("ar.log:5: '" + rank.get(4).substring(0, 60) + "…' (" + rank.get(4).length() + " characters)"
                + " counts 2147483648 GPUs or names rank 2147483648, more than"
                + " 2,147,483,647, so the line was edited: restore it from the run's output", e.getMessage());
        List<String> threads = LOG.stream().filter(l -> !l.contains("Rank")).map(l -> l.replace("nThread 1 nGpus 8",
                "nThread 65536 nGpus 65536")).toList();
        assertTrue(assertThrows(MeasurementException.class, () -> NcclTestsLog.parse("ar.log", threads)).getMessage()
                .startsWith("ar.log:2: "));
        rank.set(4, LOG.get(4).replace("Rank  0", "Rank  2147483647"));
        assertEquals(2, NcclTestsLog.parse("ar.log", rank).gpus(), "ranks 2147483647 and 1");
    }

    @Test
    void shouldRefuseASizeOfMoreDigitsThanALongHoldsWithItsLine() {
        List<String> size = new ArrayList<>(LOG);
        size.set(11, LOG.get(11).replace("     1048576", "100000000000000000000"));
        MeasurementException e = assertThrows(MeasurementException.class, () -> NcclTestsLog.parse("ar.log", size));
        assertTrue(e.getMessage().startsWith("ar.log:12: '100000000000000000000' in '100000000000000000000"),
                e.getMessage());
    }

    private static NcclTestsLog.Row round(NcclTestsLog.Row row) {
        return new NcclTestsLog.Row(row.line(), row.sizeBytes(), Math.round(row.seconds() * 1e8) / 1e8);
    }
}
