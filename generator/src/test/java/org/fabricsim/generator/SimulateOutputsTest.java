package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code simulate}'s outputs are checked before anything runs or is written (issue 21 F1–F3). */
class SimulateOutputsTest {

    @TempDir
    Path dir;

    private Path model() throws Exception {
        return Files.copy(Models.QUICKSTART, dir.resolve("ring.fabric"));
    }

    private static void assertRefused(CliRun outcome, String message) {
        assertEquals(ExitCodes.USAGE, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains(message), outcome.err());
        assertFalse(outcome.out().contains("busbw"), "refused before simulating");
    }

    @Test
    void shouldRefuseTwoOutputsOnOnePathBeforeWritingAny() throws Exception {
        Path both = dir.resolve("out.txt");
        assertRefused(CliRun.fabric("simulate", model().toString(), "--json", both.toString(), "--html", both.toString()),
                "--json and --html both write " + both);
        assertFalse(Files.exists(both));
    }

    @Test
    void shouldNeverWriteTheResultOverTheModel() throws Exception {
        Path model = model();
        String text = Files.readString(model);
        assertRefused(CliRun.fabric("simulate", model.toString(), "--json", model.toString(), "--force"),
                "--json " + model + " is the model itself");
        assertEquals(text, Files.readString(model));
    }

    @Test
    void shouldRefuseAFolderOrAReadOnlyOutputBeforeSimulating() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("results"));
        assertRefused(CliRun.fabric("simulate", model().toString(), "--json", folder.toString()), "is a folder");
        Path locked = Files.writeString(dir.resolve("locked.json"), "{}");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r--r--r--"));
        assertRefused(CliRun.fabric("simulate", dir.resolve("ring.fabric").toString(), "--json", locked.toString(),
                "--force"), "is read-only");
    }

    /**
     * A result is written beside its name and renamed into place (so a call killed mid-write leaves no half-written
     * file under the user's name): afterwards the folder holds only the model and the results, a new result has the
     * permissions any new file gets there, and {@code --force} through a symbolic link keeps the link.
     */
    @Test
    void shouldRenameEachWholeResultIntoPlaceAndLeaveNothingBeside() throws Exception {
        Path model = model();
        Path json = dir.resolve("run.json");
        Path target = Files.writeString(dir.resolve("kept.csv"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), target.getFileName());
        CliRun outcome = CliRun.fabric("simulate", model.toString(), "--json", json.toString(), "--csv",
                link.toString(), "--force");
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(Files.readString(json).startsWith("{"), "the JSON is whole");
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertTrue(Files.readString(target).lines().count() > 1, "the CSV replaced the old text through the link");
        Path plain = Files.createFile(dir.resolve("plain"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(json));
        try (var files = Files.list(dir)) {
            assertEquals(java.util.List.of("kept.csv", "link.csv", "plain", "ring.fabric", "run.json"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }
}
