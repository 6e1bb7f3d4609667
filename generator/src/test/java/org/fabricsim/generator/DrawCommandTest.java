package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    void shouldDrawWhereEachTrainingJobsGroupsLandBesideTheModel() throws Exception {
        // PaLM on two TPU v4 pods: 1,536 hosts of 4 chips, a 12 x 16 x 32 torus, 'tensor 12 data 512 across 2 pods'.
        // TP {0..11}: hosts ⌊i/4⌋ = 3, 12 chips with no scale-up domain, torus dimension 0 (stride 1, size 12).
        // DP {12i, i < 512}: host 3i, 512 hosts; pod ⌊12i / 3072⌋ = ⌊i / 256⌋, both pods, 256 ways in each.
        Path model = dir.resolve("palm.fabric");
        Files.copy(Models.EXAMPLES.resolve("topologies").resolve("palm-two-pods.fabric"), model);
        CliRun run = CliRun.fabric("draw", model.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("TwoPods.svg") && run.out().contains("PaLM540BTraining.svg"), run.out());
        String groups = Files.readString(dir.resolve("PaLM540BTraining.svg"));
        assertEquals("TP|12|1|3|12|1 of 2|ICI torus dimension 0 (its rings)|", row(groups, "TP"));
        assertEquals("DP|512|12|512|512|2 of 2|ICI inside a pod (256 ways), data-centre network DCN across 2 pods|",
                row(groups, "DP"));
    }

    /** The text cells of one axis's row of a groups picture, joined by '|'. */
    private static String row(String svg, String axis) {
        Matcher m = Pattern.compile("data-axis=\"" + axis + "\">(.*?)</g>", Pattern.DOTALL).matcher(svg);
        assertTrue(m.find(), axis + " row in " + svg);
        return m.group(1).strip().replaceAll("(?s)<text[^>]*>(.*?)</text>\\s*", "$1|");
    }

    @Test
    void shouldNameTheClustersWhenTheOneAskedForIsMissing() throws Exception {
        CliRun run = CliRun.fabric("draw", HPN.toString(), "--cluster", "Nope", "-o", dir.resolve("x.svg").toString());
        assertEquals(ExitCodes.MODEL_ERRORS, run.exitCode());
        assertTrue(run.err().contains("no cluster named 'Nope' to draw"), run.err());
    }
}
