package org.fabricsim.runtime.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * A study's runs side by side on the console: one column per run, one row per metric, each cell the value and its
 * change against the baseline.
 * <p>
 * By default the table is the part a reader compares (session 69: a network architect's six fabrics made a table 200
 * characters wide, most of its rows the same in every column): the headline rows ({@link #HEADLINE}: MFU, step time,
 * the MFU gap in dollars, serving's cost per million output tokens) and every row whose value, as printed, differs
 * between the runs; the rows the same in every run follow as one list of their label and value; and the runs wrap
 * into blocks of columns, each under the metric column again, so that no line is longer than {@value #WIDTH}
 * characters (one run per block at least). {@code everyRow} prints the whole table in one block, as wide as it takes,
 * as before session 69. The JSON and CSV results and the HTML report hold every row whatever the console shows.
 */
public final class ComparisonConsole {
    /** The widest line of the default table, a terminal's width with room to spare. */
    static final int WIDTH = 120;
    /** The rows the default table keeps even when every run has the same value: what the verdict is about. */
    static final Set<String> HEADLINE = Set.of("mfu", "stepTimeSeconds", Comparison.MFU_GAP,
            "costPerMillionOutputTokens");
    private static final int MAX_CELL = 28;

    private ComparisonConsole() {
    }

    /** The comparison as text: the part that differs and wrapped, or with {@code everyRow} the whole table. */
    public static String render(Comparison comparison, boolean everyRow) {
        List<String> labels = ConsoleTable.distinct(comparison.runs().stream()
                .map(run -> ConsoleTable.runLabel(comparison.study(), run)).toList());
        List<String> keys = sharedKeys(labels);
        int base = comparison.runs().indexOf(comparison.baseline());
        List<String> header = new ArrayList<>(List.of("metric"));
        for (int i = 0; i < labels.size(); i++) {
            header.add((keys.isEmpty() ? shorten(labels.get(i)) : valuesOnly(labels.get(i), keys.size()))
                    + (i == base ? " (base)" : ""));
        }
        List<List<String>> table = new ArrayList<>(List.of(header));
        List<String> same = new ArrayList<>();
        for (Comparison.Row row : comparison.rows()) {
            List<String> line = new ArrayList<>(List.of(row.label()));
            for (int i = 0; i < row.values().size(); i++) {
                String change = row.change(i, base);
                line.add(change == null ? row.text(i) : row.text(i) + " (" + change + ")");
            }
            if (everyRow || HEADLINE.contains(row.metric()) || differs(row)) {
                table.add(line);
            } else {
                same.add(row.label() + " " + row.text(0));
            }
        }
        StringBuilder out = new StringBuilder("# ").append(comparison.study()).append(": ")
                .append(comparison.runs().size()).append(" runs side by side, deltas against ")
                .append(comparison.baseline() == null ? "no baseline (every run failed)" : "the baseline").append('\n');
        if (!keys.isEmpty()) {
            out.append("  columns: [").append(String.join(", ", keys)).append("]\n");
        }
        int[] widths = widths(table);
        int first = 1;
        while (first < header.size()) {
            int last = first;
            int used = 2 + widths[0] + 2 + widths[first];
            while (last + 1 < header.size() && (everyRow || used + 2 + widths[last + 1] <= WIDTH)) {
                used += 2 + widths[++last];
            }
            block(out, table, widths, first, last);
            first = last + 1;
        }
        if (!same.isEmpty()) {
            out.append(wrapped("  the same in every run:", same));
        }
        return out.toString();
    }

    /** Whether the row's runs print different values (a run that lacks the metric prints {@code -}). */
    private static boolean differs(Comparison.Row row) {
        return IntStream.range(0, row.values().size()).anyMatch(i -> !row.text(i).equals(row.text(0)));
    }

    private static int[] widths(List<List<String>> table) {
        int[] widths = new int[table.get(0).size()];
        for (List<String> line : table) {
            for (int c = 0; c < line.size(); c++) {
                widths[c] = Math.max(widths[c], line.get(c).length());
            }
        }
        return widths;
    }

    /** The metric column and the run columns {@code first} to {@code last}, one line per row. */
    private static void block(StringBuilder out, List<List<String>> table, int[] widths, int first, int last) {
        for (List<String> line : table) {
            out.append(String.format(Locale.ROOT, "  %-" + widths[0] + "s", line.get(0)));
            for (int c = first; c <= last; c++) {
                out.append(String.format(Locale.ROOT, "  %" + widths[c] + "s", line.get(c)));
            }
            out.append('\n');
        }
    }

    /**
     * {@code lead} then {@code items} joined by {@code ; }, a line broken before an item that would pass {@value
     * #WIDTH} characters (an item longer than a line keeps its own line).
     */
    private static String wrapped(String lead, List<String> items) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder(lead);
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i) + (i + 1 < items.size() ? ";" : "");
            if (line.length() > lead.length() && line.length() + 1 + item.length() > WIDTH) {
                out.append(line).append('\n');
                line = new StringBuilder("   ");
            }
            line.append(' ').append(item);
        }
        return out.append(line).append('\n').toString();
    }

    private static String shorten(String text) {
        return shorten(text, MAX_CELL);
    }

    private static String shorten(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }

    /**
     * The varied parameters that name every column, in order, where a column's label is longer than a cell and every
     * label is {@code [k1=v1, k2=v2, ...]} over the same keys: the columns are then headed by their values alone under
     * one line naming the keys, since cutting {@code [fabric=InfiniBand_NDR, oversubscription=2]} to a cell's 28
     * characters kept the part every column shares and cut the one that sets it apart (session 71). Empty otherwise.
     */
    private static List<String> sharedKeys(List<String> labels) {
        if (labels.stream().allMatch(label -> label.length() <= MAX_CELL)) {
            return List.of();
        }
        List<String> keys = null;
        for (String label : labels) {
            if (!label.startsWith("[") || !label.endsWith("]")) {
                return List.of();
            }
            List<String> own = new ArrayList<>();
            for (String part : label.substring(1, label.length() - 1).split(", ")) {
                int equals = part.indexOf('=');
                if (equals < 1) {
                    return List.of();
                }
                own.add(part.substring(0, equals));
            }
            if (keys != null && !keys.equals(own)) {
                return List.of();
            }
            keys = own;
        }
        return keys;
    }

    /**
     * {@code [v1, v2, ...]} of a label over {@code count} keys, each value cut to an equal share of a cell when the
     * whole would not fit, so that every value keeps its first characters.
     */
    private static String valuesOnly(String label, int count) {
        List<String> values = new ArrayList<>();
        for (String part : label.substring(1, label.length() - 1).split(", ")) {
            values.add(part.substring(part.indexOf('=') + 1));
        }
        String whole = "[" + String.join(", ", values) + "]";
        if (whole.length() <= MAX_CELL) {
            return whole;
        }
        int share = Math.max(2, (MAX_CELL - 2 - 2 * (count - 1)) / count);
        return "[" + String.join(", ", values.stream().map(value -> shorten(value, share)).toList()) + "]";
    }
}
