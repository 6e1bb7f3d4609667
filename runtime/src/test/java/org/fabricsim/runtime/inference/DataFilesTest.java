package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.fabricsim.runtime.spec.InferenceSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A serving run's trace and length files as users write them: what replays, and what is refused with its line. */
class DataFilesTest {
    @TempDir
    Path dir;

    @Test
    void shouldReplayUnixTimestampsByTheirGaps() throws IOException {
        // 1,733,500,000 s is 1.7335e21 ps, past a long (9.22e18): each rounded alone, both arrivals were 0.
        // Both are exact in a double (31 bits and a half), so the gap is exactly 1.5 s = 1.5e12 ps.
        RequestStream stream = trace("1733500000.0,100,10\n1733500001.5,200,20\n");
        assertArrayEquals(new long[] {0, 1_500_000_000_000L}, stream.arrivalPs());
    }

    @Test
    void shouldReadATraceSavedWithAByteOrderMarkWithoutLosingItsFirstRequest() throws IOException {
        // the mark made "\uFEFF0.0" a header, which dropped the first request
        RequestStream stream = trace("\uFEFF0.0,100,10\r\n0.5,200,20\r\n");
        assertArrayEquals(new int[] {100, 200}, stream.prompt());
    }

    @Test
    void shouldRefuseANegativePromptAndAcceptAnEmptyOne() throws IOException {
        assertEquals(dir.resolve("t.csv") + ":2: prompt tokens must be a whole number from 0 to 2147483647, not '-7'",
                refusal("0,100,10\n1,-7,10\n"));
        assertArrayEquals(new int[] {100, 0}, trace("0,100,10\n1,0,10\n").prompt());
    }

    @Test
    void shouldRefuseATimestampThatIsNotADecimalNumberAndAnEmptyRowInWords() throws IOException {
        // Java's parser reads "NaN" (and Math.round made it 0 s); ",," split into no cells: "Index 0 out of bounds"
        assertEquals(dir.resolve("t.csv") + ":2: not a number in 'NaN,100,10'", refusal("0,100,10\nNaN,100,10\n"));
        assertEquals(dir.resolve("t.csv") + ":2: not a number in ',,'", refusal("0,100,10\n,,\n"));
        assertEquals(dir.resolve("t.csv") + ":1: not a number in ', 5, 6'", refusal(", 5, 6\n"));
    }

    @Test
    void shouldQuoteOnlyTheStartOfALongBadRow() throws IOException {
        // row 2 is "NaN,1," and 100,000 nines, 100,006 characters: the refusal keeps "NaN,1," and 54 nines, the length
        String row = "NaN,1," + "9".repeat(100_000);
        assertEquals(dir.resolve("t.csv") + ":2: not a number in 'NaN,1," + "9".repeat(54) + "…' (100006 characters)",
                refusal("0,100,10\n" + row + "\n"));
        // a row of exactly 60 characters is quoted whole
        String sixty = "NaN,1," + "9".repeat(54);
        assertEquals(dir.resolve("t.csv") + ":2: not a number in '" + sixty + "'", refusal("0,100,10\n" + sixty + "\n"));
    }

    @Test
    void shouldRefuseATraceSpanningMoreThanTheClockAndReplayOneJustInside() throws IOException {
        // the clock holds 2^63 ps = 9,223,372.04 s: 9,000,000 s fits, 10,000,000 s does not
        assertEquals(dir.resolve("t.csv") + ": the trace's timestamps span 1.000e+07 s, more than the engine's clock"
                + " range of 2^63 ps (106.75 days); replay a shorter part of it, or write its timestamps in seconds",
                refusal("0,1,1\n1e7,1,1\n"));
        assertEquals(9_000_000_000_000_000_000L, trace("0,1,1\n9e6,1,1\n").arrivalPs()[1]);
    }

    @Test
    void shouldSayThatATraceInAnotherEncodingIsNotUtf8() throws IOException {
        // "0,100,10" then a Latin-1 é (0xE9), which is no UTF-8 sequence
        Files.write(dir.resolve("t.csv"), new byte[] {'0', ',', '1', '0', '0', ',', '1', '0', '\n', (byte) 0xE9, '\n'});
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> RequestStream.of(
                traffic(new InferenceSpec.Trace("t.csv"), new InferenceSpec.Fixed(1)), new SplittableRandom(1), dir));
        assertEquals("trace file " + dir.resolve("t.csv") + " is not UTF-8 text; save it as UTF-8 (plain digits,"
                + " commas and line breaks are the same in every encoding)", error.getMessage());
    }

    @Test
    void shouldRefuseANegativeOrOversizedLengthAndKeepAMarkedFirstOne() throws IOException {
        Files.writeString(dir.resolve("l.txt"), "64\n-5\n", StandardCharsets.UTF_8);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, this::lengths);
        assertEquals(dir.resolve("l.txt") + ":2: a token count must be a whole number from 0 to 2147483647, not '-5'",
                error.getMessage());
        Files.writeString(dir.resolve("l.txt"), "99999999999\n", StandardCharsets.UTF_8);
        assertEquals(dir.resolve("l.txt") + ":1: a token count must be a whole number from 0 to 2147483647, not"
                + " '99999999999'", assertThrows(IllegalArgumentException.class, this::lengths).getMessage());
        Files.writeString(dir.resolve("l.txt"), "\uFEFF64\n128\n", StandardCharsets.UTF_8);
        assertArrayEquals(new int[] {64, 128}, Arrays.stream(lengths().prompt()).distinct().sorted().toArray());
    }

    private RequestStream trace(String text) throws IOException {
        Files.writeString(dir.resolve("t.csv"), text, StandardCharsets.UTF_8);
        return RequestStream.of(traffic(new InferenceSpec.Trace("t.csv"), new InferenceSpec.Fixed(1)),
                new SplittableRandom(1), dir);
    }

    private String refusal(String text) {
        return assertThrows(IllegalArgumentException.class, () -> trace(text)).getMessage();
    }

    /** 200 requests at once with prompt lengths drawn from {@code l.txt}: both values drawn, 1 − 2·2^−200 sure. */
    private RequestStream lengths() {
        return RequestStream.of(traffic(new InferenceSpec.AllAtOnce(), new InferenceSpec.Empirical("l.txt")),
                new SplittableRandom(1), dir);
    }

    private static InferenceSpec.Traffic traffic(InferenceSpec.Arrival arrival, InferenceSpec.Distribution prompt) {
        return new InferenceSpec.Traffic(arrival, prompt, new InferenceSpec.Fixed(1), 200);
    }
}
