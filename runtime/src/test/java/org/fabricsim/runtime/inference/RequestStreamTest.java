package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.fabricsim.runtime.sim.ClockRangeException;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestStreamTest {
    @TempDir
    Path dir;

    @Test
    void shouldSpaceRequestsByTheMeanOfAPoissonProcess() {
        // 20,000 gaps of a rate-50 process: mean 20 ms, standard error 20 ms / √20000 = 0.14 ms
        RequestStream stream = draw(new InferenceSpec.Poisson(50), new InferenceSpec.Fixed(10), 20_000);
        double meanGapSeconds = stream.arrivalPs()[19_999] / 1e12 / 19_999;
        assertEquals(0.020, meanGapSeconds, 5 * 0.02 / Math.sqrt(20_000));
    }

    @Test
    void shouldRefuseArrivalsPastTheClockNamingTheRateNotTheLinks() {
        // 10 requests at 10^-9 /s: the mean gap is 10^9 s, so the first arrival lies past the clock's 2^63 ps
        // (9.22 x 10^6 s, 106.75 days) unless its exponential gap falls below 1/108 of the mean (probability 0.9 %);
        // the refusal named the links' rates and latencies (session 65's fuzzing of 'vary rate')
        ClockRangeException refused = assertThrows(ClockRangeException.class,
                () -> draw(new InferenceSpec.Poisson(1e-9), new InferenceSpec.Fixed(10), 10));
        assertTrue(refused.getMessage().contains("the requests' Poisson arrivals (request 1 of 10 arrives after "),
                refused.getMessage());
        assertTrue(refused.getMessage().endsWith("Fix: raise the arrival rate (n requests at a rate of r /s arrive over"
                + " about n / r seconds) or send fewer requests."), refused.getMessage());
        // at 10^-5 /s the 10 requests take about 10^6 s, inside the clock
        assertEquals(10, draw(new InferenceSpec.Poisson(1e-5), new InferenceSpec.Fixed(10), 10).arrivalPs().length);
    }

    @Test
    void shouldDrawLognormalLengthsAroundTheirMedian() {
        RequestStream stream = draw(new InferenceSpec.AllAtOnce(), new InferenceSpec.Lognormal(1000, 1.0), 20_001);
        int[] sorted = stream.prompt().clone();
        Arrays.sort(sorted);
        // sample median of 20,001 draws: standard error ≈ 1.2533 · σ_lnX · median / √n ≈ 0.9%
        assertEquals(1000, sorted[10_000], 40);
    }

    @Test
    void shouldKeepUniformLengthsWithinTheirBounds() {
        RequestStream stream = draw(new InferenceSpec.AllAtOnce(), new InferenceSpec.Uniform(100, 200), 5000);
        assertTrue(Arrays.stream(stream.prompt()).allMatch(t -> t >= 100 && t <= 200));
        assertTrue(Arrays.stream(stream.prompt()).anyMatch(t -> t == 100) && Arrays.stream(stream.prompt())
                .anyMatch(t -> t == 200), "both ends are drawn");
    }

    @Test
    void shouldDrawEmpiricalLengthsOnlyFromTheFile() throws IOException {
        Files.writeString(dir.resolve("lengths.txt"), "tokens\n64, 512\n4096\n");
        RequestStream stream = draw(new InferenceSpec.AllAtOnce(), new InferenceSpec.Empirical("lengths.txt"), 3000);
        assertTrue(Arrays.stream(stream.prompt()).allMatch(t -> t == 64 || t == 512 || t == 4096));
        assertEquals(3, Arrays.stream(stream.prompt()).distinct().count());
    }

    @Test
    void shouldReplayATraceFromItsFirstTimestamp() throws IOException {
        Files.writeString(dir.resolve("trace.csv"), "timestamp,prompt,output\n10.5,100,20\n10.0,300,40\n12.0,50,0\n");
        InferenceSpec.Traffic traffic = new InferenceSpec.Traffic(new InferenceSpec.Trace("trace.csv"),
                new InferenceSpec.Fixed(1), new InferenceSpec.Fixed(1), 0);
        RequestStream stream = RequestStream.of(traffic, new SplittableRandom(1), dir);
        assertArrayEquals(new long[] {0, 500_000_000_000L, 2_000_000_000_000L}, stream.arrivalPs());
        assertArrayEquals(new int[] {300, 100, 50}, stream.prompt());
        assertArrayEquals(new int[] {40, 20, 1}, stream.output(), "at least one output token");
    }

    @Test
    void shouldReplayEveryTraceRowUnlessACountIsStated() throws IOException {
        StringBuilder trace = new StringBuilder();
        for (int i = 0; i < 12_000; i++) {
            trace.append(i * 0.01).append(",100,10\n");
        }
        Files.writeString(dir.resolve("long.csv"), trace);
        RequestStream all = RequestStream.of(new InferenceSpec.Traffic(new InferenceSpec.Trace("long.csv"),
                new InferenceSpec.Fixed(1), new InferenceSpec.Fixed(1), 0), new SplittableRandom(1), dir);
        assertEquals(12_000, all.size(), "more rows than the drawn-traffic default of 10,000");
        assertFalse(all.truncated());
        RequestStream first = RequestStream.of(new InferenceSpec.Traffic(new InferenceSpec.Trace("long.csv"),
                new InferenceSpec.Fixed(1), new InferenceSpec.Fixed(1), 500), new SplittableRandom(1), dir);
        assertEquals(500, first.size());
        assertEquals(12_000, first.offered());
        assertTrue(first.truncated());
        assertEquals(4_990_000_000_000L, first.arrivalPs()[499], "the earliest 500: the last at 4.99 s");
    }

    @Test
    void shouldNameTheLineOfABadTraceRow() throws IOException {
        Files.writeString(dir.resolve("bad.csv"), "0.0,100,20\n0.5,many,20\n");
        InferenceSpec.Traffic traffic = new InferenceSpec.Traffic(new InferenceSpec.Trace("bad.csv"),
                new InferenceSpec.Fixed(1), new InferenceSpec.Fixed(1), 0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RequestStream.of(traffic, new SplittableRandom(1), dir));
        assertTrue(error.getMessage().contains("bad.csv:2"), error.getMessage());
    }

    @Test
    void shouldSayThatAMissingTraceFileDoesNotExist() {
        InferenceSpec.Traffic traffic = new InferenceSpec.Traffic(new InferenceSpec.Trace("nope.csv"),
                new InferenceSpec.Fixed(1), new InferenceSpec.Fixed(1), 0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RequestStream.of(traffic, new SplittableRandom(1), dir));
        assertTrue(error.getMessage().startsWith("trace file " + dir.resolve("nope.csv") + " does not exist"),
                error.getMessage());
    }

    @Test
    void shouldSayHowToWriteAUniformRangeWhoseMinimumIsAboveItsMaximum() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> draw(new InferenceSpec.AllAtOnce(), new InferenceSpec.Uniform(500, 100), 10));
        assertEquals("'uniform 500 to 100' has its minimum above its maximum; write 'uniform 100 to 500'",
                error.getMessage());
    }

    private RequestStream draw(InferenceSpec.Arrival arrival, InferenceSpec.Distribution prompt, int n) {
        return RequestStream.of(new InferenceSpec.Traffic(arrival, prompt, new InferenceSpec.Fixed(1), n),
                new SplittableRandom(42), dir);
    }
}
