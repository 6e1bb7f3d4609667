package org.fabricsim.runtime.sim;

import java.util.Locale;

/**
 * The heap a graph built beside other work may take, and the fix every estimate that refuses a run too large for the
 * heap offers last: a heap of 1.5 times the estimate, rounded up to whole GiB (the estimates count what a run holds at
 * least, and the collector needs room beside it).
 */
public final class HeapAdvice {
    /** The heap is cut in this many shares, one for a graph and what is routed over it ({@link #graphShareBytes}). */
    private static final long HEAP_PER_GRAPH_SHARE = 2;

    private HeapAdvice() {
    }

    /** "give the simulator more memory (JAVA_TOOL_OPTIONS=-Xmx<g>g)" for a run estimated at {@code bytes}. */
    public static String moreMemory(long bytes) {
        return String.format(Locale.ROOT, "give the simulator more memory (JAVA_TOOL_OPTIONS=-Xmx%dg)",
                (long) Math.ceil(bytes * 1.5 / (1L << 30)));
    }

    /**
     * What a graph's estimate, or its routing tables', may reach in a heap of {@code heapBytes} where the graph is
     * built beside other work (the editor's documents, an imported file and its summary): half of it. Why half: a
     * graph peaks at up to 1.36 times its {@code GraphEstimate} while it is made (103 B per link against 76 counted,
     * docs/performance.md "Graphs too large, predicted"), so one estimated at half the heap peaks at 0.68 of it and
     * leaves the other work about a third. The editor's graph checks ({@code CheckedSpecs.buildable}), an InfraGraph
     * import's graph ({@code ImportBudget}) and its routing tables ({@code ImportedGraph.topology}) are held to it; a
     * run builds its own graph in the whole heap. O(1).
     */
    public static long graphShareBytes(long heapBytes) {
        return heapBytes / HEAP_PER_GRAPH_SHARE;
    }

    /** {@link #moreMemory} for a graph of {@code graphBytes} refused by its share: a heap whose share holds it. */
    public static String moreMemoryForGraph(long graphBytes) {
        return moreMemory(graphBytes * HEAP_PER_GRAPH_SHARE);
    }
}
