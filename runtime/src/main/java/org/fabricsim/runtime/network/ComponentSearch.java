package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * Which part of {@link MaxMinNetwork}'s flow–link graph a re-solve covers: the dirty links (those
 * whose classes changed since the last solve) and the connected component they reach, as the lists
 * {@link #componentLinks} and {@link #componentFlows} ({@link CollectedComponent}, which the fills read).
 *
 * <p>The component is found by breadth-first search over the link lists ({@link LinkFlowLists}):
 * O(entries scanned + classes reached · P) for paths of P links. Reached classes are bits of a set
 * cleared per search (one bit per handle, a few kilobytes, cached), so checking a list's entries
 * does not touch the class records: a link's entries are appended and counted as new without a branch
 * (the count grows by the complement of the class's bit), then the new ones' paths are read. The
 * classes are listed in handle order at the end, read off the reached bits. When at least half the
 * loaded links are dirty, or (unless {@link #searchToEnd}) as soon as the search has reached half of
 * them, every loaded link and every live class is taken in handle order instead ({@link #collectAll}),
 * O(L + F) with the live classes read as bits (one word per 64 handles), not as records.
 * Re-solving an untouched component reproduces its rates exactly, since progressive filling treats
 * components independently and deterministically, so where the search stops changes no rate, only
 * how many classes a solve covers: under a fabric's derating a solve costs two fills and the saturated
 * links' readings per class, so the search runs to the component's end there (the Llama 3 405B DCQCN
 * step: 6.55 M classes collected against 8.13 M, docs/performance.md), one component after the other
 * ({@link #collectEach}, for {@link KeptComponents}), and a component that has not split since its last search is
 * taken whole, unsearched ({@link UnsplitComponents}), while a single ideal fill keeps the fallback.
 */
final class ComponentSearch extends CollectedComponent {
    private final LoneClasses lone;
    /** The links whose classes changed since the last collection: the search's seeds. */
    final DirtyLinks dirty;
    private final int[] linkStamp;
    private int epoch;
    /** The links a search has listed in {@link #componentLinks} so far. */
    private int linksReached;
    /** Whether a search runs to its component's end instead of falling back at half the loaded links. */
    boolean searchToEnd;
    /** Bit f is set once the component search has reached class f (cleared per search). */
    private long[] reached;
    /** The components of the searches to the end, kept while they have not split. */
    private final UnsplitComponents unsplit;

    ComponentSearch(LinkFlowLists lists, LoneClasses lone, int linkCount, int classCapacity) {
        super(lists, linkCount, classCapacity);
        this.lone = lone;
        dirty = new DirtyLinks(linkCount);
        linkStamp = new int[linkCount];
        reached = new long[live.length];
        unsplit = new UnsplitComponents(linkCount, classCapacity);
    }

    /** Room for class handles below {@code capacity}. */
    void grow(int capacity) {
        int words = (capacity + 63) >>> 6;
        if (live.length < words) {
            live = Arrays.copyOf(live, words);
            reached = new long[words];
        }
        if (componentOf.length < capacity) {
            componentOf = Arrays.copyOf(componentOf, capacity);
            componentFlows = Arrays.copyOf(componentFlows, Math.max(capacity, componentFlows.length));
        }
        unsplit.grow(capacity);
    }

    void setLive(int flow) {
        live[flow >>> 6] |= 1L << flow;
        unsplit.started();
    }

    /** Class {@code flow} finished and left {@code link} (noted for {@link UnsplitComponents} under a derating). */
    void left(int link, int flow) {
        dirty.mark(link);
        if (searchToEnd) {
            unsplit.left(link, flow);
        }
    }

    /**
     * Collects the component of the dirty links, {@code dirtyLoaded} of which carry classes, into
     * {@link #componentLinks} and {@link #componentFlows}, and returns its number of links; the
     * class records of {@code table} give the paths and bound the live handles.
     */
    int collect(int dirtyLoaded, FlowTable table) {
        tookAll = false;
        components = 0;
        if (2 * dirtyLoaded >= loadedLinks()) {
            return collectAll(table.handleBound());
        }
        return searchToEnd ? collectEach(table.records, table.stride, table.handleBound())
                : collectComponent(table.records, table.stride, table.handleBound());
    }

    /**
     * Every loaded link, from the list of loaded ones (the fill's result does not depend on their
     * order: its heap orders links totally, by share then handle), and every live class in handle
     * order; O(loaded links + F/64 + F), however many links the fabric has.
     */
    private int collectAll(int handleBound) {
        tookAll = true;
        dirty.clear();
        int links = lists.linksInUse;
        System.arraycopy(lists.loaded, 0, componentLinks, 0, links);
        int flows = 0;
        int words = (handleBound + 63) >>> 6;
        for (int word = 0; word < words; word++) {
            long bits = live[word];
            while (bits != 0) {
                if (flows == componentFlows.length) {
                    componentFlows = Arrays.copyOf(componentFlows, flows * 2);
                }
                componentFlows[flows++] = word << 6 | Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        flowsInComponent = flows;
        if (searchToEnd) {
            unsplit.forget(componentLinks, links, componentFlows, flows);
        }
        return links;
    }

    /** Links that carry a class, listed or lone ({@link LoneClasses}). */
    private int loadedLinks() {
        return lists.linksInUse + lone.links;
    }

    /**
     * Breadth-first search from the dirty links; falls back to {@link #collectAll} at half the loaded
     * links (without {@link #searchToEnd}). A lone class is in no list, so the search does not reach it and
     * does not collect it: its rate stands, and its links are all dirty and seeded when it can matter (it
     * started since the last solve), where they count towards the fallback as loaded links.
     */
    private int collectComponent(int[] records, int stride, int handleBound) {
        epoch++;
        Arrays.fill(reached, 0, (handleBound + 63) >>> 6, 0L);
        int links = 0;
        int flows = 0;
        for (int i = 0; i < dirty.count; i++) {
            int link = dirty.links[i];
            if (linkStamp[link] != epoch) {
                linkStamp[link] = epoch;
                componentLinks[links++] = link;
            }
        }
        dirty.clear();
        linksReached = links;
        int head = 0;
        while (head < links) {
            flows = reach(componentLinks[head++], flows, records, stride, 0, -1);
            links = linksReached;
            if (2 * links > loadedLinks()) {
                return collectAll(handleBound);
            }
        }
        flowsInComponent = inHandleOrder(handleBound, false, 0);
        return links;
    }

    /**
     * The search to the end, one component at a time: from each dirty link not yet reached, breadth first to its
     * component's end ({@link #components}), unless {@link UnsplitComponents} takes it whole (after the searched ones).
     * The links and classes of one search from all the dirty links, the links in another order, on which no solve
     * depends: the fills order links by share, then handle, and a link's derating reads its own classes.
     * O(entries scanned + classes reached · P) for the components searched, as {@link #collectComponent}.
     */
    private int collectEach(int[] records, int stride, int handleBound) {
        epoch++;
        Arrays.fill(reached, 0, (handleBound + 63) >>> 6, 0L);
        boolean take = unsplit.begin(lists, records, stride);
        int links = 0;
        int flows = 0;
        components = 0;
        for (int i = 0; i < dirty.count; i++) {
            int seed = dirty.links[i];
            if (linkStamp[seed] == epoch || take && lists.count[seed] > 0 && unsplit.take(seed)) {
                continue;
            }
            linkStamp[seed] = epoch;
            componentLinks[links++] = seed;
            unsplit.root(seed);
            linksReached = links;
            for (int head = links - 1; head < links; links = linksReached) {
                flows = reach(componentLinks[head++], flows, records, stride, components, seed);
            }
            componentEnd[components++] = links;
        }
        dirty.clear();
        int searched = components;
        links = unsplit.appendLinks(lists, componentLinks, links, componentEnd, searched);
        components += unsplit.taken;
        flowsInComponent = inHandleOrder(handleBound, unsplit.taken > 0, searched);
        return links;
    }

    /**
     * Appends {@code link}'s classes not reached yet to the first {@code flows} of {@link #componentFlows} (counted
     * without a branch: the count grows by the complement of the class's reached bit), of component {@code c}, and
     * their links not reached yet to {@link #componentLinks} ({@link #linksReached}); returns the classes reached.
     */
    private int reach(int link, int flows, int[] records, int stride, int c, int root) {
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        if (flows + count > componentFlows.length) {
            componentFlows = Arrays.copyOf(componentFlows, Math.max(flows + count, 2 * flows));
        }
        int first = flows;
        for (int k = 0; k < count; k++) {
            int flow = list[k] >>> entryShift;
            int word = flow >>> 6;
            long bits = reached[word];
            componentFlows[flows] = flow;
            flows += (int) (~bits >>> flow & 1L);
            reached[word] = bits | 1L << flow;
        }
        int links = linksReached;
        for (int i = first; i < flows; i++) {
            int flow = componentFlows[i];
            componentOf[flow] = c;
            if (root >= 0) {
                unsplit.reachClass(flow, link, root);
            }
            int base = flow * stride;
            int end = base + FlowTable.LINKS + records[base + FlowTable.LENGTH];
            for (int at = base + FlowTable.LINKS; at < end; at++) {
                int other = records[at];
                if (linkStamp[other] != epoch) {
                    linkStamp[other] = epoch;
                    componentLinks[links++] = other;
                    if (root >= 0) {
                        unsplit.reachLink(other, flow, root);
                    }
                }
            }
        }
        linksReached = links;
        return flows;
    }

    /**
     * Lists the reached classes in {@link #componentFlows} in handle order, read off the reached bits (one word per 64
     * handles; only live classes, which a lone one is not), with those of the components taken whole when {@code taken}
     * (their components numbered from {@code firstTaken}), and returns how many: the solve then reads their records and
     * per-class arrays in address order. O(handles / 64 + F), plus O(live classes) when {@code taken}.
     */
    private int inHandleOrder(int handleBound, boolean taken, int firstTaken) {
        int flows = 0;
        int words = (handleBound + 63) >>> 6;
        for (int word = 0; word < words; word++) {
            long bits = reached[word] & live[word];
            if (taken) {
                bits |= unsplit.members(word, live[word] & ~reached[word], componentOf, firstTaken);
            }
            for (; bits != 0; bits &= bits - 1) {
                componentFlows[flows++] = word << 6 | Long.numberOfTrailingZeros(bits);
            }
        }
        return flows;
    }
}
