package org.fabricsim.runtime.interop;

import org.fabricsim.runtime.result.Json;

/**
 * Gathers consecutive undirected edges of one link class into runs and writes each run as one
 * InfraGraph edge, as JSON list items two levels deep (the {@code edges} list of the infrastructure).
 *
 * <p>A run's ends step by {@code fromStep} and {@code toStep} (each 0 or 1, not both 0) from {@code
 * from} and {@code to}: {@code one2one} over two slices when both step, else {@code many2many} from a
 * single node to a slice. State is primitive; {@link #add} is O(1) amortized and allocates only the
 * text of a finished run.
 */
final class EdgeRuns {
    private static final int ITEM_DEPTH = 2;

    private final StringBuilder out;
    private int edges;
    private int count;
    private byte fromKind;
    private int from;
    private byte toKind;
    private int to;
    private int linkIndex;
    private int fromStep;
    private int toStep;

    /** Runs written to {@code out}, which holds the text before the list's first item. */
    EdgeRuns(StringBuilder out) {
        this.out = out;
    }

    /** Adds the edge from node {@code from} (of its kind's numbering) to node {@code to} over link {@code linkIndex}. */
    void add(byte fromKind, int from, byte toKind, int to, int linkIndex) {
        if (count > 0 && continues(fromKind, from, toKind, to, linkIndex)) {
            count++;
            return;
        }
        flush();
        this.fromKind = fromKind;
        this.from = from;
        this.toKind = toKind;
        this.to = to;
        this.linkIndex = linkIndex;
        this.fromStep = -1;
        this.toStep = -1;
        this.count = 1;
    }

    /** Writes the run in progress, if any; returns the number of edges written so far. */
    int finish() {
        flush();
        return edges;
    }

    private boolean continues(byte nextFromKind, int nextFrom, byte nextToKind, int nextTo, int nextLink) {
        if (nextFromKind != fromKind || nextToKind != toKind || nextLink != linkIndex) {
            return false;
        }
        int nextFromStep = nextFrom - (from + Math.max(0, fromStep) * (count - 1));
        int nextToStep = nextTo - (to + Math.max(0, toStep) * (count - 1));
        boolean steps = count == 1 ? isStep(nextFromStep) && isStep(nextToStep) && nextFromStep + nextToStep > 0
                : nextFromStep == fromStep && nextToStep == toStep;
        if (steps) {
            fromStep = nextFromStep;
            toStep = nextToStep;
        }
        return steps;
    }

    private static boolean isStep(int step) {
        return step == 0 || step == 1;
    }

    private void flush() {
        if (count == 0) {
            return;
        }
        if (edges++ > 0) {
            out.append(',');
        }
        Json.newline(out, ITEM_DEPTH);
        out.append('{');
        endpoint("ep1", fromKind, from, fromStep == 0 ? 1 : count);
        out.append(',');
        endpoint("ep2", toKind, to, toStep == 0 ? 1 : count);
        out.append(',');
        Json.newline(out, ITEM_DEPTH + 1);
        out.append("\"scheme\": \"").append(fromStep == 0 || toStep == 0 ? "many2many" : "one2one").append("\",");
        Json.newline(out, ITEM_DEPTH + 1);
        out.append("\"link\": \"link").append(linkIndex).append('"');
        Json.newline(out, ITEM_DEPTH);
        out.append('}');
        count = 0;
    }

    /** {@code "ep1": {"instance": "switch[8:16]", "component": "switch[0]"}} as {@link Json} lays it out. */
    private void endpoint(String name, byte kind, int first, int slice) {
        Json.newline(out, ITEM_DEPTH + 1);
        out.append('"').append(name).append("\": {");
        Json.newline(out, ITEM_DEPTH + 2);
        out.append("\"instance\": \"").append(NodeKinds.name(kind)).append('[').append(first);
        if (slice > 1) {
            out.append(':').append(first + slice);
        }
        out.append("]\",");
        Json.newline(out, ITEM_DEPTH + 2);
        out.append("\"component\": \"").append(NodeKinds.component(kind)).append("[0]\"");
        Json.newline(out, ITEM_DEPTH + 1);
        out.append('}');
    }
}
