package org.fabricsim.dsl.ide.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A file the fuzzing mutates: its name, its text, the files it may use (by name; a data file by its path
 * relative to the model, such as {@code traces/day1.csv}), and whether a mutant of it is worth simulating.
 * The corpus is every example, every {@code docs/diagnostics} file and every corrected one in
 * {@code docs/diagnostics/fixed}, and the broken models of {@code docs/syntax-errors}. An example uses the files of its folder and of the packages it imports,
 * transitively (as {@code fabric} loads them, e.g. {@code deepseek-v3-serving} imports {@code deepseek.v3});
 * a corrected diagnostics file uses the data files beside it.
 */
record Source(String name, String text, Map<String, String> siblings, boolean simulable) {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([A-Za-z_][\\w.]*)");
    private static final Pattern IMPORT = Pattern.compile("(?m)^\\s*import\\s+([A-Za-z_][\\w.]*?)(?:\\.\\*)?\\s*$");
    /** A top-level run: a file without one has "nothing to simulate". */
    private static final Pattern RUN = Pattern.compile("(?m)^\\s*(benchmark|training|inference|study)\\b");
    private static final Pattern SEARCH = Pattern.compile("search (maximize|minimize)");

    static List<Source> corpus() throws IOException {
        Path examples = Path.of("..", "examples");
        Path diagnostics = Path.of("..", "docs", "diagnostics");
        List<Source> corpus = new ArrayList<>();
        Map<Path, String> exampleTexts = texts(examples);
        for (Map.Entry<Path, String> example : exampleTexts.entrySet()) {
            String text = example.getValue();
            // A search simulates many plans on its cluster (minutes at 16K GPUs): validated, not simulated.
            boolean simulable = RUN.matcher(text).find() && !SEARCH.matcher(text).find();
            corpus.add(new Source(example.getKey().getFileName().toString(), text, uses(example.getKey(),
                    exampleTexts), simulable));
        }
        for (Map.Entry<Path, String> file : texts(diagnostics).entrySet()) {
            Path folder = file.getKey().getParent();
            boolean fixed = folder.getFileName().toString().equals("fixed");
            Map<String, String> data = fixed ? dataFiles(folder, file.getValue()) : Map.of();
            // A corrected file runs on a few accelerators in about a second, its searches on tiny spaces.
            corpus.add(new Source(file.getKey().getFileName().toString(), file.getValue(), data,
                    fixed && RUN.matcher(file.getValue()).find()));
        }
        // The typical broken models of docs/syntax-errors, mutated further: syntax errors of every class
        for (Map.Entry<Path, String> broken : texts(Path.of("..", "docs", "syntax-errors")).entrySet()) {
            corpus.add(new Source(broken.getKey().getFileName().toString(), broken.getValue(), Map.of(), false));
        }
        return corpus;
    }

    /** The other files {@code model} loads with: its folder's, and those declaring the packages it imports. */
    private static Map<String, String> uses(Path model, Map<Path, String> texts) {
        Map<String, String> used = new LinkedHashMap<>();
        Deque<String> imports = new ArrayDeque<>(all(IMPORT, texts.get(model)));
        List<String> seen = new ArrayList<>();
        for (Map.Entry<Path, String> other : texts.entrySet()) {
            if (!other.getKey().equals(model) && other.getKey().getParent().equals(model.getParent())) {
                used.put(other.getKey().getFileName().toString(), other.getValue());
                imports.addAll(all(IMPORT, other.getValue()));
            }
        }
        while (!imports.isEmpty()) {
            String imported = imports.poll();
            if (seen.contains(imported)) {
                continue;
            }
            seen.add(imported);
            for (Map.Entry<Path, String> other : texts.entrySet()) {
                String name = other.getKey().getFileName().toString();
                if (!name.equals(model.getFileName().toString()) && all(PACKAGE, other.getValue()).contains(imported)
                        && used.putIfAbsent(name, other.getValue()) == null) {
                    imports.addAll(all(IMPORT, other.getValue()));
                }
            }
        }
        return used;
    }

    private static List<String> all(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    /** The files under {@code folder} that {@code text} names, by their paths relative to the folder. */
    private static Map<String, String> dataFiles(Path folder, String text) throws IOException {
        Map<String, String> data = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(p -> Files.isRegularFile(p) && !p.toString().endsWith(".fabric")).sorted()
                    .toList()) {
                String path = folder.relativize(file).toString();
                if (text.contains('"' + path + '"')) {
                    data.put(path, Files.readString(file, StandardCharsets.UTF_8));
                }
            }
        }
        return data;
    }

    private static Map<Path, String> texts(Path folder) throws IOException {
        Map<Path, String> texts = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".fabric") && !p.toString().contains("target"))
                    .sorted().toList()) {
                texts.put(file, Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return texts;
    }
}
