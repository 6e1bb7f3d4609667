package org.fabricsim.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fabricsim.examples.ExamplePrograms.Program;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every program the build generated from the examples (one per study, and per workload no
 * study covers), through its own main, with every report the program can write. A run the engine
 * does not simulate yet is reported as failed by the program, with its reason, and does not fail
 * the build; a program that crashes or writes no result does. Whether the runs hold the examples'
 * {@code expect} lines is {@link ExampleExpectationsTest}'s, on the same runs.
 */
class GeneratedProgramsTest {
    /** The reports each program writes, by suffix; deleted once checked (a failed check leaves them to read). */
    private static final List<String> REPORTS = List.of(".json", ".csv", ".html", ".trace.json");

    @TestFactory
    Stream<DynamicTest> shouldRunEveryGeneratedExampleProgram() throws IOException {
        List<Path> sources = ExamplePrograms.sources();
        assertFalse(sources.isEmpty(), "the build generated no programs from the examples");
        return sources.stream().map(source -> DynamicTest.dynamicTest(
                ExamplePrograms.GENERATED.relativize(source).toString(), () -> check(ExamplePrograms.run(source))));
    }

    private static void check(Program program) throws IOException {
        StudySpec study = program.study();
        assertEquals(0, program.exit());
        String table = program.console();
        System.out.print(table);
        assertTrue(table.contains(study.name()), table);
        assertTrue(Files.readString(program.report(".json")).contains("\"runs\""));
        // One CSV row per run after the header; a search's runs are the plans it refined.
        List<String> csv = Files.readAllLines(program.report(".csv"));
        if (study.search() == null) {
            assertEquals(study.runCount() + 1, csv.size());
        } else {
            assertTrue(csv.size() > 1);
        }
        assertTrue(Files.readString(program.report(".html")).contains(study.name()));
        assertTrue(Files.readString(program.report(".trace.json")).contains("\"traceEvents\""));
        for (String report : REPORTS) {
            Files.delete(program.report(report));
        }
    }
}
