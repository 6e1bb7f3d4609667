package org.fabricsim.runtime.network;

/**
 * What {@link ComponentSearch} collects for a re-solve, as the fills read it: the component's links
 * ({@link #componentLinks}) and classes ({@link #componentFlows}, in handle order), after a search to the end its
 * components ({@link #components}, {@link #componentEnd}, {@link #componentOf}), and the live classes as bits
 * ({@link #live}, one per handle), which a full collection takes whole. Besides the lists, the two readings
 * {@link MaxMinNetwork} takes before it picks a re-solve's kind: the fastest live rate (O(F/64 + F)) and whether
 * every class of the component has its links to itself (O(F·P) for paths of P links). Memory: O(L + F) ints for L
 * links and F class handles, and F/64 words.
 */
abstract class CollectedComponent {
    final LinkFlowLists lists;
    /** The links of the last collected component (as many as {@link ComponentSearch#collect} returned). */
    final int[] componentLinks;
    /** The classes of the last collected component, {@link #flowsInComponent} of them. */
    int[] componentFlows;
    int flowsInComponent;
    /**
     * The components of the last search to the end ({@link ComponentSearch#collect}), 0 after any other collection:
     * component c's links are {@link #componentLinks} from {@code componentEnd[c - 1]} (0 for the first) to
     * {@code componentEnd[c]}, and its classes those whose {@link #componentOf} is c.
     */
    int components;
    final int[] componentEnd;
    /** Per class handle, its component in the last search to the end that reached it. */
    int[] componentOf;
    /** Whether the last {@link ComponentSearch#collect} took every loaded link and live class. */
    boolean tookAll;
    /** Bit f is set while class f is live: the full collection scans these words, not the records. */
    long[] live;

    CollectedComponent(LinkFlowLists lists, int linkCount, int classCapacity) {
        this.lists = lists;
        componentLinks = new int[linkCount];
        componentFlows = new int[classCapacity];
        componentEnd = new int[linkCount];
        componentOf = new int[classCapacity];
        live = new long[(classCapacity + 63) >>> 6];
    }

    /** The fastest rate of the live classes in {@code rates}. O(F/64 + F). */
    double fastestLive(double[] rates, int handleBound) {
        double fastest = 0;
        int words = (handleBound + 63) >>> 6;
        for (int word = 0; word < words; word++) {
            long bits = live[word];
            while (bits != 0) {
                fastest = Math.max(fastest, rates[word << 6 | Long.numberOfTrailingZeros(bits)]);
                bits &= bits - 1;
            }
        }
        return fastest;
    }

    void clearLive(int flow) {
        live[flow >>> 6] &= ~(1L << flow);
    }

    /** Whether every link of every class of the component carries that class alone. O(F·P). */
    boolean aloneOnTheirLinks(FlowTable table) {
        int[] linkFlowCount = lists.count;
        int[] records = table.records;
        int stride = table.stride;
        for (int i = 0; i < flowsInComponent; i++) {
            int base = componentFlows[i] * stride;
            int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
            for (int at = base + FlowTable.LINKS; at < end; at++) {
                if (linkFlowCount[records[at]] != 1) {
                    return false;
                }
            }
        }
        return true;
    }
}
