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

/** Runs every program the build generated from the examples, through its own main. */
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
        int exit = ProgramMain.run(study, new String[] { "--json", json.toString() },
                new PrintStream(console, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, exit);
        String table = console.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains(study.workloads().get(0).name()), table);
        assertTrue(Files.readString(json).contains("\"runs\""));
    }

    private static String className(Path source) {
        String relative = GENERATED.relativize(source).toString();
        return relative.substring(0, relative.length() - ".java".length()).replace('/', '.');
    }
}
