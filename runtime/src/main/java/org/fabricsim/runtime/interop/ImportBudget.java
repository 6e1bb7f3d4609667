package org.fabricsim.runtime.interop;

import java.util.Locale;

import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.topology.GraphEstimate;

/**
 * The size of the graph an InfraGraph file describes, counted in long as it is laid down and refused, with the file's
 * numbers, before a count wraps or the heap runs out: nodes (Σ instances × components) and directed links (2 per
 * one2one pair, 2·|ep1|·|ep2| per many2many edge, an upper bound) are int handles, at most 2³¹ − 1 each, and their
 * arrays ({@link #BYTES_PER_NODE} a node, {@link GraphEstimate#BYTES_PER_LINK} a link) must fit half the heap, the
 * bound the editor gives a graph it builds ({@link HeapAdvice#graphShareBytes} says why half). Session 64's
 * campaign imported 37 instances of a device of 99,999,999 switches: 3.7·10⁹ nodes wrapped negative and the import
 * ended in an internal error (ArrayIndexOutOfBoundsException). O(1) a count.
 */
final class ImportBudget {
    /**
     * Heap per node: the graph's {@link GraphEstimate#BYTES_PER_NODE} and the search for scale-up domains that the
     * import's summary runs ({@code ScaleUpDomains}: a union-find int and two flags, 6 B).
     */
    static final long BYTES_PER_NODE = GraphEstimate.BYTES_PER_NODE + 6;
    private final String source;
    private final long heapBytes;
    private long nodes;
    private long links;

    /** A budget for {@code source}'s graph in a heap of {@code heapBytes}. */
    ImportBudget(String source, long heapBytes) {
        this.source = source;
        this.heapBytes = heapBytes;
    }

    /** Counts {@code count} more nodes, or refuses the file. */
    void addNodes(long count) throws InfraGraphException {
        nodes += count;
        check();
    }

    /** Counts at most {@code count} more directed links, or refuses the file. */
    void addLinks(long count) throws InfraGraphException {
        links += count;
        check();
    }

    private void check() throws InfraGraphException {
        long bytes = nodes * BYTES_PER_NODE + links * GraphEstimate.BYTES_PER_LINK;
        String size = String.format(Locale.ROOT, "%s: the infrastructure holds %,d components and up to %,d directed"
                + " links", source, nodes, links);
        if (nodes > Integer.MAX_VALUE || links > Integer.MAX_VALUE) {
            throw new InfraGraphException(size + ", more than FabricSim's graph numbers (2,147,483,647 of each);"
                    + " check the counts of its instances and devices and the slices of its many2many edges");
        }
        if (bytes > HeapAdvice.graphShareBytes(heapBytes)) {
            throw new InfraGraphException(size + String.format(Locale.ROOT, ", about %.1f GB, more than half of the"
                    + " heap's %.1f GB; check the counts of its instances and devices, or %s", bytes / 1e9,
                    heapBytes / 1e9, HeapAdvice.moreMemoryForGraph(bytes)));
        }
    }
}
