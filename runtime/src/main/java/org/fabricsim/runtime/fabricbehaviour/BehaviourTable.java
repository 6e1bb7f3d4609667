package org.fabricsim.runtime.fabricbehaviour;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured behaviours, one row per {@link BehaviourKey}, as {@link BehaviourTableGenerator}
 * wrote them: lines starting with '#' are provenance (date, code version, scenarios), then a header
 * and tab-separated rows: the key's four parts, u(k, m) on one switch for k = 2, 4, 8, 16 and, within
 * each k, m = 1, 2, 4, 8 flows per sender (column u{k}m{m}), the same across a leaf uplink (paths of 4
 * links, column u{k}m{m}l4), then both again with 4 MiB per sender instead of 1 (suffix b4), the multipath
 * factor, and go-back-N's reordering onset (MiB a link delivers while two inputs or more feed it) and slowdown
 * ({@link GoBackNReordering}; Infinity and 1 where nothing reorders).
 */
public final class BehaviourTable {
    /** The table shipped in the runtime jar. */
    public static final String RESOURCE = "behaviour-table.tsv";
    /** The command that regenerates it, from the repository root. */
    public static final String COMMAND = "./mvnw -B -o -q -pl runtime compile && java -cp runtime/target/classes "
            + BehaviourTableGenerator.class.getName();
    static final String HEADER = header();
    private static final double MIB = 1 << 20;

    private final Map<BehaviourKey, FabricBehaviour> rows;
    private final List<String> provenance;

    BehaviourTable(List<FabricBehaviour> behaviours, List<String> provenance) {
        this.rows = new LinkedHashMap<>();
        for (FabricBehaviour behaviour : behaviours) {
            rows.put(behaviour.key(), behaviour);
        }
        this.provenance = List.copyOf(provenance);
    }

    private static String header() {
        StringBuilder header = new StringBuilder("flow-control\tcongestion-control\trecovery\trouting");
        for (int s = 0; s < FabricBehaviour.SENDER_BYTES.length; s++) {
            for (int h = 0; h < FabricBehaviour.PATH_LINKS.length; h++) {
                for (int degree : FabricBehaviour.INCAST_DEGREES) {
                    for (int flows : FabricBehaviour.FLOWS_PER_SENDER) {
                        header.append("\tu").append(degree).append('m').append(flows)
                                .append(h == 0 ? "" : "l" + FabricBehaviour.PATH_LINKS[h])
                                .append(s == 0 ? "" : "b" + (int) (FabricBehaviour.SENDER_BYTES[s] / (1 << 20)));
                    }
                }
            }
        }
        return header.append("\tmultipath\treorder-onset-mib\treorder-slowdown").toString();
    }

    /** The table shipped in the runtime jar. */
    public static BehaviourTable shipped() {
        return Shipped.TABLE;
    }

    /**
     * Loads the shipped table on first use only, so that {@link BehaviourTableGenerator} can replace a
     * table whose columns an older version wrote.
     */
    private static final class Shipped {
        static final BehaviourTable TABLE = load();
    }

    /**
     * The behaviour of {@code key}. Throws {@link IllegalArgumentException} naming the combination,
     * and either the command that measures it or why the packet backend cannot, when the table has
     * no row for it: a fabric is never silently taken as ideal.
     */
    public FabricBehaviour behaviour(BehaviourKey key) {
        String why = missing(key);
        if (why != null) {
            throw new IllegalArgumentException("no fabric behaviour measured for " + key.describe() + ": " + why);
        }
        return rows.get(key);
    }

    /**
     * Null when the table has a row for {@code key}; otherwise what to do: the command that measures it, or
     * which rows to state instead.
     */
    public String missing(BehaviourKey key) {
        if (rows.containsKey(key)) {
            return null;
        }
        if (PatternRuns.trimmingWithGoBackN(key)) {
            return "packet trimming needs selective-repeat recovery (the receiver NACKs each trimmed packet and the"
                    + " sender resends that one); declare selective repeat";
        }
        if (PatternRuns.withoutItsTransport(key)) {
            return "congestion-control " + key.congestionControl().words() + " runs with its own transport (NDP's,"
                    + " UE 1.0's): selective repeat, and trimming on a lossy fabric (a lost packet is resent by its"
                    + " trimmed header); use that row, as a fabric stating 'congestion-control "
                    + key.congestionControl().words() + "' does";
        }
        if (PatternRuns.measurable(key)) {
            return "produce the table with: " + COMMAND;
        }
        return "packet runs simulate congestion-control " + key.congestionControl().words() + " ('network packet') but"
                + " the table measures none of its rows; state one the table has rows for (none, dcqcn, hpcc, ib-cc,"
                + " receiver-driven, scheduled, uec-cc), or add it to the table's congestion controls"
                + " (PatternRuns.SIMULATED) and produce the table with: " + COMMAND;
    }

    /** The provenance lines, without their '#'. */
    public List<String> provenance() {
        return provenance;
    }

    /** The rows, in table order. */
    public List<FabricBehaviour> behaviours() {
        return List.copyOf(rows.values());
    }

    /** The table as the resource stores it. */
    public String write() {
        StringBuilder out = new StringBuilder();
        for (String line : provenance) {
            out.append("# ").append(line).append('\n');
        }
        out.append(HEADER).append('\n');
        for (FabricBehaviour b : rows.values()) {
            out.append(b.key().row());
            for (double u : b.utilisation()) {
                out.append('\t').append(String.format(java.util.Locale.ROOT, "%.4f", u));
            }
            out.append('\t').append(String.format(java.util.Locale.ROOT, "%.4f", b.multipathFactor()));
            out.append('\t').append(String.format(java.util.Locale.ROOT, "%.4f", b.reordering().onsetBytes() / MIB));
            out.append('\t').append(String.format(java.util.Locale.ROOT, "%.4f", b.reordering().slowdown())).append('\n');
        }
        return out.toString();
    }

    /** Parses what {@link #write()} wrote. */
    static BehaviourTable parse(BufferedReader reader) throws IOException {
        List<String> provenance = new ArrayList<>();
        List<FabricBehaviour> behaviours = new ArrayList<>();
        String line;
        int lineNumber = 0;
        while ((line = reader.readLine()) != null) {
            lineNumber++;
            if (line.startsWith("#")) {
                provenance.add(line.substring(1).trim());
            } else if (!line.isBlank() && !line.equals(HEADER)) {
                String[] parts = line.split("\t");
                int points = FabricBehaviour.POINTS;
                if (parts.length != 4 + points + 3) {
                    throw new IllegalArgumentException("fabric behaviour table " + RESOURCE + ", line " + lineNumber
                            + ": " + parts.length + " columns where the header has " + HEADER.split("\t").length + " ("
                            + HEADER.replace('\t', ' ') + "); produce the table again with: " + COMMAND);
                }
                double[] u = new double[points];
                for (int i = 0; i < points; i++) {
                    u[i] = Double.parseDouble(parts[4 + i]);
                }
                GoBackNReordering reordering = new GoBackNReordering(Double.parseDouble(parts[5 + points]) * MIB,
                        Double.parseDouble(parts[6 + points]));
                behaviours.add(new FabricBehaviour(BehaviourKey.parse(parts), u, Double.parseDouble(parts[4 + points]),
                        reordering.reorders() ? reordering : GoBackNReordering.NONE));
            }
        }
        return new BehaviourTable(behaviours, provenance);
    }

    private static BehaviourTable load() {
        try (InputStream in = BehaviourTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return new BehaviourTable(List.of(), List.of("no table shipped; produce it with: " + COMMAND));
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the fabric behaviour table " + RESOURCE, e);
        }
    }
}
