package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabric draw} writes the picture of a model's cluster, and says what to do when there is none to draw. */
class DrawCommandTest {
    private static final Path HPN = Models.EXAMPLES.resolve("topologies").resolve("alibaba-hpn.fabric");

    @TempDir
    Path dir;

    @Test
    void shouldDrawBothPlanesOfTheHpnExample() throws Exception {
        Path svg = dir.resolve("hpn.svg");
        CliRun run = CliRun.fabric("draw", HPN.toString(), "-o", svg.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        String picture = Files.readString(svg);
        // 2 planes; per plane 8 rails x 15 ToRs (1,920 hosts / 128 per ToR) and 64 spines
        assertEquals(2, picture.split("class=\"plane\"", -1).length - 1);
        assertTrue(picture.contains("data-role=\"leaf\" data-switches=\"120\""), picture);
        assertTrue(picture.contains("data-role=\"spine\" data-switches=\"64\""), picture);
    }

    @Test
    void shouldNameTheClustersWhenTheOneAskedForIsMissing() throws Exception {
        CliRun run = CliRun.fabric("draw", HPN.toString(), "--cluster", "Nope", "-o", dir.resolve("x.svg").toString());
        assertEquals(ExitCodes.MODEL_ERRORS, run.exitCode());
        assertTrue(run.err().contains("no cluster named 'Nope' to draw"), run.err());
    }
}
