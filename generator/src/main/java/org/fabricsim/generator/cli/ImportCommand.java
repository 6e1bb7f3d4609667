package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.interop.ImportedGraph;
import org.fabricsim.runtime.interop.InfraGraphException;
import org.fabricsim.runtime.interop.InfraGraphImport;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fabric import --infragraph FILE [--all-reduce SIZE]}: reads an InfraGraph file into
 * FabricSim's graph, checks it ({@link InfraGraphImport}: every edge's instance, component, index and
 * link exists, every link has a rate) and prints what it holds; with {@code --all-reduce}, simulates a
 * ring all-reduce of SIZE over all its accelerators on the imported links ({@link
 * ImportedGraph#ringAllReduce}).
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Reads an InfraGraph JSON file (an Infrastructure object) into FabricSim's graph, checks that"
                + " every edge joins components that exist over a link with a rate, and prints its accelerators,"
                + " switches, NICs and links; with --all-reduce, simulates a ring all-reduce over its accelerators,"
                + " routed on the imported links by shortest paths with ECMP.")
final class ImportCommand implements Callable<Integer> {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*(B|KiB|MiB|GiB|KB|MB|GB)?");

    @Parameters(paramLabel = "FILE", description = "the InfraGraph JSON file")
    Path file;

    @Option(names = "--infragraph", required = true, description = "read InfraGraph JSON (the one format so far)")
    boolean infragraph;

    @Option(names = "--all-reduce", paramLabel = "SIZE",
            description = "simulate a ring all-reduce of SIZE bytes (units B, KiB, MiB, GiB, KB, MB, GB; e.g. 256MiB)")
    String allReduce;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        long sizeBytes = allReduce == null ? 0 : bytes(allReduce);
        try {
            ImportedGraph graph = InfraGraphImport.read(file);
            spec.commandLine().getOut().println(graph.summary());
            if (allReduce != null) {
                CollectiveResult result = graph.ringAllReduce(sizeBytes);
                spec.commandLine().getOut().printf(Locale.ROOT,
                        "ring all-reduce of %s over %d accelerators: %.6f ms, algbw %.2f GB/s, busbw %.2f GB/s,"
                                + " one channel (%s)%n", allReduce, result.ranks(), result.timeSeconds() * 1e3,
                        result.algbwGBps(), result.busbwGBps(), result.topology());
            }
            return ExitCodes.OK;
        } catch (InfraGraphException e) {
            throw new UserError(e.getMessage(), ExitCodes.MODEL_ERRORS);
        }
    }

    /** SIZE in bytes: a whole number and an optional unit (binary KiB, MiB, GiB or decimal KB, MB, GB). */
    private static long bytes(String size) {
        Matcher matcher = SIZE.matcher(size.trim());
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw new UserError("--all-reduce " + size + ": not a size; write a positive whole number of bytes with an"
                    + " optional unit, e.g. 256MiB or 1GB", ExitCodes.USAGE);
        }
        long unit = switch (matcher.group(2) == null ? "B" : matcher.group(2)) {
            case "KiB" -> 1L << 10;
            case "MiB" -> 1L << 20;
            case "GiB" -> 1L << 30;
            case "KB" -> 1_000L;
            case "MB" -> 1_000_000L;
            case "GB" -> 1_000_000_000L;
            default -> 1L;
        };
        return Long.parseLong(matcher.group(1)) * unit;
    }
}
