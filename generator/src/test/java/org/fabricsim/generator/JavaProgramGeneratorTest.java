package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class JavaProgramGeneratorTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    private final JavaProgramGenerator generator = new JavaProgramGenerator();

    @Test
    void shouldGenerateTheQuickstartProgramExactlyAsTheGoldenFile() throws IOException {
        List<GeneratedProgram> programs = generator.generate(Models.programs(Models.QUICKSTART,
                "quickstart/ring-allreduce.fabric"));
        assertEquals(1, programs.size());
        assertEquals("quickstart.RingAllReduce", programs.get(0).qualifiedName());
        assertGolden(programs.get(0));
    }

    @Test
    void shouldGenerateOneClassPerStudyAndPerWorkloadNoStudyCoversExactlyAsTheGoldenFiles() throws IOException {
        Path model = Path.of("src/test/resources/models/sweep.fabric");
        List<StudySpec> specs = Models.programs(model, "models/sweep.fabric");
        // The study Links covers Ring; Lone has no study and gets its own class.
        assertEquals(List.of("sweep.Links", "sweep.Lone"), specs.stream().map(StudySpec::name).toList());
        StudySpec sweep = specs.get(0);
        assertEquals(List.of(VariationSpec.Parameter.CLUSTER),
                sweep.variations().stream().map(VariationSpec::parameter).toList());
        // 2 clusters = 2 runs (a benchmark has no 'data' to vary: the editor rejects it).
        assertEquals(2, sweep.runCount());
        assertEquals(List.of("busbw", "cost"), sweep.report());
        assertEquals(9L, sweep.seed());
        assertEquals(StudySpec.DEFAULT_SEED, specs.get(1).seed());
        for (GeneratedProgram program : generator.generate(specs)) {
            assertGolden(program);
        }
    }

    private static void assertGolden(GeneratedProgram program) throws IOException {
        Path golden = GOLDEN.resolve(program.relativePath());
        if (Boolean.getBoolean("fabricsim.updateGolden")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, program.source());
        }
        assertEquals(Files.readString(golden), program.source(),
                "generated source differs from " + golden + "; if the change is intended, run with -Dfabricsim.updateGolden=true");
    }

    /**
     * For every example: the generated programs, compiled by javac against the runtime jar alone and
     * run in their own JVM, write the same JSON (engine counters aside) as the in-process simulation
     * of the mapped specs, run by run, failures and their reasons included.
     */
    @TestFactory
    Stream<DynamicTest> shouldRunEveryExamplesProgramsInTheirOwnJvmAndMatchTheInProcessResult(@TempDir Path dir)
            throws IOException {
        java.util.Map<String, List<StudySpec>> examples = Models.examplePrograms();
        assertFalse(examples.isEmpty());
        return examples.entrySet().stream().map(example -> DynamicTest.dynamicTest(example.getKey(), () -> {
            Path work = Files.createDirectories(dir.resolve(example.getKey().replace('/', '_')));
            assertProgramsMatchInProcess(example.getValue(), work);
        }));
    }

    private void assertProgramsMatchInProcess(List<StudySpec> specs, Path dir) throws Exception {
        assertFalse(specs.isEmpty());
        List<GeneratedProgram> programs = generator.generate(specs);
        List<String> javac = new ArrayList<>(List.of("javac", "--release", "17", "-cp", InMemoryCompiler.runtimeLocation(),
                "-d", dir.resolve("classes").toString()));
        for (GeneratedProgram program : programs) {
            Path sourceFile = dir.resolve("src").resolve(program.relativePath());
            Files.createDirectories(sourceFile.getParent());
            Files.writeString(sourceFile, program.source());
            javac.add(sourceFile.toString());
        }
        run(dir, javac.toArray(String[]::new));
        for (int i = 0; i < programs.size(); i++) {
            Path json = dir.resolve(programs.get(i).className() + ".json");
            run(dir, "java", "-cp", InMemoryCompiler.runtimeLocation() + java.io.File.pathSeparator + dir.resolve("classes"),
                    programs.get(i).qualifiedName(), "--json", json.toString());
            StudyResult inProcess = new Simulator().run(specs.get(i));
            assertEquals(withoutEngine(inProcess.toJson()), withoutEngine(Files.readString(json)),
                    programs.get(i).qualifiedName());
        }
    }

    @Test
    void shouldNotLetHostileNamesOrPathsInjectCode(@TempDir Path dir) throws Exception {
        // A shared model is untrusted input. The source name closes the header comment and
        // smuggles a unicode-escaped newline (Java decodes those even inside comments); the names
        // are Java keywords, and the package is 'class.int'.
        String hostileSource = "evil*/ static { System.exit(3); } \\u000a System.exit(4); /*\n\"+\"";
        Path model = dir.resolve("evil.fabric");
        Files.writeString(model, """
                package class.int
                cluster ^default { nodes 1 x 2 accelerators link 1 GB/s latency 1 us }
                cluster ^static { nodes 1 x 2 accelerators link 2 GB/s latency 1 us }
                benchmark ^new { all-reduce ring on ^default sizes 1 KiB }
                study ^void { simulate ^new vary cluster in [^default, ^static] report busbw seed 3 }
                """);
        List<StudySpec> specs = Models.programs(model, hostileSource);
        List<GeneratedProgram> programs = generator.generate(specs);
        GeneratedProgram program = programs.get(0);
        assertEquals("class_.int_.void_", program.qualifiedName());

        Class<?> generated = new InMemoryCompiler().compile(programs).loadClass(program.qualifiedName());
        // Only study() and main(): nothing was smuggled into the class.
        List<String> methods = Arrays.stream(generated.getDeclaredMethods()).map(Method::getName).sorted().toList();
        assertEquals(List.of("main", "study"), methods);
        // The hostile text survives as data, unchanged, and nothing else ran.
        StudySpec rebuilt = (StudySpec) generated.getMethod("study").invoke(null);
        assertEquals(specs.get(0), rebuilt);
        assertEquals(hostileSource, rebuilt.source());
        assertTrue(new Simulator().run(rebuilt).runs().stream().allMatch(r -> r.succeeded()));
    }

    private static String withoutEngine(String json) {
        JsonObject root = JsonParser.parseString(json).getAsJsonObject();
        for (JsonElement run : root.getAsJsonArray("runs")) {
            run.getAsJsonObject().remove("engine");
        }
        for (JsonElement study : root.getAsJsonArray("studies")) {
            JsonObject search = study.getAsJsonObject().getAsJsonObject("search");
            if (search != null) {
                search.remove("seconds"); // a search's stage times are wall times, as a run's engine are
                search.remove("screenPerMinutePerCore");
            }
        }
        return root.toString();
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(List.of(command));
        full.set(0, Path.of(System.getProperty("java.home"), "bin", command[0]).toString());
        Process process = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(300, TimeUnit.SECONDS), "timed out: " + full);
        assertEquals(0, process.exitValue(), () -> String.join(" ", full) + " failed:\n" + output);
    }
}
