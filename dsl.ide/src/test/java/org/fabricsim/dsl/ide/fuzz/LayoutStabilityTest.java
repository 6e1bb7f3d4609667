package org.fabricsim.dsl.ide.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.StringInputStream;
import org.fabricsim.dsl.FabricStandaloneSetup;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

/**
 * Formatting changes nothing the second time (issue 21), on every example and diagnostics file, on each
 * with {@code \r} line breaks, and on seeded scrambles of their layout: whitespace replaced by other
 * whitespace (line feeds, carriage returns, tabs, none) and by comments of every kind. The linear
 * formatter was checked against Xtext's formatter2, which it replaced, on 2,378 such inputs (the same
 * output on all of them); the scrambles with comments found layouts that formatter2 itself did not keep.
 */
class LayoutStabilityTest {
    private static final long SEED = 21;
    private static final int SCRAMBLES = 2;
    private static final Pattern WHITESPACE = Pattern.compile("[ \\t\\r\\n]+");
    private static final String[] LAYOUTS = {" ", "", "\n", "\n\n\n", "\t ", "  \n      ", "\r\n", "\r", "   ",
        " /* c */ ", "\n/* c */\n", "// c\n", "\n  // c\n", " /* a\n   * b\n */ ", "\n/*\n x\n\n*/", "//\n", "//x\n  ",
        "\n    //   \n", "/**/", " /* a\r\n b */\r\n", "// c\r\n", "\n\t/* x */ // y\n", " /* a\r b */\r"};

    private final Injector injector = new FabricStandaloneSetup().createInjectorAndDoEMFRegistration();
    private final CanonicalText canonical = injector.getInstance(CanonicalText.class);

    @Test
    void shouldLeaveFormattedTextAsItIsOnEveryFileItsCarriageReturnsAndScramblesOfItsLayout() throws Exception {
        Random random = new Random(SEED);
        List<String> inputs = new ArrayList<>();
        for (Source source : Source.corpus()) {
            String text = source.text();
            inputs.add(text);
            inputs.add(text.replace("\r\n", "\n").replace('\n', '\r'));
            for (int i = 0; i < SCRAMBLES; i++) {
                inputs.add(scramble(text, random));
            }
        }
        int formatted = 0;
        List<String> unstable = new ArrayList<>();
        for (String input : inputs) {
            XtextResource resource = load(input);
            if (!CanonicalText.formattable(resource) || resource.getContents().isEmpty()) {
                continue;
            }
            formatted++;
            String once = canonical.of(resource);
            XtextResource again = load(once);
            if (!CanonicalText.formattable(again) || !canonical.of(again).equals(once)) {
                unstable.add(visible(input));
            }
        }
        assertEquals(List.of(), unstable.stream().limit(3).toList(), unstable.size() + " inputs format differently twice");
        assertTrue(formatted > inputs.size() / 3, formatted + " of " + inputs.size() + " inputs parse");
    }

    /**
     * A scramble the seeded run found once the corpus grew (session 67): a doc comment followed at once by an empty
     * block comment, {@code /**}{@code /}, and the keywords run together ({@code scale-up21x}).
     */
    @Test
    void shouldFormatADocCommentFollowedByAnEmptyBlockCommentTheSameTwice() throws Exception {
        String input = "///**/The /* c */ fix: no fabric.node.mesh-ports.\nimport fabric.catalog.intel.*\n\n"
                + "/** A Gaudi-like chip with 21 scale-up ports, 3 to each of 7 peers. *//**/accelerator Odd {\n"
                + "    vendor\nIntel\n    compute  \n      bf16 100 TFLOPS\n    memory 96 GB\nbandwidth 2 TB/s\n"
                + "    scale-up21x 200 Gb/s\n}\n\nnode Box {\n    accelerators 8 x Odd\n"
                + "    scale-up Gaudi3_ScaleUp full-mesh domain 8 }\n";
        XtextResource resource = load(input);
        assertTrue(CanonicalText.formattable(resource));
        String once = canonical.of(resource);
        assertEquals(once, canonical.of(load(once)), "formatted once:\n" + once);
    }

    private static String scramble(String text, Random random) {
        double probability = 0.05 + 0.3 * random.nextDouble();
        Matcher matcher = WHITESPACE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String replacement = random.nextDouble() < probability ? LAYOUTS[random.nextInt(LAYOUTS.length)]
                    : matcher.group();
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        return matcher.appendTail(out).toString();
    }

    private XtextResource load(String text) throws Exception {
        XtextResourceSet set = injector.getInstance(XtextResourceSet.class);
        XtextResource resource = (XtextResource) set.createResource(URI.createURI("stability/model.fabric"));
        resource.load(new StringInputStream(text, StandardCharsets.UTF_8.name()), null);
        return resource;
    }

    private static String visible(String text) {
        return text.replace("\r", "\\r").replace("\t", "\\t");
    }
}
