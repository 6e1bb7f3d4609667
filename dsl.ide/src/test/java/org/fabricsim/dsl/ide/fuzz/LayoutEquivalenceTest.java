package org.fabricsim.dsl.ide.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.StringInputStream;
import org.fabricsim.dsl.FabricStandaloneSetup;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

class LayoutEquivalenceTest {
    private static final Pattern WHITESPACE = Pattern.compile("[ \\t\\r\\n]+");
    private static final String[] LAYOUTS = {" ", "", "\n", "\n\n\n", "\t ", "  \n      ", "\r\n", " \r\n\r\n  ",
        "   ", "\n  \n", "\r", " /* c */ ", "\n/* c */\n", "// c\n", "\n  // c\n", " /* a\n   * b\n */ ", "\n/*\n x\n\n*/",
        "//\n", "//x\n  ", "\n    //   \n", "/**/", " /* a\r\n b */\r\n", "// c\r\n", "\n\t/* x */ // y\n"};

    private final Injector injector = new FabricStandaloneSetup().createInjectorAndDoEMFRegistration();
    private final CanonicalText canonical = injector.getInstance(CanonicalText.class);

    @Test
    void shouldLayOutEveryCorpusFileAndItsScramblesAsXtextsFormatterDid() throws Exception {
        List<String> inputs = new ArrayList<>();
        for (Source source : Source.corpus()) {
            inputs.add(source.text());
        }
        try (Stream<Path> catalog = Files.walk(Path.of("..", "dsl", "src", "main", "resources", "fabric"))) {
            for (Path file : catalog.filter(p -> p.toString().endsWith(".fabric")).toList()) {
                inputs.add(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        Random random = new Random(21);
        Mutator mutator = new Mutator(21);
        int originals = inputs.size();
        for (int i = 0; i < originals; i++) {
            for (int k = 0; k < 12; k++) {
                inputs.add(scramble(inputs.get(i), random, 0.05 + 0.1 * k));
            }
            for (int k = 0; k < 20; k++) {
                inputs.add(mutator.mutate(inputs.get(i)));
            }
        }
        int compared = 0;
        int legacyFailed = 0;
        int unstable = 0;
        List<String> different = new ArrayList<>();
        for (String input : inputs) {
            XtextResource resource = load(input);
            if (!CanonicalText.formattable(resource) || resource.getContents().isEmpty()) {
                continue;
            }
            String legacy;
            try {
                legacy = canonical.legacyOf(resource);
            } catch (RuntimeException e) {
                legacyFailed++;
                continue;
            }
            compared++;
            String linear = canonical.of(resource);
            XtextResource again = load(linear);
            if (CanonicalText.formattable(again) && !canonical.of(again).equals(linear) && unstable++ < 6) {
                System.out.println("NOT IDEMPOTENT\n--- input ---\n" + visible(input) + "\n--- once ---\n"
                        + visible(linear) + "\n--- twice ---\n" + visible(canonical.of(again)) + "\n---");
            }
            if (!legacy.equals(linear) && different.size() < 5) {
                different.add("--- input ---\n" + visible(input) + "\n--- legacy ---\n" + visible(legacy)
                        + "\n--- linear ---\n" + visible(linear));
            } else if (!legacy.equals(linear)) {
                different.add("");
            }
        }
        System.out.printf("layout equivalence: %d inputs, %d compared, %d legacy failures, %d different, %d unstable%n",
                inputs.size(), compared, legacyFailed, different.size(), unstable);
        assertEquals(List.of(), different.stream().filter(d -> !d.isEmpty()).toList(), different.size() + " differ");
    }

    private static String scramble(String text, Random random, double probability) {
        Matcher matcher = WHITESPACE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String replacement = random.nextDouble() < probability ? LAYOUTS[random.nextInt(LAYOUTS.length)]
                    : matcher.group();
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private XtextResource load(String text) throws Exception {
        XtextResourceSet set = injector.getInstance(XtextResourceSet.class);
        XtextResource resource = (XtextResource) set.createResource(URI.createURI("equivalence/model.fabric"));
        resource.load(new StringInputStream(text, StandardCharsets.UTF_8.name()), null);
        return resource;
    }

    private static String visible(String text) {
        return text.replace("\r", "\\r").replace("\t", "\\t");
    }
}
