package org.fabricsim.runtime.fabricbehaviour;

import java.util.List;
import java.util.Locale;


/**
 * The held-out check of the behaviour table: patterns none of {@link BehaviourScenarios} measured
 * (an incast of another degree and size, an all-to-all on an oversubscribed tree, a ring step
 * whose ECMP hashes collide on the spine, a mixed step of a ring and an expert all-to-all), run on
 * the packet backend and on the flow model with and without the table's behaviour. {@link
 * #main} prints the errors as the Markdown table of docs/accuracy.md, then each pattern's cells within 10%, mean
 * absolute error and largest ({@link #summary}): issue 16's "errors per pattern published and within 10%".
 */
public final class BehaviourAccuracy {
    /** The held-out patterns. */
    public static final List<TrafficPattern> PATTERNS = List.of(
            TrafficPattern.incast(6, 1.5 * (1 << 20)),
            TrafficPattern.allToAll(16, 4, 2.0, 256 << 10),
            TrafficPattern.ring(16, 4, 1.0, strided(16, 4), 4 << 20),
            TrafficPattern.ring(16, 4, 2.0, strided(16, 4), 1 << 20)
                    .plus(TrafficPattern.allToAll(8, 4, 2.0, 128 << 10).onFabricOf(16)));

    /** The held-out bound on a cell's |error|, and on a pattern's mean absolute error (issue 16). */
    static final double TOLERANCE = 0.10;

    private BehaviourAccuracy() {
    }

    /** Hosts in the order 0, k, 2k, …, 1, k + 1, …: consecutive ring neighbours sit on different leaves. */
    static int[] strided(int hosts, int hostsPerLeaf) {
        int leaves = hosts / hostsPerLeaf;
        int[] order = new int[hosts];
        for (int i = 0; i < hosts; i++) {
            order[i] = (i % leaves) * hostsPerLeaf + i / leaves;
        }
        return order;
    }

    /** Relative error of the flow model against the packet backend on {@code pattern}: (flow − packet) / packet. */
    public static double error(TrafficPattern pattern, FabricBehaviour behaviour) {
        long packet = PatternRuns.packetPs(pattern, behaviour.key());
        long flow = PatternRuns.flowPs(pattern, behaviour.key().routing(), behaviour);
        return (double) (flow - packet) / packet;
    }

    /** The same error for the ideal flow model (no behaviour). */
    public static double idealError(TrafficPattern pattern, BehaviourKey key) {
        long packet = PatternRuns.packetPs(pattern, key);
        long flow = PatternRuns.flowPs(pattern, key.routing(), null);
        return (double) (flow - packet) / packet;
    }

    /**
     * Prints one Markdown row per combination: each pattern's error with the behaviour, then the ideal's in
     * parentheses; then {@link #summary} of those errors.
     */
    public static void main(String[] args) {
        List<FabricBehaviour> rows = BehaviourTable.shipped().behaviours();
        StringBuilder header = new StringBuilder("| combination |");
        StringBuilder rule = new StringBuilder("|---|");
        for (TrafficPattern pattern : PATTERNS) {
            header.append(' ').append(pattern.name()).append(" |");
            rule.append("---:|");
        }
        System.out.println(header);
        System.out.println(rule);
        double[][] errors = new double[rows.size()][PATTERNS.size()];
        for (int r = 0; r < rows.size(); r++) {
            FabricBehaviour behaviour = rows.get(r);
            StringBuilder row = new StringBuilder("| " + behaviour.key().describe() + " |");
            for (int p = 0; p < PATTERNS.size(); p++) {
                errors[r][p] = error(PATTERNS.get(p), behaviour);
                row.append(String.format(Locale.ROOT, " %+.1f%% (%+.1f%%) |", 100 * errors[r][p],
                        100 * idealError(PATTERNS.get(p), behaviour.key())));
            }
            System.out.println(row);
        }
        System.out.println();
        System.out.print(summary(errors));
    }

    /**
     * Per held-out pattern, over {@code errors}[row][pattern] (fractions): the cells within {@link #TOLERANCE}, the
     * mean absolute error and the largest, as a Markdown table, then the same over every cell. O(rows × patterns).
     */
    static String summary(double[][] errors) {
        StringBuilder out = new StringBuilder("| pattern | within 10% | mean absolute error | largest |\n"
                + "|---|---:|---:|---:|\n");
        for (int p = 0; p < PATTERNS.size(); p++) {
            out.append(summaryRow(PATTERNS.get(p).name(), errors, p, p + 1));
        }
        return out.append(summaryRow("every pattern", errors, 0, PATTERNS.size())).toString();
    }

    /** One row of {@link #summary}: the cells of patterns {@code from} (inclusive) to {@code to} (exclusive). */
    private static String summaryRow(String name, double[][] errors, int from, int to) {
        int cells = 0;
        int within = 0;
        double sum = 0;
        double largest = 0;
        for (double[] row : errors) {
            for (int p = from; p < to; p++) {
                double error = Math.abs(row[p]);
                cells++;
                within += error <= TOLERANCE ? 1 : 0;
                sum += error;
                largest = Math.max(largest, error);
            }
        }
        return String.format(Locale.ROOT, "| %s | %d of %d | %.2f%% | %.1f%% |\n", name, within, cells,
                100 * sum / cells, 100 * largest);
    }
}
