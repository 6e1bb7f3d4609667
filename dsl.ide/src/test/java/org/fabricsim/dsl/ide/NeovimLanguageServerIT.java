package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the packaged language server ({@code java -jar fabric.jar lsp}, LSP over stdio) with a
 * real LSP client: headless Neovim ({@code nvim-lsp-driver.lua}). Checks that diagnostics arrive
 * for a broken file, that completion proposes keywords and cross-reference names, and that go-to-definition
 * on a catalog part opens the catalog's file at the part.
 *
 * <p>Needs {@code nvim} (Debian: {@code apt-get install -y neovim}, 0.7 or newer) on the PATH, or
 * its path in the {@code NVIM} environment variable / {@code fabricsim.nvim} system property. A
 * missing Neovim fails the test; it is never skipped.
 */
class NeovimLanguageServerIT {

    private static final long NVIM_TIMEOUT_SECONDS = 240;
    private static final int LSP_WAIT_MILLIS = 90_000;

    /** The broken model: the benchmark refers to a cluster that does not exist. */
    private static final String BROKEN_LINE = "    all-reduce ring on Missing";
    /** A cluster of catalog nodes: go-to-definition on the node opens the catalog's file. */
    private static final String CATALOG_LINE = "    nodes 2 x DGX_H100";
    private static final String MODEL = String.join("\n",
            "package it",
            "",
            "import fabric.catalog.nvidia.*",
            "",
            "cluster Small {",
            "    nodes 2 x 8 accelerators",
            "    link 400 Gb/s latency 1 us",
            "}",
            "",
            "cluster Catalogued {",
            CATALOG_LINE,
            "    scale-out InfiniBand_NDR single-switch",
            "}",
            "",
            "benchmark Broken {",
            BROKEN_LINE,
            "    sizes 1 MiB, 1 GiB",
            "}",
            "",
            "") + "\n";

    private static Path serverJar;
    private static String nvim;

    @TempDir
    Path temp;

    @BeforeAll
    static void locateTools() throws Exception {
        String jar = System.getProperty("fabricsim.server.jar");
        assertNotNull(jar, "system property fabricsim.server.jar (the packaged fabric.jar) is not set:"
                + " run this test with maven-failsafe-plugin after the package phase");
        serverJar = Paths.get(jar).toAbsolutePath();
        assertTrue(Files.isRegularFile(serverJar), "the language server jar does not exist: " + serverJar);

        nvim = System.getProperty("fabricsim.nvim", System.getenv().getOrDefault("NVIM", "nvim"));
        String version;
        try {
            Process probe = new ProcessBuilder(nvim, "--version").redirectErrorStream(true).start();
            version = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(probe.waitFor(30, TimeUnit.SECONDS), "nvim --version did not finish");
            assertEquals(0, probe.exitValue(), "nvim --version failed:\n" + version);
        } catch (IOException e) {
            throw new AssertionError("Neovim is required for this test and was not found (" + nvim + "): "
                    + e.getMessage() + ". Install it, e.g. apt-get install -y neovim.", e);
        }
        System.out.println("[NeovimLanguageServerIT] " + version.lines().findFirst().orElse("?")
                + ", server " + serverJar);
    }

    @Test
    void neovimGetsDiagnosticsAndCompletionFromTheServer() throws Exception {
        Path workspace = Files.createDirectories(temp.resolve("workspace"));
        Path model = workspace.resolve("broken.fabric");
        Files.writeString(model, MODEL);

        List<String> lines = MODEL.lines().collect(Collectors.toList());
        int brokenLine = lines.indexOf(BROKEN_LINE);
        int referenceColumn = BROKEN_LINE.indexOf("Missing");
        int blankLineAfterBenchmark = lines.size() - 1; // the empty last line, where a new element may start
        assertEquals("", lines.get(blankLineAfterBenchmark));

        Path driver = temp.resolve("nvim-lsp-driver.lua");
        try (InputStream in = getClass().getResourceAsStream("nvim-lsp-driver.lua")) {
            assertNotNull(in, "test resource nvim-lsp-driver.lua is missing");
            Files.copy(in, driver);
        }
        Path output = temp.resolve("result.json");
        Path stdout = temp.resolve("nvim.stdout");
        Path stderr = temp.resolve("nvim.stderr");
        Path xdg = Files.createDirectories(temp.resolve("xdg"));

        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        JsonArray command = new JsonArray();
        for (String part : List.of(java, "-jar", serverJar.toString(), "lsp")) {
            command.add(part);
        }
        JsonArray completions = new JsonArray();
        completions.add(position(brokenLine, referenceColumn));
        completions.add(position(blankLineAfterBenchmark, 0));

        JsonObject definitionAt = position(lines.indexOf(CATALOG_LINE), CATALOG_LINE.indexOf("DGX_H100") + 1);

        ProcessBuilder builder = new ProcessBuilder(nvim, "--headless", "--clean", "-u", "NONE", "-i", "NONE", "-n",
                "-c", "luafile " + driver.toString().replace(" ", "\\ "))
                .directory(workspace.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        Map<String, String> env = builder.environment();
        for (String dir : List.of("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")) {
            env.put(dir, Files.createDirectories(xdg.resolve(dir.toLowerCase())).toString());
        }
        env.put("FABRIC_SERVER_CMD", command.toString());
        env.put("FABRIC_ROOT", workspace.toString());
        env.put("FABRIC_FILE", model.toString());
        env.put("FABRIC_COMPLETIONS", completions.toString());
        env.put("FABRIC_DEFINITION", definitionAt.toString());
        env.put("FABRIC_OUT", output.toString());
        env.put("FABRIC_TIMEOUT_MS", Integer.toString(LSP_WAIT_MILLIS));

        long start = System.nanoTime();
        Process process = builder.start();
        boolean finished = process.waitFor(NVIM_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        String report = diagnosticsReport(stdout, stderr, output, xdg);
        if (!finished) {
            fail("nvim did not finish within " + NVIM_TIMEOUT_SECONDS + " s\n" + report);
        }
        System.out.println("[NeovimLanguageServerIT] nvim session took " + millis + " ms, exit " + process.exitValue());
        assertTrue(Files.isRegularFile(output), "the driver wrote no result (exit " + process.exitValue() + ")\n" + report);

        JsonObject result = JsonParser.parseString(Files.readString(output)).getAsJsonObject();
        assertEquals(0, array(result.get("errors")).size(), "the LSP session reported errors\n" + report);
        assertEquals(0, process.exitValue(), "nvim exit code\n" + report);
        assertTrue(result.get("initialized").getAsBoolean(), "initialize did not complete\n" + report);

        // A diagnostic with severity Error (1) on the line with the unresolved reference.
        JsonArray diagnostics = array(result.get("diagnostics"));
        JsonObject unresolved = null;
        for (JsonElement element : diagnostics) {
            JsonObject diagnostic = element.getAsJsonObject();
            if (diagnostic.getAsJsonObject("range").getAsJsonObject("start").get("line").getAsInt() == brokenLine) {
                unresolved = diagnostic;
            }
        }
        assertNotNull(unresolved, "no diagnostic on line " + (brokenLine + 1) + " (0-based " + brokenLine + "): "
                + diagnostics + "\n" + report);
        assertEquals(1, unresolved.get("severity").getAsInt(), "severity of " + unresolved);
        assertTrue(unresolved.get("message").getAsString().contains("Missing"),
                "the message should name the unresolved cluster: " + unresolved);
        assertEquals(referenceColumn,
                unresolved.getAsJsonObject("range").getAsJsonObject("start").get("character").getAsInt(),
                "the diagnostic should start at the reference: " + unresolved);

        JsonArray answers = array(result.get("completions"));
        assertEquals(2, answers.size(), "completion answers: " + answers);
        List<String> referenceLabels = labels(answers.get(0).getAsJsonObject());
        assertTrue(referenceLabels.contains("Small"),
                "completion after 'on ' should propose the cluster Small, got " + referenceLabels);
        assertTrue(referenceLabels.stream().noneMatch(label -> label.equals("Broken")),
                "a benchmark is not a cluster and must not be proposed after 'on ': " + referenceLabels);
        // Go-to-definition on a catalog node opened the catalog's extracted file at the node (issue 19: a jar: URI
        // opened an empty buffer, "Cursor position outside buffer").
        JsonObject definition = result.getAsJsonObject("definition");
        assertNotNull(definition, "no definition answer\n" + report);
        assertTrue(definition.get("uri").getAsString().startsWith("file:"), definition + "\n" + report);
        String buffer = definition.get("buffer").getAsString();
        assertTrue(buffer.contains("/fabricsim/catalog/") && buffer.endsWith("/nvidia.fabric"), definition.toString());
        assertTrue(definition.get("line").getAsString().startsWith("node DGX_H100"), definition.toString());

        List<String> keywordLabels = labels(answers.get(1).getAsJsonObject());
        assertTrue(keywordLabels.containsAll(List.of("cluster", "benchmark")),
                "completion at the start of a new element should propose the keywords cluster and benchmark, got "
                        + keywordLabels);
    }

    private static JsonObject position(int line, int character) {
        JsonObject position = new JsonObject();
        position.addProperty("line", line);
        position.addProperty("character", character);
        return position;
    }

    /** Labels of a CompletionItem[] or a CompletionList answer. */
    private static List<String> labels(JsonObject answer) {
        JsonElement result = answer.get("result");
        assertTrue(result != null && !result.isJsonNull(), "completion returned no result: " + answer);
        JsonArray items = result.isJsonArray() ? result.getAsJsonArray() : itemsOf(result.getAsJsonObject());
        List<String> labels = new ArrayList<>();
        for (JsonElement item : items) {
            labels.add(item.getAsJsonObject().get("label").getAsString());
        }
        return labels;
    }

    private static JsonArray itemsOf(JsonObject completionList) {
        return array(completionList.get("items"));
    }

    /** A JSON array; Lua encodes an empty table as {} and nil as null, both read as an empty array. */
    private static JsonArray array(JsonElement element) {
        if (element == null || element.isJsonNull()) {
            return new JsonArray();
        }
        if (element.isJsonObject() && element.getAsJsonObject().size() == 0) {
            return new JsonArray();
        }
        return element.getAsJsonArray();
    }

    private static String diagnosticsReport(Path stdout, Path stderr, Path output, Path xdg) throws IOException {
        StringBuilder report = new StringBuilder();
        report.append("--- nvim stdout ---\n").append(tail(stdout));
        report.append("--- nvim stderr ---\n").append(tail(stderr));
        report.append("--- driver result ---\n").append(tail(output));
        List<Path> logs;
        try (var files = Files.walk(xdg)) {
            logs = files.filter(p -> p.getFileName().toString().equals("lsp.log")).collect(Collectors.toList());
        }
        for (Path log : logs) {
            report.append("--- ").append(log).append(" (LSP traffic and server stderr) ---\n").append(tail(log));
        }
        return report.toString();
    }

    private static String tail(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return "(none)\n";
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int max = 20_000;
        return (text.length() > max ? "...\n" + text.substring(text.length() - max) : text) + "\n";
    }
}
