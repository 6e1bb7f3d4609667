package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data file checked before a run gives the run's own refusal, and nothing for a file the run reads; a file checked
 * again unchanged (same size and last-modified time) is not read again, and an edited one is.
 */
class DataFileCheckTest {
    /**
     * A trace the run refuses at line 2 ("NaN" is no timestamp; a first line that is no row would be read as a header)
     * and one it reads, of the same 22 characters.
     */
    private static final String REFUSED = "0.0,100,20\nNaN,100,20\n";
    private static final String READ = "0.0,100,20\n1.0,100,20\n";

    @TempDir
    Path dir;

    /** A check of this test's own, so that no other test's answers are kept in it. */
    private final DataFileCheck check = new DataFileCheck();

    @Test
    void shouldGiveTheRunsRefusalOfATraceRowWithItsLine() throws Exception {
        // Line 1 a header, line 2 a row whose timestamp is "NaN", which the run refuses.
        Path trace = Files.writeString(dir.resolve("t.csv"), "time,prompt,output\nNaN,100,20\n");
        assertEquals(Optional.of(trace + ":2: not a number in 'NaN,100,20'"), check.traceProblem(trace));
    }

    @Test
    void shouldGiveNothingForFilesTheRunReads() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), "0.0,100,20\n1.5,50,0\n");
        Path lengths = Files.writeString(dir.resolve("l.txt"), "100, 200\n300\n");
        assertEquals(Optional.empty(), check.traceProblem(trace));
        assertEquals(Optional.empty(), check.lengthsProblem(lengths));
    }

    @Test
    void shouldGiveTheRunsRefusalOfALengthListWithNoLengths() throws Exception {
        Path lengths = Files.writeString(dir.resolve("l.txt"), "# none yet\n");
        assertEquals(Optional.of(lengths + ": no lengths listed"), check.lengthsProblem(lengths));
    }

    @Test
    void shouldNotReadAFileAgainUntilItsModifiedTimeChanges() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), REFUSED);
        Optional<String> refusal = refusal(trace);
        assertEquals(refusal, check.traceProblem(trace));
        // Rows the run reads in their place, the size and the time as they were: the answer is the kept one, so the
        // file was not read again.
        rewriteKeepingSizeAndTime(trace, READ);
        assertEquals(refusal, check.traceProblem(trace));
        // Touched a second later: read again, and now the run reads it.
        Files.setLastModifiedTime(trace, FileTime.fromMillis(Files.getLastModifiedTime(trace).toMillis() + 1000));
        assertEquals(Optional.empty(), check.traceProblem(trace));
    }

    @Test
    void shouldGiveAnEditedFilesNewRefusal() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), "0.0,100,20\n");
        assertEquals(Optional.empty(), check.traceProblem(trace));
        // A second row appended, which the run refuses (the file grows, whatever its time).
        Files.writeString(trace, REFUSED);
        assertEquals(refusal(trace), check.traceProblem(trace));
    }

    @Test
    void shouldKeepTheAnswersOfTheLastFilesCheckedOnly() throws Exception {
        Path first = Files.writeString(dir.resolve("first.csv"), REFUSED);
        Path again = Files.writeString(dir.resolve("again.csv"), REFUSED);
        check.traceProblem(first);
        check.traceProblem(again);
        rewriteKeepingSizeAndTime(first, READ);
        rewriteKeepingSizeAndTime(again, READ);
        // CACHED_FILES − 1 other files checked after them leave the cache full, 'first' and older answers let go;
        // 'again' checked once more is the most recently used, so one more file lets go of the first of the others,
        // not of 'again' (as a first-in, first-out cache would): 'first' is read anew, 'again' answered as kept.
        for (int other = 0; other < DataFileCheck.CACHED_FILES - 1; other++) {
            check.traceProblem(Files.writeString(dir.resolve(other + ".csv"), READ));
        }
        check.traceProblem(again);
        check.traceProblem(Files.writeString(dir.resolve("last.csv"), READ));
        assertEquals(Optional.empty(), check.traceProblem(first));
        assertEquals(refusal(again), check.traceProblem(again));
    }

    @Test
    void shouldKeepEachChecksAnswersToItself() throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), REFUSED);
        assertEquals(refusal(trace), check.traceProblem(trace));
        rewriteKeepingSizeAndTime(trace, READ);
        // Another check (another language server's, another test's) has kept nothing: it reads the rows now there,
        // which the run reads, while this one answers as it kept.
        assertEquals(Optional.empty(), new DataFileCheck().traceProblem(trace));
        assertEquals(refusal(trace), check.traceProblem(trace));
    }

    /** The run's refusal of {@link #REFUSED} written to {@code trace}. */
    private static Optional<String> refusal(Path trace) {
        return Optional.of(trace + ":2: not a number in 'NaN,100,20'");
    }

    /** Writes {@code text}, of the file's length, and sets the file's last-modified time back to what it was. */
    private static void rewriteKeepingSizeAndTime(Path file, String text) throws Exception {
        FileTime modified = Files.getLastModifiedTime(file);
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, modified);
    }
}
