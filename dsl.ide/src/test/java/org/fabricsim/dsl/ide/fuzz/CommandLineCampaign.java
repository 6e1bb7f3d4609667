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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The command-line part of the issue-21 campaign, as a command (not a test): {@code validate --format json} on seeded
 * mutants of the examples and the diagnostics files, each in a copy of its folder (the output must be one JSON
 * document whose every diagnostic names a file, a line and a column, in the user's words, no crash exit, within
 * {@value #HANG_SECONDS} s), then {@code simulate} on mutants whose numbers changed and that still validate (no stack
 * trace, no negative or NaN metric, {@link SimulateCheck}), and, when asked, on mutants with one number made extreme
 * ({@link Mutator#extremeNumber}), on mutants with two units swapped ({@link Mutator#swappedUnits}) and on design
 * mutants ({@link DesignMutations}: a study's axes, an odd cluster varied, a node count, a number at a range's edge)
 * that still validate. Arguments: MUTANTS VALID SEED [EXTREME [UNITS [DESIGN]]]. Exits 1 on any finding.
 */
public final class CommandLineCampaign {
    /**
     * A validation slower than this is a finding, a hang (session 65: two disjoint shared jobs of 300,000 nodes held
     * validate over 120 s; the loop had no limit, and a hang would have stopped the campaign).
     */
    private static final int HANG_SECONDS = 60;

    private CommandLineCampaign() {
    }

    public static void main(String[] args) throws Exception {
        int validations = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        int simulations = args.length > 1 ? Integer.parseInt(args[1]) : 150;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 21;
        int extremes = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        int units = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        int designs = args.length > 5 ? Integer.parseInt(args[5]) : 0;
        List<Source> corpus = Source.corpus();
        Random random = new Random(seed);
        Mutator mutator = new Mutator(seed);
        Path scratch = Files.createTempDirectory("command-line-campaign");
        System.out.println("mutants written under " + scratch);
        List<String> findings = new ArrayList<>();
        int diagnostics = 0;
        ExecutorService validating = daemonThread();
        for (int i = 0; i < validations; i++) {
            Source source = corpus.get(random.nextInt(corpus.size()));
            String mutant = mutator.mutate(source.text());
            Path model = write(scratch.resolve("validate-" + i), source, mutant);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Future<Integer> run = validating.submit(() -> FabricCli.execute(new PrintWriter(out, true),
                    new PrintWriter(err, true), "validate", "--format", "json", model.toString()));
            int exit;
            try {
                exit = run.get(HANG_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // the validator does not read its interrupt: its thread is left to finish alone, a new one goes on
                run.cancel(true);
                validating.shutdown();
                validating = daemonThread();
                report(findings, "validate mutant " + i + " of " + source.name() + " (" + model + "): no answer within "
                        + HANG_SECONDS + " s");
                continue;
            }
            try {
                diagnostics += checkReport(exit, out.toString(), err.toString());
            } catch (RuntimeException e) {
                report(findings, "validate mutant " + i + " of " + source.name() + " (" + model + "): " + e.getMessage());
            }
        }
        System.out.printf("%d mutants through validate --format json: %d diagnostics, %d findings%n", validations,
                diagnostics, findings.size());
        try (ModelChecksAndSimulation checks = new ModelChecksAndSimulation(corpus, random, scratch, findings)) {
            int[] nearby = checks.simulate(simulations, mutator::nearbyNumbers);
            int[] extreme = checks.simulate(extremes, mutator::extremeNumber);
            int[] swapped = checks.simulate(units, mutator::swappedUnits);
            int[] design = checks.simulate(designs, mutator::design);
            System.out.printf("command line: %d mutants through validate --format json (%d diagnostics), %d valid"
                    + " number mutants through simulate (%d tried), %d valid extreme-number mutants (%d tried), %d valid"
                    + " swapped-unit mutants (%d tried), %d valid design mutants (%d tried); originals run: %d, too slow"
                    + " to mutate: %s; %d findings%n", validations, diagnostics, nearby[0], nearby[1], extreme[0],
                    extreme[1], swapped[0], swapped[1], design[0], design[1], checks.originals.ran(),
                    checks.originals.slow(), findings.size());
        }
        System.exit(findings.isEmpty() ? 0 : 1);
    }

    private static ExecutorService daemonThread() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-validate");
            t.setDaemon(true);
            return t;
        });
    }

    /** Prints a finding when it is found, so that a run cut short keeps what it found. */
    private static void report(List<String> findings, String finding) {
        findings.add(finding);
        System.out.println(finding);
    }

    /** The validator and simulate, closed together. */
    private static final class ModelChecksAndSimulation implements AutoCloseable {
        final ModelChecks models = new ModelChecks();
        final SimulateCheck simulate = new SimulateCheck();
        final Originals originals;
        private final List<Source> corpus;
        private final Random random;
        private final Path scratch;
        private final List<String> findings;

        ModelChecksAndSimulation(List<Source> corpus, Random random, Path scratch, List<String> findings) {
            this.corpus = corpus;
            this.random = random;
            this.scratch = scratch;
            this.findings = findings;
            this.originals = new Originals(simulate, scratch);
        }

        /** Simulates {@code count} mutants that validate (at most 40 tries each): {simulated, tried}. */
        int[] simulate(int count, UnaryOperator<String> mutation) throws Exception {
            int simulated = 0;
            int tried = 0;
            while (simulated < count && tried < count * 40) {
                tried++;
                Source source = corpus.get(random.nextInt(corpus.size()));
                if (!source.simulable() || !originals.quick(source, finding -> report(findings, finding))) {
                    continue;
                }
                String mutant = mutation.apply(source.text());
                ModelChecks.Outcome outcome = models.check(source.name(), mutant, source.siblings());
                for (String problem : outcome.problems()) {
                    report(findings, "validator on a mutant of " + source.name() + ": " + problem + "; the mutant:\n"
                            + mutant);
                }
                if (!outcome.valid()) {
                    continue;
                }
                simulated++;
                for (String problem : simulate.check(source.name(), mutant, source.siblings(), scratch)) {
                    report(findings, "simulate mutant of " + source.name() + ": " + problem);
                }
            }
            return new int[] {simulated, tried};
        }

        @Override
        public void close() {
            simulate.close();
        }
    }

    private static Path write(Path folder, Source source, String mutant) throws Exception {
        Files.createDirectories(folder);
        for (Map.Entry<String, String> sibling : source.siblings().entrySet()) {
            Path file = folder.resolve(sibling.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, sibling.getValue(), StandardCharsets.UTF_8);
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
