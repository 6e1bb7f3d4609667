package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The docs name code that exists: every backticked {@code `Type`}, {@code `Type.member`} or
 * {@code `Type#member`} (a trailing argument list allowed) in README.md and docs/*.md, outside code
 * fences, whose type looks like a Java type (a capital, then at least one lower-case letter) names a
 * class, interface, enum or record declared in the project's Java or Xtend sources (main or test, any
 * module) or a rule of the grammar, and its member, when given, is a word of the file that declares
 * the type. A developer following the docs to the code then finds it.
 *
 * <p>Not the project's, and so not checked: the JDK's types (looked up by reflection), names written
 * in the DSL (every word of a {@code .fabric} model, of a fenced model in the docs, of a test's text
 * block or Xtend template, and the grammar's keywords, units such as {@code GiB} among them), members
 * in Python's snake_case (Megatron, vLLM, PyTorch), file names ({@code Name.java}), and other projects'
 * code cited as a source ({@code docs-foreign-names.txt}, by source).
 *
 * <p>History keeps old names in two ways: a name right after "then " is a former one given as such
 * ("{@code `AdmittedQueues.spreadOver`, then `TopologyContention.queueMembers`}"), and code that was
 * built and not kept, or withdrawn, sits in {@link #HISTORICAL} with its reason.
 */
class DocsCodeNamesTest {
    /** Names the docs keep although the sources do not have them, by why. */
    private static final Map<String, List<String>> HISTORICAL = Map.of(
            "built in a session, measured and not kept (a branch or a scratch build); the entry says so and why",
            List.of("MscclAllPairs", "MscclAllPairs.applies", "MscclAllPairsTest", "Algorithm.MSCCL_ALL_PAIRS",
                    "Algorithm.named()", "Fp8Scaling.CURRENT", "Fp8Operands.CURRENT", "Device.forServing",
                    "KernelLatencyFitTest", "DcqcnDelays", "BehaviourStep", "LonePair", "LonePairTest",
                    "LoneClasses.finish", "Postponer", "Simulation.schedulePostponable", "EventQueue.postponeHead",
                    "PostponedEventsTest", "DecodeRuns.extend", "ReadyCaches", "Simulation.scheduleAside",
                    "UnchangedInputs", "FixLog.fillStart"),
            "merged, then withdrawn or reverted; the entry says so and why",
            List.of("TolerantKeep", "TolerantKeepTest", "ContentionDerating.dropStanding", "KeptComponents.dropWhole",
                    "QuietFill", "SlowerPrefix", "SlowerPrefixTest", "StaleLinksTest"),
            "removed by the change its entry reports, whose profile names the code it measured",
            List.of("Replicas.compactRunning"));
    /** A former name the docs give as such: "{@code (then `Old`)}". */
    private static final Pattern FORMERLY = Pattern.compile("then $");
    private static final Pattern FENCE = Pattern.compile("^\\s*```(\\w*)");
    private static final Pattern SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern REFERENCE = Pattern
            .compile("([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:[.#]([A-Za-z_]\\w*))?(?:\\(.*\\))?");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z]\\w*)");
    private static final Pattern GRAMMAR_RULE = Pattern
            .compile("(?m)^(?:enum\\s+)?([A-Z]\\w*)\\s*(?:returns\\s+\\w+\\s*)?:");
    private static final Pattern GRAMMAR_KEYWORD = Pattern.compile("'([A-Za-z]\\w*)'");
    private static final Pattern WORD = Pattern.compile("\\b[A-Z]\\w*");
    /** A Java text block or an Xtend template: the tests' models. */
    private static final Pattern TEXT_BLOCK = Pattern.compile("\"\"\"(.*?)\"\"\"|'''(.*?)'''", Pattern.DOTALL);
    private static final Pattern SNAKE_CASE = Pattern.compile("_?[a-z0-9]+(?:_[a-z0-9]+)+|_\\w+");
    private static final List<String> JDK_PACKAGES = List.of("java.lang.", "java.util.", "java.util.concurrent.",
            "java.util.zip.", "java.io.", "java.nio.file.", "java.nio.channels.spi.", "java.lang.management.");
    /** A "member" that makes the span a file name, which DocsLinksTest's links cover, not a member. */
    private static final Set<String> FILE_EXTENSIONS = Set.of("java", "xtend", "xtext", "fabric", "md", "csv", "json",
            "txt", "yml", "yaml", "xml", "py", "sh");
    /** Fence languages that hold no DSL: their words are not model names. */
    private static final Set<String> FOREIGN_FENCES = Set.of("sh", "java", "xml", "csv");

    @Test
    void shouldNameOnlyCodeThatExistsInTheDocs() throws IOException {
        Path root = RepositoryPathsTest.repositoryRoot();
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        Sources sources = Sources.of(root, pages);
        Set<String> foreign = foreignNames();
        List<String> dangling = new ArrayList<>();
        Set<String> historical = new HashSet<>();
        HISTORICAL.values().forEach(historical::addAll);
        Set<String> historicalSeen = new HashSet<>();
        int checked = 0;
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean code = false;
            for (int i = 0; i < lines.size(); i++) {
                if (FENCE.matcher(lines.get(i)).find()) {
                    code = !code;
                    continue;
                }
                Matcher span = SPAN.matcher(lines.get(i));
                while (!code && span.find()) {
                    Matcher reference = REFERENCE.matcher(span.group(1));
                    if (!reference.matches() || FORMERLY.matcher(lines.get(i).substring(0, span.start())).find()
                            || sources.notOurs(reference.group(1), reference.group(2), foreign)) {
                        continue;
                    }
                    checked++;
                    if (historical.contains(span.group(1))) {
                        historicalSeen.add(span.group(1));
                    } else if (!sources.resolves(reference.group(1), reference.group(2))) {
                        dangling.add(root.relativize(page) + ":" + (i + 1) + " `" + span.group(1) + "`");
                    }
                }
            }
        }
        // 2,992 names checked on 2026-12-07: a reading that finds far fewer has stopped reading the docs
        assertTrue(checked > 2000, "checked only " + checked + " code names");
        assertEquals(List.of(), dangling, "code names in the docs that the sources do not declare");
        assertEquals(historical, historicalSeen, "historical names the docs no longer cite");
    }

    /** The names that are not the project's code, one source a line: {@code source: Name Type ...}. */
    private static Set<String> foreignNames() throws IOException {
        try (InputStream in = DocsCodeNamesTest.class.getResourceAsStream("docs-foreign-names.txt")) {
            Set<String> names = new HashSet<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                int colon = line.indexOf(':');
                if (!line.startsWith("#") && colon > 0) {
                    names.addAll(List.of(line.substring(colon + 1).trim().split("\\s+")));
                }
            }
            return names;
        }
    }

    /** The project's declared types, the files that declare them, and the DSL's words. */
    private record Sources(Map<String, List<Path>> types, Set<String> dslWords, Map<Path, String> texts) {
        static Sources of(Path root, List<Path> pages) throws IOException {
            Sources sources = new Sources(new HashMap<>(), new HashSet<>(), new HashMap<>());
            for (Path file : CommittedFiles.under(root)) {
                sources.read(file);
            }
            for (Path page : pages) {
                boolean code = false;
                boolean model = false;
                for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
                    Matcher fence = FENCE.matcher(line);
                    if (fence.find()) {
                        model = !code && !FOREIGN_FENCES.contains(fence.group(1));
                        code = !code;
                    } else if (code && model) {
                        WORD.matcher(line).results().forEach(w -> sources.dslWords.add(w.group()));
                    }
                }
            }
            return sources;
        }

        private void read(Path file) throws IOException {
            String name = file.getFileName().toString();
            boolean java = name.endsWith(".java") || name.endsWith(".xtend");
            if (!java && !name.endsWith(".xtext") && !name.endsWith(".fabric")) {
                return;
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (name.endsWith(".fabric")) {
                WORD.matcher(text).results().forEach(w -> dslWords.add(w.group()));
                return;
            }
            texts.put(file, text);
            Matcher declared = (java ? DECLARATION : GRAMMAR_RULE).matcher(text);
            while (declared.find()) {
                types.computeIfAbsent(declared.group(1), k -> new ArrayList<>()).add(file);
            }
            Matcher block = TEXT_BLOCK.matcher(java ? text : "");
            while (block.find()) {
                WORD.matcher(block.group()).results().forEach(w -> dslWords.add(w.group()));
            }
            if (!java) {
                GRAMMAR_KEYWORD.matcher(text).results().forEach(k -> dslWords.add(k.group(1)));
            }
        }

        /**
         * Whether {@code type} (with {@code member}) is not the project's code: a file name, a Python member,
         * or a type of the JDK's, the DSL's or another project's.
         */
        boolean notOurs(String type, String member, Set<String> foreign) {
            if (member != null && (FILE_EXTENSIONS.contains(member) || SNAKE_CASE.matcher(member).matches())) {
                return true;
            }
            return !types.containsKey(type) && (jdk(type) != null || dslWords.contains(type)
                    || foreign.contains(type) || foreign.contains(type + "." + member));
        }

        boolean resolves(String type, String member) {
            if (!types.containsKey(type)) {
                return false;
            }
            Pattern word = member == null ? null : Pattern.compile("\\b" + Pattern.quote(member) + "\\b");
            return word == null || types.get(type).stream().anyMatch(f -> word.matcher(texts.get(f)).find());
        }

        private static Class<?> jdk(String type) {
            for (String pkg : JDK_PACKAGES) {
                try {
                    return Class.forName(pkg + type, false, ClassLoader.getPlatformClassLoader());
                } catch (ClassNotFoundException e) {
                    // not in this package
                }
            }
            return null;
        }
    }
}
