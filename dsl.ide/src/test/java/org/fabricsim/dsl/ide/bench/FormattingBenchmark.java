package org.fabricsim.dsl.ide.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.fabricsim.dsl.ide.server.ProtocolClient;

/**
 * Formatting through the language server's protocol on documents up to 200 KB (issue 21): for each
 * document, once it is built (its diagnostics published), the first request (the formatter's code still
 * cold) and then {@code runs} requests, with median, p99 and maximum wall time, and the median and p99 of
 * the process's CPU time per request. A benchmark, not a test: docs/performance.md gives the command and
 * the figures.
 */
public final class FormattingBenchmark {
    /** The process's CPU time: on a shared machine, wall time carries queueing that CPU time does not. */
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    private FormattingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path root = Files.createTempDirectory("formatting-benchmark");
        try (ProtocolClient client = new ProtocolClient(root)) {
            for (Document document : List.of(new Document("wide", wide()), new Document("tall", tall(200_000)),
                    new Document("example", tall(4_000)))) {
                TextDocumentIdentifier file = client.open(root, document.name() + ".fabric", document.text());
                for (int wait = 0; wait < 1_200 && !client.diagnostics.containsKey(file.getUri()); wait++) {
                    Thread.sleep(50);
                }
                DocumentFormattingParams format = new DocumentFormattingParams(file, new FormattingOptions(4, true));
                long[] nanos = new long[runs + 1];
                long[] cpuNanos = new long[runs + 1];
                for (int i = 0; i <= runs; i++) {
                    long start = System.nanoTime();
                    long cpuStart = PROCESS.getProcessCpuTime();
                    client.server.getTextDocumentService().formatting(format).get(60, TimeUnit.SECONDS);
                    nanos[i] = System.nanoTime() - start;
                    cpuNanos[i] = PROCESS.getProcessCpuTime() - cpuStart;
                }
                long[] warm = sortedAfterFirst(nanos);
                long[] cpu = sortedAfterFirst(cpuNanos);
                System.out.printf("%-8s %7d chars: first %6.0f ms, then median %5.0f ms, p99 %5.0f ms, max %5.0f ms;"
                        + " process CPU median %5.0f ms, p99 %5.0f ms (%d runs)%n", document.name(),
                        document.text().length(), nanos[0] / 1e6, warm[warm.length / 2] / 1e6, percentile99(warm) / 1e6,
                        warm[warm.length - 1] / 1e6, cpu[cpu.length / 2] / 1e6, percentile99(cpu) / 1e6, runs);
            }
        }
    }

    private record Document(String name, String text) {
    }

    private static long[] sortedAfterFirst(long[] nanos) {
        long[] warm = Arrays.copyOfRange(nanos, 1, nanos.length);
        Arrays.sort(warm);
        return warm;
    }

    private static long percentile99(long[] sorted) {
        return sorted[(int) Math.ceil(sorted.length * 0.99) - 1];
    }

    /** 191 KB: one 100,000-character line of clusters, then clusters on lines of their own (issue 21 L10). */
    static String wide() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 100_000; i++) {
            text.append("cluster Wide").append(i).append(" { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us } ");
        }
        text.append('\n');
        return text.append(tall(191_000 - text.length())).toString();
    }

    /** About {@code length} characters of clusters laid out one statement per line. */
    static String tall(int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < length; i++) {
            text.append("cluster Tall").append(i).append(" {\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n\n");
        }
        return text.toString();
    }
}
