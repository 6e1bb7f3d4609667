package org.fabricsim.runtime.fabricbehaviour;

import java.util.List;
import java.util.Locale;


/**
 * The held-out check of the behaviour table: patterns none of {@link BehaviourScenarios} measured
 * (an incast of another degree and size, an all-to-all on an oversubscribed tree, a ring step
 * whose ECMP hashes collide on the spine, a mixed step of a ring and an expert all-to-all), run on
 * the packet backend and on the flow model with and without the table's behaviour. {@link
 * #main} prints the errors as the Markdown table of docs/accuracy.md.
 */
public final class BehaviourAccuracy {
    /** The held-out patterns. */
    public static final List<TrafficPattern> PATTERNS = List.of(
            TrafficPattern.incast(6, 1.5 * (1 << 20)),
            TrafficPattern.allToAll(16, 4, 2.0, 256 << 10),
            TrafficPattern.ring(16, 4, 1.0, strided(16, 4), 4 << 20),
            TrafficPattern.ring(16, 4, 2.0, strided(16, 4), 1 << 20)
                    .plus(TrafficPattern.allToAll(8, 4, 2.0, 128 << 10).onFabricOf(16)));

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

    /** Prints one Markdown row per combination: each pattern's error with the behaviour, then the ideal's in parentheses. */
    public static void main(String[] args) {
        BehaviourTable table = BehaviourTable.shipped();
        StringBuilder header = new StringBuilder("| combination |");
        StringBuilder rule = new StringBuilder("|---|");
        for (TrafficPattern pattern : PATTERNS) {
            header.append(' ').append(pattern.name()).append(" |");
            rule.append("---:|");
        }
        System.out.println(header);
        System.out.println(rule);
        for (FabricBehaviour behaviour : table.behaviours()) {
            StringBuilder row = new StringBuilder("| " + behaviour.key().describe() + " |");
            for (TrafficPattern pattern : PATTERNS) {
                row.append(String.format(Locale.ROOT, " %+.1f%% (%+.1f%%) |", 100 * error(pattern, behaviour),
                        100 * idealError(pattern, behaviour.key())));
            }
            System.out.println(row);
        }
    }
}
