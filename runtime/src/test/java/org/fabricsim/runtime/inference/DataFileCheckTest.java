package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A data file checked before a run gives the run's own refusal, and nothing for a file the run reads. */
class DataFileCheckTest {
    @TempDir
    Path dir;

    @Test
    void shouldGiveTheRunsRefusalOfATraceRowWithItsLine() throws Exception {
        // Line 1 a header, line 2 a row whose timestamp is "NaN", which the run refuses.
        Path trace = Files.writeString(dir.resolve("t.csv"), "time,prompt,output\nNaN,100,20\n");
        assertEquals(Optional.of(trace + ":2: not a number in 'NaN,100,20'"), DataFileCheck.traceProblem(trace));
    }

    @Test
    void shouldGiveNothingForFilesTheRunReads() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), "0.0,100,20\n1.5,50,0\n");
        Path lengths = Files.writeString(dir.resolve("l.txt"), "100, 200\n300\n");
        assertEquals(Optional.empty(), DataFileCheck.traceProblem(trace));
        assertEquals(Optional.empty(), DataFileCheck.lengthsProblem(lengths));
    }

    @Test
    void shouldGiveTheRunsRefusalOfALengthListWithNoLengths() throws Exception {
        Path lengths = Files.writeString(dir.resolve("l.txt"), "# none yet\n");
        assertEquals(Optional.of(lengths + ": no lengths listed"), DataFileCheck.lengthsProblem(lengths));
    }
}
