package org.fabricsim.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fabricsim.runtime.ProgramMain;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every program the build generated from the examples (one per study, and per workload no
 * study covers), through its own main, with every report the program can write. A run the engine
 * does not simulate yet is reported as failed by the program, with its reason, and does not fail
 * the build; a program that crashes or writes no result does.
 */
class GeneratedProgramsTest {
    private static final Path GENERATED = Path.of(System.getProperty("fabricsim.generated"));

    @TempDir
    Path output;

    @TestFactory
    Stream<DynamicTest> shouldRunEveryGeneratedExampleProgram() throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(GENERATED)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertFalse(sources.isEmpty(), "the build generated no programs from the examples");
        return sources.stream().map(source -> DynamicTest.dynamicTest(GENERATED.relativize(source).toString(),
                () -> runProgram(className(source))));
    }

    private void runProgram(String className) throws Exception {
        StudySpec study = (StudySpec) Class.forName(className).getMethod("study").invoke(null);
        Path json = output.resolve(className + ".json");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path csv = output.resolve(className + ".csv");
        Path html = output.resolve(className + ".html");
        Path trace = output.resolve(className + ".trace.json");
        int exit = ProgramMain.run(study, new String[] { "--json", json.toString(), "--csv", csv.toString(), "--html",
                html.toString(), "--trace", trace.toString() }, new PrintStream(console, true, StandardCharsets.UTF_8),
                System.err);
        assertEquals(0, exit);
        String table = console.toString(StandardCharsets.UTF_8);
        System.out.print(table);
        assertTrue(table.contains(study.name()), table);
        assertTrue(Files.readString(json).contains("\"runs\""));
        // One CSV row per run after the header; a search's runs are the plans it refined.
        if (study.search() == null) {
            assertEquals(study.runCount() + 1, Files.readAllLines(csv).size());
        } else {
            assertTrue(Files.readAllLines(csv).size() > 1);
        }
        assertTrue(Files.readString(html).contains(study.name()));
        assertTrue(Files.readString(trace).contains("\"traceEvents\""));
    }

    private static String className(Path source) {
        String relative = GENERATED.relativize(source).toString();
        return relative.substring(0, relative.length() - ".java".length()).replace('/', '.');
    }
}
