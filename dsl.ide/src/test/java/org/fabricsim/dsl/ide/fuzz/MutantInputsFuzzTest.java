package org.fabricsim.dsl.ide.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded, time-bounded fuzzing (issue 21): mutants of the examples and of {@code docs/diagnostics}
 * go through the validator, the formatter (which must be idempotent), one language server through
 * its real protocol, and, for mutants of small models whose numbers changed and that still validate,
 * {@code fabric simulate}. Any internal error, stack trace, hang, NaN or negative metric, message in
 * Java's or ANTLR's words or non-idempotent format fails the test with the seed and the input,
 * minimized line by line where the validator or the formatter found it.
 *
 * <p>CI runs {@value #DEFAULT_SECONDS} s with seed {@value #DEFAULT_SEED}. A long run:
 * {@code ./mvnw -B -pl runtime,dsl,generator,dsl.ide -am test -Dtest=MutantInputsFuzzTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dfabricsim.fuzz.seconds=1200 -Dfabricsim.fuzz.seed=7}.
 */
class MutantInputsFuzzTest {
    private static final long DEFAULT_SECONDS = 90;
    private static final long DEFAULT_SEED = 21;
    private static final int SIMULATE_EVERY = 8;
    private static final int MAX_FINDINGS = 5;
    private static final int MINIMIZE_STEPS = 300;
    @TempDir
    Path scratch;

    private record Finding(long iteration, String source, String input, String mutant, List<String> problems) {
    }

    @Test
    void shouldSurviveSeededMutantsOfTheExamplesAndDiagnosticsWithoutAnInternalError() throws Exception {
        long seed = Long.getLong("fabricsim.fuzz.seed", DEFAULT_SEED);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.getLong("fabricsim.fuzz.seconds",
                DEFAULT_SECONDS));
        List<Source> corpus = Source.corpus();
        Random random = new Random(seed);
        Mutator mutator = new Mutator(seed);
        ModelChecks checks = new ModelChecks();
        List<Finding> findings = new ArrayList<>();
        ExecutorService worker = Executors.newSingleThreadExecutor();
        long iteration = 0;
        int simulated = 0;
        try (ServerDriver server = new ServerDriver(Files.createDirectories(scratch.resolve("server")), seed);
                SimulateCheck simulate = new SimulateCheck()) {
            Originals originals = new Originals(simulate, scratch);
            while (System.nanoTime() < deadline && findings.size() < MAX_FINDINGS) {
                Source source = corpus.get(random.nextInt(corpus.size()));
                iteration++;
                long drawn = iteration;
                boolean numbers = source.simulable() && random.nextInt(SIMULATE_EVERY) == 0 && originals.quick(source,
                        problem -> findings.add(new Finding(drawn, source.name(), source.text(), source.text(),
                                List.of(problem))));
                String mutant = numbers ? mutator.nearbyNumbers(source.text()) : mutator.mutate(source.text());
                List<String> problems = new ArrayList<>();
                ModelChecks.Outcome outcome = bounded(worker, () -> checks.check(source.name(), mutant,
                        source.siblings()), problems);
                problems.addAll(server.drive(mutant));
                if (numbers && outcome != null && outcome.valid() && problems.isEmpty()) {
                    simulated++;
                    problems.addAll(simulate.check(source.name(), mutant, source.siblings(), scratch));
                }
                if (!problems.isEmpty()) {
                    findings.add(new Finding(iteration, source.name(), minimize(checks, source, mutant, problems),
                            mutant, problems));
                }
            }
        } finally {
            worker.shutdownNow();
        }
        System.out.printf("fuzz: seed %d, %d mutants, %d simulated, %d findings%n", seed, iteration, simulated,
                findings.size());
        assertTrue(findings.isEmpty(), () -> "fuzzing with seed " + seed + " found:\n" + findings.stream()
                .map(f -> "mutant " + f.iteration() + " of " + f.source() + ": " + f.problems() + "\n--- input ---\n"
                        + visible(f.input()) + "\n--- mutant ---\n" + visible(f.mutant()) + "\n-------------")
                .collect(Collectors.joining("\n")));
    }

    /** The outcome of the model checks, or null after a hang (which is then a problem). */
    private static ModelChecks.Outcome bounded(ExecutorService worker,
            java.util.concurrent.Callable<ModelChecks.Outcome> check, List<String> problems) throws Exception {
        Future<ModelChecks.Outcome> run = worker.submit(check);
        try {
            ModelChecks.Outcome outcome = run.get(30, TimeUnit.SECONDS);
            problems.addAll(outcome.problems());
            return outcome;
        } catch (TimeoutException e) {
            run.cancel(true);
            problems.add("validator or formatter: no answer within 30 s");
        } catch (java.util.concurrent.ExecutionException e) {
            problems.add("validator or formatter threw " + e.getCause().getClass().getName());
        }
        return null;
    }

    /** The smallest input, removing one line at a time, on which the model checks still find the first problem. */
    private static String minimize(ModelChecks checks, Source source, String input, List<String> problems) {
        String kind = problems.get(0).substring(0, problems.get(0).indexOf(':') + 1);
        if (!kind.startsWith("validator") && !kind.startsWith("formatter")) {
            return input;
        }
        List<String> lines = new ArrayList<>(List.of(input.split("\n", -1)));
        int steps = 0;
        for (int i = lines.size() - 1; i >= 0 && steps < MINIMIZE_STEPS; i--, steps++) {
            List<String> fewer = new ArrayList<>(lines);
            fewer.remove(i);
            try {
                if (checks.check(source.name(), String.join("\n", fewer), source.siblings()).problems().stream()
                        .anyMatch(p -> p.startsWith(kind))) {
                    lines = fewer;
                }
            } catch (IOException | RuntimeException e) {
                // another failure than the one being minimized: keep the line
            }
        }
        return String.join("\n", lines);
    }

    /** The input with control characters written as escapes, so that the report shows them. */
    private static String visible(String input) {
        StringBuilder out = new StringBuilder();
        input.chars().forEach(c -> out.append(c != '\n' && Character.getType(c) == Character.CONTROL
                ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return out.toString();
    }
}
