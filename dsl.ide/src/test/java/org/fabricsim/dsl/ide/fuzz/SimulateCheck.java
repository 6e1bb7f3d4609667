package org.fabricsim.dsl.ide.fuzz;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code fabric simulate} on a mutant that validates, in a copy of its folder: no internal error or
 * stack trace, no hang, a JSON result, no negative or NaN metric (in the JSON or the printed report), no run past its
 * accelerators' memory, and no run that failed with the engine's own words instead of a refusal the editor should have
 * shown.
 */
final class SimulateCheck implements AutoCloseable {
    static final int TIMEOUT_SECONDS = 120;
    /** How the problem of a run that gave no result in time begins. */
    static final String NO_RESULT = "simulate: no result within";
    /**
     * How a failed run's error begins when the run refused in words: the study runner's, a search's, and the clock's
     * (a link of 1 b/s, which no bound of the editor catches: the time a transfer takes is its size over the rate).
     */
    private static final List<String> REFUSALS = List.of("infeasible", "not simulated yet",
            "no configuration of the search space is feasible", "no feasible configuration passes the screen",
            "the simulated time would pass the engine's clock range");

    /**
     * A NaN in the printed report: the JSON writes a non-finite metric as null, which {@link #metrics} cannot tell
     * from a metric that does not apply, but the text prints it ("effective MFU NaN%", session 65).
     */
    private static final Pattern NAN = Pattern.compile("\\bNaN\\b");

    /** The thread that runs {@code simulate}; replaced after a run past its limit, which does not stop when told. */
    private ExecutorService thread = newThread();

    List<String> check(String name, String mutant, Map<String, String> siblings, Path scratch) throws Exception {
        return check(name, mutant, siblings, scratch, TIMEOUT_SECONDS);
    }

    /** The problems of {@code simulate} on {@code mutant}, given {@code timeoutSeconds} to give its result. */
    List<String> check(String name, String mutant, Map<String, String> siblings, Path scratch, int timeoutSeconds)
            throws Exception {
        Path folder = Files.createTempDirectory(scratch, "simulate");
        for (Map.Entry<String, String> sibling : siblings.entrySet()) {
            Path file = folder.resolve(sibling.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, sibling.getValue(), StandardCharsets.UTF_8);
        }
        Path model = Files.writeString(folder.resolve(name), mutant, StandardCharsets.UTF_8);
        Path json = folder.resolve("result.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Future<Integer> run = thread.submit(() -> FabricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                "simulate", model.toString(), "--json", json.toString(), "--threads", "1"));
        List<String> problems = new ArrayList<>();
        int exit;
        try {
            exit = run.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            // A single-threaded run does not read its interrupt: left to finish on its own, it would hold the thread
            // and eat the next check's time limit while that waits in the queue (a 136 s original before a mutant).
            run.cancel(true);
            thread.shutdown();
            thread = newThread();
            return List.of(NO_RESULT + " " + timeoutSeconds + " s; the mutant:\n" + mutant);
        }
        String printed = out + "\n" + err;
        if (exit == ExitCodes.INTERNAL_ERROR || ModelChecks.NOT_USER_WORDS.matcher(printed).find()) {
            problems.add("simulate: exit " + exit + ", printed " + printed.strip());
        } else if (NAN.matcher(printed).find()) {
            problems.add("simulate: printed NaN: " + printed.strip());
        }
        if (Files.exists(json)) {
            problems.addAll(metrics(json));
        }
        problems.replaceAll(problem -> problem + " [" + model + "]");
        return problems;
    }

    private static List<String> metrics(Path json) throws IOException {
        List<String> problems = new ArrayList<>();
        JsonObject result = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        for (JsonElement run : result.getAsJsonArray("runs")) {
            JsonObject fields = run.getAsJsonObject();
            if ("failed".equals(fields.get("status").getAsString())) {
                String error = fields.get("error").getAsString();
                if (REFUSALS.stream().noneMatch(error::startsWith)) {
                    problems.add("simulate: a run failed with the engine's words: " + error);
                }
            }
            walk("metrics", fields.get("metrics"), problems);
            overMemory(fields.get("metrics"), problems);
        }
        return problems;
    }

    /**
     * A run that succeeded past its accelerators' memory, which the editor refuses in a written job and the runtime in
     * a varied one: {@code vary sequence in [2147483647]} ran at 151,184 % of HBM (session 65).
     */
    private static void overMemory(JsonElement metrics, List<String> problems) {
        if (metrics == null || !metrics.isJsonObject()) {
            return;
        }
        JsonElement used = metrics.getAsJsonObject().get("memoryPerAcceleratorBytes");
        JsonElement capacity = metrics.getAsJsonObject().get("memoryCapacityBytes");
        if (used != null && capacity != null && used.isJsonPrimitive() && capacity.isJsonPrimitive()
                && capacity.getAsDouble() > 0 && used.getAsDouble() > capacity.getAsDouble()) {
            problems.add("simulate: a run past its memory: " + used + " of " + capacity + " bytes");
        }
    }

    private static void walk(String path, JsonElement element, List<String> problems) {
        if (element == null || element.isJsonNull()) {
            return;
        }
        if (element.isJsonObject()) {
            element.getAsJsonObject().entrySet().forEach(e -> walk(path + "." + e.getKey(), e.getValue(), problems));
        } else if (element.isJsonArray()) {
            element.getAsJsonArray().forEach(e -> walk(path + "[]", e, problems));
        } else if (element.getAsJsonPrimitive().isNumber()) {
            double value = element.getAsDouble();
            if (Double.isNaN(value) || value < 0) {
                problems.add("simulate: " + path + " is " + value);
            }
        } else if (element.getAsJsonPrimitive().isString() && element.getAsString().matches("-?(NaN|Infinity)")) {
            problems.add("simulate: " + path + " is " + element.getAsString());
        }
    }

    private static ExecutorService newThread() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-simulate");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
