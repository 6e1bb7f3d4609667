package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * The components of {@link ComponentSearch}'s searches to the end, remembered between re-solves, so that a component
 * that has not split since its last search is taken whole without searching it again (the Llama 3 405B DCQCN step:
 * 5.12 M of the 5.95 M classes its re-solves cover, docs/performance.md).
 *
 * <p><b>The labels.</b> A search from seed link s labels every link and class it reaches with s, the component's
 * root. Between two searches of a component without starts, the flow–link graph only loses classes (finishes) and
 * links (emptied by them): components split but never merge, and after a start every component with a dirty link is
 * searched, relabelling a merged one whole. Each piece of a split holds a link of a finished class that cut it, and
 * those links are dirty, so every piece is searched; a dirty loaded link whose component has not split finds its
 * component's members, and only them, under its label: the loaded links and live classes labelled with its root. A
 * collection of everything ({@link #forget}) leaves the labels unknown until the next search.
 *
 * <p><b>The proof that a component has not split</b> is the search's tree, kept spanning it by {@link SpanningTree}:
 * a finish cuts the tree only at the links whose parent was the finished class (orphans, noted here), and an orphan
 * whose subtree has an edge to the rest is joined again; a component with an orphan that is not may have split and is
 * searched. O(orphans' subtrees) per re-solve, and O(loaded links + live classes) to list the taken components'
 * members, reading no class record and no link list.
 */
final class UnsplitComponents {
    /** Per link, the root of the search that last reached it, −1 before one or after every class was taken. */
    private final int[] linkRoot;
    private int[] classRoot;
    /** The searches' trees, kept spanning their components. */
    private final SpanningTree tree;
    /** The links whose parent finished since the last collection, {@link #orphanCount} of them. */
    private final int[] orphans;
    private int orphanCount;
    /** Whether a class started since the last collection: then every component is searched. */
    private boolean started;
    /** Per root, {@link #stamp} when its component may have split (an orphan without a parent) in this collection. */
    private final int[] splitStamp;
    /** Per root, {@link #stamp} when its component is taken in this collection, at index {@link #index} among them. */
    private final int[] takenStamp;
    private final int[] index;
    private int stamp;
    /** The components taken in this collection, and per one its links counted, then its next place. */
    int taken;
    private int[] linksOf = new int[16];

    UnsplitComponents(int linkCount, int classCapacity) {
        linkRoot = new int[linkCount];
        Arrays.fill(linkRoot, -1);
        orphans = new int[linkCount];
        splitStamp = new int[linkCount];
        takenStamp = new int[linkCount];
        index = new int[linkCount];
        classRoot = new int[0];
        tree = new SpanningTree(linkCount, classCapacity);
        grow(classCapacity);
    }

    /** Room for class handles below {@code capacity}. */
    void grow(int capacity) {
        if (classRoot.length < capacity) {
            int old = classRoot.length;
            classRoot = Arrays.copyOf(classRoot, capacity);
            Arrays.fill(classRoot, old, capacity, -1);
        }
        tree.grow(capacity);
    }

    /** A class started (or was listed). */
    void started() {
        started = true;
    }

    /** Class {@code flow} finished and left {@code link}: an orphan if it was the link's parent. */
    void left(int link, int flow) {
        if (tree.linkParent[link] == flow && !tree.orphan[link]) {
            tree.orphan[link] = true;
            orphans[orphanCount++] = link;
        }
    }

    /** {@code seed} roots a search: no parent. */
    void root(int seed) {
        linkRoot[seed] = seed;
        tree.linkParent[seed] = -1;
    }

    /** Class {@code flow} first found in {@code link}'s list by the search from {@code root}. */
    void reachClass(int flow, int link, int root) {
        classRoot[flow] = root;
        tree.classParent[flow] = link;
    }

    /** Link {@code link} first found on class {@code flow}'s path by the search from {@code root}. */
    void reachLink(int link, int flow, int root) {
        linkRoot[link] = root;
        tree.linkParent[link] = flow;
    }

    /**
     * Begins a collection: finds a parent for every orphan left loaded, noting the components where one has none,
     * and forgets the orphans. Returns whether components may be taken (no class started since the last one).
     */
    boolean begin(LinkFlowLists lists, int[] records, int stride) {
        stamp++;
        taken = 0;
        boolean take = !started;
        started = false;
        for (int i = 0; i < orphanCount; i++) {
            int link = orphans[i];
            int root = linkRoot[link];
            if (take && lists.count[link] > 0 && root >= 0 && splitStamp[root] != stamp
                    && !tree.adopt(lists, records, stride, link)) {
                splitStamp[root] = stamp;
            }
        }
        for (int i = 0; i < orphanCount; i++) {
            tree.orphan[orphans[i]] = false;
        }
        orphanCount = 0;
        return take;
    }

    /** Takes loaded {@code link}'s component whole when it has not split (once per collection); false if searched. */
    boolean take(int link) {
        int root = linkRoot[link];
        if (root < 0 || splitStamp[root] == stamp) {
            return false;
        }
        if (takenStamp[root] != stamp) {
            takenStamp[root] = stamp;
            index[root] = taken++;
        }
        return true;
    }

    /**
     * Appends the taken components' loaded links to {@code componentLinks} after its first {@code links}, one
     * component after the other, and sets their ends in {@code componentEnd} from index {@code first}. Returns the
     * links in all. O(loaded links + taken components).
     */
    int appendLinks(LinkFlowLists lists, int[] componentLinks, int links, int[] componentEnd, int first) {
        if (taken == 0) {
            return links;
        }
        if (linksOf.length < taken) {
            linksOf = new int[Math.max(taken, 2 * linksOf.length)];
        }
        Arrays.fill(linksOf, 0, taken, 0);
        int[] loaded = lists.loaded;
        int inUse = lists.linksInUse;
        for (int i = 0; i < inUse; i++) {
            int root = linkRoot[loaded[i]];
            if (root >= 0 && takenStamp[root] == stamp) {
                linksOf[index[root]]++;
            }
        }
        int end = links;
        for (int c = 0; c < taken; c++) {
            int count = linksOf[c];
            linksOf[c] = end;
            end += count;
            componentEnd[first + c] = end;
        }
        for (int i = 0; i < inUse; i++) {
            int root = linkRoot[loaded[i]];
            if (root >= 0 && takenStamp[root] == stamp) {
                componentLinks[linksOf[index[root]]++] = loaded[i];
            }
        }
        return end;
    }

    /**
     * Of the live classes {@code candidates} (bits of the handles from {@code word << 6}), those of a taken
     * component; writes their component, {@code first} plus its index, into {@code componentOf}. O(candidates).
     */
    long members(int word, long candidates, int[] componentOf, int first) {
        long members = 0;
        for (long bits = candidates; bits != 0; bits &= bits - 1) {
            int flow = word << 6 | Long.numberOfTrailingZeros(bits);
            int root = classRoot[flow];
            if (root >= 0 && takenStamp[root] == stamp) {
                members |= bits & -bits;
                componentOf[flow] = first + index[root];
            }
        }
        return members;
    }

    /** Forgets the labels of {@code links} and {@code flows}, all taken at once: their components are unknown. */
    void forget(int[] links, int linkCount, int[] flows, int flowCount) {
        for (int i = 0; i < linkCount; i++) {
            linkRoot[links[i]] = -1;
        }
        for (int i = 0; i < flowCount; i++) {
            classRoot[flows[i]] = -1;
        }
        for (int i = 0; i < orphanCount; i++) {
            tree.orphan[orphans[i]] = false;
        }
        orphanCount = 0;
        started = false;
    }
}
