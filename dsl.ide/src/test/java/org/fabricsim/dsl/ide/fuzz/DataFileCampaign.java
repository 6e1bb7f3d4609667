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
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.FabricCli;

/**
 * The campaign over the files a user gives the command line besides models (session 64), as a command (not a test):
 * seeded mutants ({@link Mutator#mutate}, or one number made extreme) of an InfraGraph JSON exported from
 * {@code examples/benchmarks/b200-4node.fabric} through {@code fabric import --all-reduce 1MiB}, of an nccl-tests log
 * ({@code generator/src/test/resources/calibrate/dgx-h100-ring.log}) through {@code fabric calibrate}, and of a
 * request trace ({@code docs/diagnostics/fixed/traces/day1.csv}) through {@code fabric simulate} of the serving model
 * beside it. A finding is an internal error (exit 4), a stack trace, Java's words ({@link ModelChecks#NOT_USER_WORDS})
 * or a command slower than 60 s. Arguments: MUTANTS SEED (MUTANTS imports; a quarter as many calibrations and
 * traces). Exits 1 on any finding.
 */
public final class DataFileCampaign {
    private static final long SLOW_SECONDS = 60;
    private final List<String> findings = new ArrayList<>();

    private DataFileCampaign() {
    }

    public static void main(String[] args) throws Exception {
        int mutants = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 64;
        Mutator mutator = new Mutator(seed);
        Random random = new Random(seed);
        Path scratch = Files.createTempDirectory("data-file-campaign");
        System.out.println("mutants written under " + scratch);
        DataFileCampaign campaign = new DataFileCampaign();
        Path graph = scratch.resolve("graph.json");
        campaign.run("export", "export", "--infragraph", "../examples/benchmarks/b200-4node.fabric", "-o",
                graph.toString());
        Path model = Files.copy(Path.of("../generator/src/test/resources/calibrate/dgx-h100.fabric"),
                scratch.resolve("dgx-h100.fabric"));
        Path serving = Files.copy(Path.of("../docs/diagnostics/fixed/fabric.traffic.file.fabric"),
                scratch.resolve("serving.fabric"));
        Files.createDirectories(scratch.resolve("traces"));
        Map<String, int[]> exits = new TreeMap<>();
        campaign.mutate(exits, "import", mutants, Files.readString(graph), mutator, random, i -> {
            Path file = scratch.resolve("graph-" + i + ".json");
            return new String[] {"import", "--infragraph", file.toString(), "--all-reduce", "1MiB"};
        }, i -> scratch.resolve("graph-" + i + ".json"));
        campaign.mutate(exits, "calibrate", mutants / 4, Files.readString(Path.of(
                "../generator/src/test/resources/calibrate/dgx-h100-ring.log")), mutator, random, i -> new String[] {
                    "calibrate", model.toString(), "--nccl-tests", scratch.resolve("log-" + i + ".log").toString(),
                    "--benchmark", "Ring8", "--workspace", scratch.toString(), "--date", "2026-12-07"},
                i -> scratch.resolve("log-" + i + ".log"));
        campaign.mutate(exits, "simulate", mutants / 4, Files.readString(Path.of(
                "../docs/diagnostics/fixed/traces/day1.csv")), mutator, random, i -> new String[] {"simulate",
                    serving.toString(), "--threads", "1"}, i -> scratch.resolve("traces/day1.csv"));
        exits.forEach((command, counts) -> System.out.printf("%s: %d mutants, exits 0/1/2/3/4: %d/%d/%d/%d/%d%n",
                command, counts[5], counts[0], counts[1], counts[2], counts[3], counts[4]));
        System.out.println("data files: " + campaign.findings.size() + " findings");
        System.exit(campaign.findings.isEmpty() ? 0 : 1);
    }

    /** Writes {@code count} mutants of {@code text} to {@code file(i)} and runs {@code command(i)} on each. */
    private void mutate(Map<String, int[]> exits, String name, int count, String text, Mutator mutator, Random random,
            IntFunction<String[]> command, IntFunction<Path> file) throws Exception {
        int[] counts = exits.computeIfAbsent(name, k -> new int[6]);
        for (int i = 0; i < count; i++) {
            String mutant = random.nextBoolean() ? mutator.extremeNumber(text) : mutator.mutate(text);
            // getBytes writes an unpaired surrogate as '?', where writeString refuses the whole text
            Files.write(file.apply(i), mutant.getBytes(StandardCharsets.UTF_8));
            counts[Math.min(4, run(name + " mutant " + i + " (" + file.apply(i) + ")", command.apply(i)))]++;
            counts[5]++;
        }
    }

    /** Runs the command line on {@code args}; its exit code, and a finding when it broke the campaign's rules. */
    private int run(String label, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        int exit = FabricCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        String printed = out + "\n" + err;
        if (exit == ExitCodes.INTERNAL_ERROR || printed.contains("\tat ")
                || ModelChecks.NOT_USER_WORDS.matcher(printed).find() || seconds > SLOW_SECONDS) {
            findings.add(label);
            System.out.println("finding: " + label + ": exit " + exit + " after " + seconds + " s, printed "
                    + printed.strip());
        }
        return exit;
    }
}
