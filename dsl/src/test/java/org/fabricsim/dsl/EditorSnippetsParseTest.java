package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * The VS Code extension's snippets (vscode/snippets/fabric.json) insert text the language parses: every snippet,
 * expanded once per offered choice of each choice placeholder ({@code ${n|a,b|}}), with the other placeholders at
 * their defaults, parses without a syntax error. Names the snippet leaves for the user ({@code Cluster},
 * {@code Model}) may stay unresolved; a keyword the grammar lacks (the benchmark snippet once offered {@code tree})
 * may not.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class EditorSnippetsParseTest {
    private static final Path SNIPPETS = Path.of("../vscode/snippets/fabric.json");
    /** One snippet: its name, then its body lines as JSON strings. */
    private static final Pattern SNIPPET = Pattern.compile("\"([a-z-]+)\"\\s*:\\s*\\{[^{}]*?\"body\"\\s*:\\s*\\[(.*?)\\]",
            Pattern.DOTALL);
    private static final Pattern LINE = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern CHOICE = Pattern.compile("\\$\\{(\\d+)\\|([^|}]*)\\|\\}");
    private static final Pattern DEFAULT = Pattern.compile("\\$\\{\\d+:([^}]*)\\}");

    @Inject
    private ParseHelper<Model> parser;

    @Test
    void shouldParseEverySnippetWithEveryChoiceItOffers() throws Exception {
        Map<String, String> bodies = bodies();
        // The extension ships five snippets: cluster, training, inference, benchmark, study.
        assertEquals(List.of("cluster", "training", "inference", "benchmark", "study"), List.copyOf(bodies.keySet()));
        List<String> broken = new ArrayList<>();
        for (Map.Entry<String, String> snippet : bodies.entrySet()) {
            for (String expansion : expansions(snippet.getValue())) {
                Model model = parser.parse("import fabric.catalog.nvidia.*\n" + expansion);
                for (INode error : syntaxErrors(model)) {
                    broken.add(snippet.getKey() + ": '" + error.getText().strip() + "' "
                            + error.getSyntaxErrorMessage().getMessage() + " in\n" + expansion);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void shouldOfferTheBenchmarkEveryOperationTheLanguageHas() throws Exception {
        String benchmark = bodies().get("benchmark");
        Matcher operations = CHOICE.matcher(benchmark);
        assertTrue(operations.find(), "the benchmark snippet offers its operations as a choice");
        List<String> offered = List.of(operations.group(2).split(","));
        // The grammar's CollectiveOperation, in its order: nine operations.
        assertEquals(List.of("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "broadcast", "reduce",
                "send-recv", "gather", "scatter"), offered);
    }

    private static Iterable<INode> syntaxErrors(Model model) {
        return ((org.eclipse.xtext.resource.XtextResource) model.eResource()).getParseResult().getSyntaxErrors();
    }

    /** The snippets by name, in file order, each body's lines joined by newlines with JSON escapes undone. */
    private static Map<String, String> bodies() throws IOException {
        String json = Files.readString(SNIPPETS, StandardCharsets.UTF_8);
        Map<String, String> bodies = new LinkedHashMap<>();
        Matcher snippet = SNIPPET.matcher(json);
        while (snippet.find()) {
            StringBuilder body = new StringBuilder();
            Matcher line = LINE.matcher(snippet.group(2));
            while (line.find()) {
                body.append(line.group(1).replace("\\\"", "\"").replace("\\\\", "\\")).append('\n');
            }
            bodies.put(snippet.group(1), body.toString());
        }
        return bodies;
    }

    /** One text per choice of every choice placeholder (the others at their first choice), defaults filled in. */
    private static List<String> expansions(String body) {
        List<String> texts = new ArrayList<>();
        Matcher choices = CHOICE.matcher(body);
        List<String[]> options = new ArrayList<>();
        while (choices.find()) {
            options.add(choices.group(2).split(","));
        }
        texts.add(expand(body, -1, 0));
        for (int placeholder = 0; placeholder < options.size(); placeholder++) {
            for (int choice = 1; choice < options.get(placeholder).length; choice++) {
                texts.add(expand(body, placeholder, choice));
            }
        }
        return texts;
    }

    private static String expand(String body, int placeholder, int choice) {
        Matcher choices = CHOICE.matcher(body);
        StringBuilder text = new StringBuilder();
        int index = 0;
        while (choices.find()) {
            String[] options = choices.group(2).split(",");
            choices.appendReplacement(text, Matcher.quoteReplacement(options[index++ == placeholder ? choice : 0]));
        }
        choices.appendTail(text);
        return DEFAULT.matcher(text.toString()).replaceAll(m -> Matcher.quoteReplacement(m.group(1)))
                .replace("$0", "");
    }
}
