package org.fabricsim.dsl.ide.fuzz;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The command-line part of the issue-21 campaign, as a command (not a test): {@code validate --format
 * json} on seeded mutants of the examples and the diagnostics files, each in a copy of its folder (the
 * output must be one JSON document whose every diagnostic names a file, a line and a column, in the
 * user's words, and no crash exit), then {@code simulate} on mutants whose numbers changed and that still
 * validate (no stack trace, no negative or NaN metric, {@link SimulateCheck}). Exits 1 on any finding.
 */
public final class CommandLineCampaign {
    private CommandLineCampaign() {
    }

    public static void main(String[] args) throws Exception {
        int validations = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        int simulations = args.length > 1 ? Integer.parseInt(args[1]) : 150;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 21;
        List<Source> corpus = Source.corpus();
        Random random = new Random(seed);
        Mutator mutator = new Mutator(seed);
        Path scratch = Files.createTempDirectory("command-line-campaign");
        List<String> findings = new ArrayList<>();
        int diagnostics = 0;
        for (int i = 0; i < validations; i++) {
            Source source = corpus.get(random.nextInt(corpus.size()));
            String mutant = mutator.mutate(source.text());
            Path model = write(scratch.resolve("validate-" + i), source, mutant);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = FabricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), "validate", "--format",
                    "json", model.toString());
            try {
                diagnostics += checkReport(exit, out.toString(), err.toString());
            } catch (RuntimeException e) {
                findings.add("validate mutant " + i + " of " + source.name() + ": " + e.getMessage());
            }
        }
        int simulated = 0;
        int tried = 0;
        try (ModelChecksAndSimulation checks = new ModelChecksAndSimulation()) {
            while (simulated < simulations && tried < simulations * 40) {
                tried++;
                Source source = corpus.get(random.nextInt(corpus.size()));
                if (!source.simulable()) {
                    continue;
                }
                String mutant = mutator.nearbyNumbers(source.text());
                if (!checks.models.check(source.name(), mutant, source.siblings()).valid()) {
                    continue;
                }
                simulated++;
                for (String problem : checks.simulate.check(source.name(), mutant, source.siblings(), scratch)) {
                    findings.add("simulate mutant of " + source.name() + ": " + problem);
                }
            }
        }
        System.out.printf("command line: %d mutants through validate --format json (%d diagnostics), %d valid number"
                + " mutants through simulate (%d tried), %d findings%n", validations, diagnostics, simulated, tried,
                findings.size());
        findings.forEach(System.out::println);
        System.exit(findings.isEmpty() ? 0 : 1);
    }

    /** The validator and simulate, closed together. */
    private static final class ModelChecksAndSimulation implements AutoCloseable {
        final ModelChecks models = new ModelChecks();
        final SimulateCheck simulate = new SimulateCheck();

        @Override
        public void close() {
            simulate.close();
        }
    }

    private static Path write(Path folder, Source source, String mutant) throws Exception {
        Files.createDirectories(folder);
        for (Map.Entry<String, String> sibling : source.siblings().entrySet()) {
            Files.writeString(folder.resolve(sibling.getKey()), sibling.getValue(), StandardCharsets.UTF_8);
        }
        // getBytes writes an unpaired surrogate as '?', where writeString refuses the whole text
        return Files.write(folder.resolve(source.name()), mutant.getBytes(StandardCharsets.UTF_8));
    }

    /** The diagnostics of a JSON report; throws with the reason when the report breaks the campaign's rules. */
    private static int checkReport(int exit, String out, String err) {
        if (exit == ExitCodes.INTERNAL_ERROR || err.contains("\tat ") || out.contains("\tat ")) {
            throw new IllegalStateException("exit " + exit + ", printed " + (out + err).strip());
        }
        if (exit == ExitCodes.USAGE) {
            if (ModelChecks.NOT_USER_WORDS.matcher(err).find() || err.isBlank()) {
                throw new IllegalStateException("a refused file without words: " + err.strip());
            }
            return 0;
        }
        JsonObject report = JsonParser.parseString(out).getAsJsonObject();
        int count = 0;
        for (JsonElement element : report.getAsJsonArray("diagnostics")) {
            JsonObject diagnostic = element.getAsJsonObject();
            String message = diagnostic.get("message").getAsString();
            if (diagnostic.get("file").getAsString().isBlank() || diagnostic.get("line").getAsInt() < 1
                    || diagnostic.get("column").getAsInt() < 1 || ModelChecks.NOT_USER_WORDS.matcher(message).find()) {
                throw new IllegalStateException("diagnostic without a place or in Java's words: " + diagnostic);
            }
            count++;
        }
        return count;
    }
}
