package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class JavaProgramGeneratorTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    private final JavaProgramGenerator generator = new JavaProgramGenerator();

    @Test
    void shouldGenerateTheQuickstartProgramExactlyAsTheGoldenFile() throws IOException {
        StudySpec study = Models.study(Models.QUICKSTART, "quickstart/ring-allreduce.fabric");
        List<GeneratedProgram> programs = generator.generate(study);
        assertEquals(1, programs.size());
        GeneratedProgram program = programs.get(0);
        assertEquals("quickstart.RingAllReduce", program.qualifiedName());
        Path golden = GOLDEN.resolve(program.relativePath());
        if (Boolean.getBoolean("fabricsim.updateGolden")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, program.source());
        }
        assertEquals(Files.readString(golden), program.source(),
                "generated source differs from " + golden + "; if the change is intended, run with -Dfabricsim.updateGolden=true");
    }

    @Test
    void shouldRunTheGeneratedProgramInItsOwnJvmWithOnlyTheRuntimeAndMatchTheInProcessResult(@TempDir Path dir)
            throws Exception {
        StudySpec study = Models.study(Models.QUICKSTART, "quickstart/ring-allreduce.fabric");
        GeneratedProgram program = generator.generate(study).get(0);
        Path sourceFile = dir.resolve("src").resolve(program.relativePath());
        Files.createDirectories(sourceFile.getParent());
        Files.writeString(sourceFile, program.source());
        Path classes = dir.resolve("classes");
        String runtime = InMemoryCompiler.runtimeLocation();
        run(dir, "javac", "--release", "17", "-cp", runtime, "-d", classes.toString(), sourceFile.toString());
        Path json = dir.resolve("result.json");
        run(dir, "java", "-cp", runtime + java.io.File.pathSeparator + classes, program.qualifiedName(), "--json",
                json.toString());

        StudyResult inProcess = new Simulator().run(study);
        assertEquals(withoutEngine(inProcess.toJson()), withoutEngine(Files.readString(json)));
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
                benchmark ^new { all-reduce ring on ^default sizes 1 KiB }
                """);
        StudySpec study = Models.study(model, hostileSource);
        List<GeneratedProgram> programs = generator.generate(study);
        GeneratedProgram program = programs.get(0);
        assertEquals("class_.int_.new_", program.qualifiedName());

        Class<?> generated = new InMemoryCompiler().compile(programs).loadClass(program.qualifiedName());
        // Only study() and main(): nothing was smuggled into the class.
        List<String> methods = Arrays.stream(generated.getDeclaredMethods()).map(Method::getName).sorted().toList();
        assertEquals(List.of("main", "study"), methods);
        // The hostile text survives as data, unchanged, and nothing else ran.
        StudySpec rebuilt = (StudySpec) generated.getMethod("study").invoke(null);
        assertEquals(study, rebuilt);
        assertEquals(hostileSource, rebuilt.source());
    }

    private static String withoutEngine(String json) {
        JsonObject root = JsonParser.parseString(json).getAsJsonObject();
        for (JsonElement run : root.getAsJsonArray("runs")) {
            run.getAsJsonObject().remove("engine");
        }
        return root.toString();
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(List.of(command));
        full.set(0, Path.of(System.getProperty("java.home"), "bin", command[0]).toString());
        Process process = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "timed out: " + full);
        assertEquals(0, process.exitValue(), () -> String.join(" ", full) + " failed:\n" + output);
    }
}
