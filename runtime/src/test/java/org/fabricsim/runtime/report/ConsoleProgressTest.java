package org.fabricsim.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.study.StudyRunner;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void shouldEstimateTheTimeLeftFromTheMeanTimePerFinishedRun() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {5 * SECOND};
        StudyRunner.Progress progress = ConsoleProgress.always(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                () -> now[0]);
        now[0] += 10 * SECOND;
        progress.finished(2, 6, ok("a"));
        // 2 runs in 10 s: 5 s a run, 4 runs left, so 20 s
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("2/6 runs  ETA 20s  a"), bytes::toString);
    }

    @Test
    void shouldCountTheFailedRunsSoFar() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {0};
        StudyRunner.Progress progress = ConsoleProgress.always(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                () -> now[0]);
        progress.finished(1, 3, failed("a"));
        now[0] = 150 * SECOND;
        progress.finished(2, 3, failed("b"));
        // 150 s for 2 runs, 1 left: 75 s
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("2/3 runs, 2 failed  ETA 1m15s  failed: b"),
                bytes::toString);
    }

    @Test
    void shouldWriteLongDurationsInHoursAndMinutes() {
        assertEquals("1h02m", ConsoleProgress.duration(3600 + 2 * 60 + 59));
        assertEquals("0s", ConsoleProgress.duration(0));
    }

    private static RunResult ok(String name) {
        return new RunResult(name, "training", Map.of(), Map.of(), 0);
    }

    private static RunResult failed(String name) {
        return RunResult.failed(name, "training", "s", Map.of(), 1, "infeasible", 0);
    }
}
