package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A model that imports a package defined in another folder of its workspace. */
class WorkspaceCliTest {

    /** {@code root/lib/clusters.fabric} defines package lib; {@code root/app/bench.fabric} imports it. */
    private static Path workspace(Path root) throws Exception {
        Files.createDirectories(root.resolve("lib"));
        Files.createDirectories(root.resolve("app"));
        Files.writeString(root.resolve("lib/clusters.fabric"), """
                package lib
                cluster Pair { nodes 2 x 4 accelerators link 400 Gb/s latency 1 us }
                """);
        Files.writeString(root.resolve("app/bench.fabric"), """
                package app
                import lib.*
                benchmark Ring { all-reduce ring on Pair sizes 1 MiB }
                """);
        return root.resolve("app/bench.fabric");
    }

    @Test
    void shouldResolveAnImportFromAnotherFolderOfTheMarkedWorkspace(@TempDir Path root) throws Exception {
        Path model = workspace(root);
        Files.writeString(root.resolve(".fabric-workspace"), "");
        CliRun outcome = CliRun.fabric("simulate", model.toString());
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("app.Ring"), outcome.out());
    }

    @Test
    void shouldResolveAnImportFromTheWorkspaceGivenOnTheCommandLine(@TempDir Path root) throws Exception {
        Path model = workspace(root);
        assertEquals(ExitCodes.OK, CliRun.fabric("validate", "--workspace", root.toString(), model.toString()).exitCode());
    }

    @Test
    void shouldNameTheLoadedFilesAndTheMissingPackageWhenAnImportDoesNotResolve(@TempDir Path root) throws Exception {
        Path model = workspace(root);
        CliRun outcome = CliRun.fabric("simulate", model.toString());
        assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode());
        // Without a marker, a .git or --workspace, the workspace is the model's own folder.
        assertTrue(outcome.err().contains("No cluster named 'Pair' is visible here.")
                && outcome.err().contains("Loaded from workspace " + root.resolve("app") + " (1 model file(s)): bench.fabric.")
                && outcome.err().contains("No file there declares package lib, which this file imports")
                && outcome.err().contains("--workspace DIR"), outcome.err());
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }

    /**
     * 'fabric.catalog.nvidai' is the catalog's nvidia misspelt (its import's warning says so): the unresolved name's
     * hint no longer sends the user looking for a workspace file that declares it.
     */
    @Test
    void shouldNotAskForAFileDeclaringAMisspeltCatalogPackage(@TempDir Path root) throws Exception {
        Path model = root.resolve("box.fabric");
        Files.writeString(model, """
                package app
                import fabric.catalog.nvidai.*
                node Box { accelerators 8 x H100_SXM scale-up NVLink4 switched domain 8 switches 4 x NVLinkSwitch4 }
                """);
        CliRun outcome = CliRun.fabric("validate", model.toString());
        assertEquals(ExitCodes.MODEL_ERRORS, outcome.exitCode());
        String printed = outcome.out() + outcome.err();
        assertTrue(printed.contains("No switch named 'NVLinkSwitch4' is visible here.")
                && printed.contains("Did you mean 'import fabric.catalog.nvidia.*'?"), printed);
        assertFalse(printed.contains("No file there declares package"), printed);
    }

    @Test
    void shouldLeaveErrorsOfFilesTheModelDoesNotUseOutOfIt(@TempDir Path root) throws Exception {
        Path model = workspace(root);
        Files.writeString(root.resolve(".fabric-workspace"), "");
        Files.createDirectories(root.resolve("scratch"));
        Files.writeString(root.resolve("scratch/broken.fabric"), "package scratch\ncluster { }\n");
        assertEquals(ExitCodes.OK, CliRun.fabric("validate", model.toString()).exitCode());
    }
}
