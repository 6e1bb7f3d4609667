package org.fabricsim.dsl.ide.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.fabricsim.dsl.ide.server.ProtocolClient;

/**
 * Completion, hover and definition through the language server's protocol on a model of about 10,000 lines
 * (issue 19: p99 at most 50 ms each), and diagnostics after a keystroke (at most 500 ms): {@code runs}
 * requests of each kind at positions spread over the file, with median, p99 and maximum wall time, then
 * {@code edits} one-character edits (third argument, {@code runs / 10} by default), each timed until the server publishes the edited version's
 * diagnostics. Each figure is given as wall time and as the process's CPU time (all threads: on a shared
 * machine wall time carries queueing that CPU time does not), with the load average at the end, and the CPU
 * time of the first ten of each kind in order (the first ones carry the compiler's warm-up). When the server
 * warms up in the background ({@code $/progress}), requests start after its warm-up has ended. A benchmark,
 * not a test: docs/performance.md gives the command and the figures.
 */
public final class EditorRequestsBenchmark {
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    /** Lines per group: a cluster (5 lines), a benchmark on it (5 lines) and a blank line between each. */
    private static final int LINES_PER_GROUP = 12;

    private EditorRequestsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int groups = args.length > 1 ? Integer.parseInt(args[1]) : 10_000 / LINES_PER_GROUP;
        int edits = args.length > 2 ? Integer.parseInt(args[2]) : Math.max(1, runs / 10);
        String text = model(groups);
        Path root = Files.createTempDirectory("editor-benchmark");
        long start = System.nanoTime();
        try (ProtocolClient client = new ProtocolClient(root)) {
            TextDocumentIdentifier file = client.open(root, "big.fabric", text);
            for (int wait = 0; wait < 2_400 && !client.diagnostics.containsKey(file.getUri()); wait++) {
                Thread.sleep(50);
            }
            System.out.printf("%d lines, %d characters; diagnostics of the opened model after %.1f s%n",
                    text.split("\n", -1).length - 1, text.length(), (System.nanoTime() - start) / 1e9);
            if (!client.progress.isEmpty()) {
                client.progressEnded.get(300, TimeUnit.SECONDS);
                System.out.printf("server's warm-up ended %.1f s after start; requests start now%n",
                        (System.nanoTime() - start) / 1e9);
            }
            var documents = client.server.getTextDocumentService();
            // group g starts on line 2 + 12 g: "benchmark Bg {" on line 8 + 12 g, "    on Cg" on line 10 + 12 g
            time("completion after 'on '", runs, g -> documents.completion(new CompletionParams(file,
                    new Position(10 + LINES_PER_GROUP * g, "    on ".length()))), groups);
            time("hover on a cluster reference", runs, g -> documents.hover(new HoverParams(file,
                    new Position(10 + LINES_PER_GROUP * g, "    on C".length()))), groups);
            time("definition of a cluster", runs, g -> documents.definition(new DefinitionParams(file,
                    new Position(10 + LINES_PER_GROUP * g, "    on C".length()))), groups);
            diagnostics(client, file, edits, groups);
        }
        System.out.printf("load average %.1f (%d processors)%n", PROCESS.getSystemLoadAverage(),
                PROCESS.getAvailableProcessors());
    }

    private static void time(String what, int runs, IntFunction<CompletableFuture<?>> request, int groups)
            throws Exception {
        request.apply(0).get(60, TimeUnit.SECONDS);
        long[] nanos = new long[runs];
        long[] cpu = new long[runs];
        for (int i = 0; i < runs; i++) {
            int group = (int) ((long) i * 7919 % groups);
            long cpuStart = PROCESS.getProcessCpuTime();
            long start = System.nanoTime();
            request.apply(group).get(60, TimeUnit.SECONDS);
            nanos[i] = System.nanoTime() - start;
            cpu[i] = PROCESS.getProcessCpuTime() - cpuStart;
        }
        print(what, nanos, cpu);
    }

    /** Types one digit into a benchmark's size and waits for the diagnostics of that version. */
    private static void diagnostics(ProtocolClient client, TextDocumentIdentifier file, int edits, int groups)
            throws Exception {
        long[] nanos = new long[edits];
        long[] cpu = new long[edits];
        for (int i = 0; i < edits; i++) {
            int line = 11 + LINES_PER_GROUP * ((int) ((long) i * 7919 % groups));
            Position at = new Position(line, "    sizes 1".length());
            client.diagnostics.remove(file.getUri());
            long cpuStart = PROCESS.getProcessCpuTime();
            long start = System.nanoTime();
            client.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(file.getUri(), i + 2),
                    List.of(new TextDocumentContentChangeEvent(new Range(at, at), "1"))));
            while (!client.diagnostics.containsKey(file.getUri())) {
                Thread.sleep(1);
            }
            nanos[i] = System.nanoTime() - start;
            cpu[i] = PROCESS.getProcessCpuTime() - cpuStart;
        }
        print("diagnostics after a keystroke", nanos, cpu);
    }

    private static void print(String what, long[] nanos, long[] cpuNanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        long[] cpu = cpuNanos.clone();
        Arrays.sort(cpu);
        System.out.printf("%-32s wall median %6.1f ms, p99 %6.1f ms, max %6.1f ms; CPU median %6.1f ms, p99 %6.1f ms"
                + " (%d requests)%n", what, sorted[sorted.length / 2] / 1e6, percentile99(sorted) / 1e6,
                sorted[sorted.length - 1] / 1e6, cpu[cpu.length / 2] / 1e6, percentile99(cpu) / 1e6, sorted.length);
        System.out.printf("%-32s CPU of the first ten, in order: %s ms%n", "", Arrays.toString(
                Arrays.stream(cpuNanos).limit(10).map(cpuTime -> cpuTime / 1_000_000).toArray()));
    }

    private static long percentile99(long[] sorted) {
        return sorted[(int) Math.ceil(sorted.length * 0.99) - 1];
    }

    /** {@code groups} clusters, each with a benchmark on it: 12 lines a group after a package line. */
    static String model(int groups) {
        StringBuilder text = new StringBuilder("package big\n\n");
        for (int g = 0; g < groups; g++) {
            text.append("cluster C").append(g).append(" {\n    nodes 2 x 8 accelerators\n")
                    .append("    link 400 Gb/s latency 1 us\n}\n\n")
                    .append("/** A ring on C").append(g).append(". */\nbenchmark B").append(g).append(" {\n")
                    .append("    all-reduce ring\n    on C").append(g).append("\n    sizes 1 MiB, 16 MiB\n}\n\n");
        }
        return text.toString();
    }
}
