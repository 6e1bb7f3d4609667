package org.fabricsim.dsl.ide.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A file the fuzzing mutates: its name, its text, the files beside it that it may use, and whether it is
 * small enough to simulate. The corpus is every example and every {@code docs/diagnostics} file.
 */
record Source(String name, String text, Map<String, String> siblings, boolean simulable) {
    private static final int MAX_SIMULATED_SIZE = 4_000;

    static List<Source> corpus() throws IOException {
        List<Source> corpus = new ArrayList<>();
        for (Path file : fabricFiles(Path.of("..", "examples"))) {
            Map<String, String> siblings = new LinkedHashMap<>();
            for (Path other : fabricFiles(file.getParent())) {
                if (!other.equals(file) && other.getParent().equals(file.getParent())) {
                    siblings.put(other.getFileName().toString(), Files.readString(other, StandardCharsets.UTF_8));
                }
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            // A search simulates many plans on its cluster (minutes at 16K GPUs): validated, not simulated.
            boolean quick = text.length() < MAX_SIMULATED_SIZE && !text.contains("search maximize")
                    && !text.contains("search minimize");
            corpus.add(new Source(file.getFileName().toString(), text, siblings, quick));
        }
        for (Path file : fabricFiles(Path.of("..", "docs", "diagnostics"))) {
            corpus.add(new Source(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8),
                    Map.of(), false));
        }
        return corpus;
    }

    private static List<Path> fabricFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> p.toString().endsWith(".fabric") && !p.toString().contains("target"))
                    .sorted().toList();
        }
    }
}
