package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Model files the command line is given as a user's scripts give them (issue 21 C7, C9, C10, F9–F11):
 * unreadable, a folder, not UTF-8, with a byte-order mark, beside broken siblings, quoting control
 * characters. Each gets a message in words and its exit code, never a stack trace.
 */
class ModelFilesCliTest {
    private static final String PAIR = "cluster Pair { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }\n";

    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.write(file, bytes);
    }

    private Path write(String name, String text) throws Exception {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertNoStackTrace(CliRun outcome) {
        String all = outcome.out() + outcome.err();
        assertFalse(all.contains("Exception") || all.contains("\tat "), all);
    }

    @Test
    void shouldAcceptAFileThatStartsWithAByteOrderMark() throws Exception {
        byte[] text = PAIR.getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, withBom, 3, text.length);
        CliRun outcome = CliRun.fabric("validate", write("bom/pair.fabric", withBom).toString());
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.out() + outcome.err());
    }

    @Test
    void shouldRefuseALatin1FileWithTheByteOffsetAndKeepTheFolderReportAsJson() throws Exception {
        Path latin1 = write("mixed/cafe.fabric", "// caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        write("mixed/pair.fabric", PAIR);
        CliRun outcome = CliRun.fabric("validate", "--format", "json", latin1.getParent().toString());
        assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("\"file\":\"" + latin1 + "\"") || outcome.out().contains(latin1.toString()),
                outcome.out());
        assertTrue(outcome.out().contains("not UTF-8 text: byte 6 (0xE9, on line 1)"), outcome.out());
        assertNoStackTrace(outcome);
    }

    @Test
    void shouldRefuseABinaryFileAsNotText() throws Exception {
        CliRun outcome = CliRun.fabric("validate", write("bin/blob.fabric", new byte[] { 'a', 0, 'b' }).toString());
        assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode());
        assertTrue(outcome.out().contains("not text: byte 1 (on line 1) is a NUL"), outcome.out());
        assertNoStackTrace(outcome);
    }

    @Test
    void shouldNotLetAnUnusedBrokenSiblingBlockTheModel() throws Exception {
        Path model = write("folder/pair.fabric", "package work\n\n" + PAIR);
        write("folder/scratch.fabric", "package scratch\n\ncluster Broken { nodes 2 x }\n");
        CliRun validated = CliRun.fabric("validate", model.toString());
        assertEquals(ExitCodes.OK, validated.exitCode(), validated.out() + validated.err());
        assertFalse(validated.out().contains("scratch.fabric"), validated.out());
    }

    @Test
    void shouldStillReportTheErrorsOfASiblingTheModelUses() throws Exception {
        Path model = write("used/bench.fabric", "benchmark Bench { all-reduce ring on Pair sizes 1 MiB }\n");
        write("used/pair.fabric", "cluster Pair { nodes 2 x 8 accelerators link 0 Gb/s latency 1 us }\n");
        CliRun validated = CliRun.fabric("validate", model.toString());
        assertEquals(ExitCodes.MODEL_ERRORS, validated.exitCode(), validated.out());
        assertTrue(validated.out().contains("pair.fabric:1:") && validated.out().contains("fabric.value.not-positive"),
                validated.out());
    }

    @Test
    void shouldSayAFolderIsNotAModelWhenSimulateIsGivenOne() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("models"));
        CliRun outcome = CliRun.fabric("simulate", folder.toString());
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(outcome.err().contains(folder + ": a folder, not a model"), outcome.err());
    }

    @Test
    void shouldSayAnUnreadableModelCannotBeReadAndExitWithUsage() throws Exception {
        Path model = write("locked/pair.fabric", PAIR);
        Files.setPosixFilePermissions(model, PosixFilePermissions.fromString("---------"));
        assumeFalse(Files.isReadable(model), "this user (root) reads every file");
        CliRun outcome = CliRun.fabric("validate", model.toString());
        Files.setPosixFilePermissions(model, PosixFilePermissions.fromString("rw-------"));
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(outcome.err().contains(model + ": cannot be read (permission denied)"), outcome.err());
        assertNoStackTrace(outcome);
    }

    @Test
    void shouldSayAnUnreadableSubfolderCannotBeReadAndExitWithUsage() throws Exception {
        write("tree/pair.fabric", PAIR);
        Path locked = Files.createDirectories(dir.resolve("tree/locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        assumeFalse(Files.isReadable(locked), "this user (root) reads every folder");
        CliRun outcome = CliRun.fabric("validate", dir.resolve("tree").toString());
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(outcome.err().contains(locked + ": cannot read the folder (permission denied)"), outcome.err());
        assertNoStackTrace(outcome);
    }

    @Test
    void shouldEscapeControlCharactersThatAMessageQuotesFromTheModel() throws Exception {
        CliRun outcome = CliRun.fabric("validate", write("ctl/bell.fabric", "vendor \u001b[31m\u0007\n").toString());
        assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode());
        assertFalse(outcome.out().contains("\u001b") || outcome.out().contains("\u0007"), outcome.out());
        assertTrue(outcome.out().contains("\\u001b"), outcome.out());
    }
}
