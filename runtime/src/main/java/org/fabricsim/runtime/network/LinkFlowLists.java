package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * The flow–link incidence of {@link MaxMinNetwork}: per link a dynamic list of entries
 * {@code class << entryShift | j} (j the index of the link on the class's path) and the summed
 * multiplicity of its classes; per class and path index, the position of its entry in that link's
 * list. Adding an entry appends to the list (amortized O(1), the list doubles when full); removing
 * one swaps it with the last entry and updates the moved entry's position directly, O(1), so a class
 * of P links costs O(P) to add or remove. The arrays are read directly by the component search, the
 * fill and the derating (package-private fields, loaded into locals before their loops).
 */
final class LinkFlowLists {
    /** Per link its entries ({@code class << entryShift | path index}); null until the link is first used. */
    final int[][] entries;
    /** Per link the number of entries in use. */
    final int[] count;
    /** Per link Σ multiplicity of its classes. */
    final long[] weight;
    /** Per link the number of its entries of path index 0: the classes whose first link (their sender's) it is. */
    final int[] firstCount;
    /** Bits of an entry that hold the path index. */
    final int entryShift;
    private final int entryMask;
    final int maxPathLinks;
    /** Per class {@code flow * maxPathLinks + j}: the position of its j-th entry in its link's list. */
    private int[] position;
    /** Links with at least one entry. */
    int linksInUse;
    /** The links with at least one entry, in no particular order: entries [0, linksInUse). */
    final int[] loaded;
    /** Per loaded link its index in {@link #loaded}. */
    private final int[] loadedPosition;

    LinkFlowLists(int linkCount, int maxPathLinks, int classCapacity) {
        this.maxPathLinks = maxPathLinks;
        entries = new int[linkCount][];
        count = new int[linkCount];
        weight = new long[linkCount];
        firstCount = new int[linkCount];
        loaded = new int[linkCount];
        loadedPosition = new int[linkCount];
        position = new int[classCapacity * maxPathLinks];
        entryShift = 32 - Integer.numberOfLeadingZeros(Math.max(1, maxPathLinks - 1));
        entryMask = (1 << entryShift) - 1;
    }

    /** Room for class handles below {@code capacity}; fails when an entry could no longer hold them. */
    void grow(int capacity) {
        if ((long) capacity << entryShift > Integer.MAX_VALUE) {
            throw new IllegalStateException("too many flow classes for paths of " + maxPathLinks + " links: " + capacity);
        }
        position = Arrays.copyOf(position, capacity * maxPathLinks);
    }

    /** Appends class {@code flow}, whose path has {@code link} at index {@code j}, with multiplicity {@code classWeight}. */
    void add(int link, int flow, int j, int classWeight) {
        int used = count[link];
        int[] list = entries[link];
        if (list == null) {
            list = entries[link] = new int[4];
        } else if (used == list.length) {
            list = entries[link] = Arrays.copyOf(list, used * 2);
        }
        if (used == 0) {
            loadedPosition[link] = linksInUse;
            loaded[linksInUse++] = link;
        }
        list[used] = flow << entryShift | j;
        position[flow * maxPathLinks + j] = used;
        count[link] = used + 1;
        weight[link] += classWeight;
        if (j == 0) {
            firstCount[link]++;
        }
    }

    /** Removes the entry that {@link #add} made; returns whether {@code link} is left without classes. */
    boolean remove(int link, int flow, int j, int classWeight) {
        int at = position[flow * maxPathLinks + j];
        int last = --count[link];
        if (last == 0) {
            int lastLoaded = loaded[--linksInUse];
            loaded[loadedPosition[link]] = lastLoaded;
            loadedPosition[lastLoaded] = loadedPosition[link];
        }
        int[] list = entries[link];
        int moved = list[last];
        list[at] = moved;
        position[(moved >>> entryShift) * maxPathLinks + (moved & entryMask)] = at;
        weight[link] -= classWeight;
        if (j == 0) {
            firstCount[link]--;
        }
        return last == 0;
    }
}
