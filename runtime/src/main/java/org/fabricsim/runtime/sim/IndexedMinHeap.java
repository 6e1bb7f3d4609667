package org.fabricsim.runtime.sim;

import java.util.Arrays;

/**
 * A 4-ary min-heap of int handles ordered by a {@code long} key, then by a {@code long}
 * tie-breaker, then by the handle itself, so the order is total and deterministic: the sequence
 * of handles that {@link #peek} and {@link #poll} return depends only on the entries, not on how
 * they are laid out.
 *
 * <p>The handle space is [0, capacity) and grows on demand; each handle is in the heap at most
 * once, and its key can be changed in place (the heap keeps the position of every handle).
 * Insert, update, remove and poll cost O(log₄ n) levels (4 children compared per level on the way
 * down); peek costs O(1). Keys and tie-breakers are stored by heap position, next to the handles,
 * so a sift reads contiguous memory instead of one cache line per visited handle. No allocation
 * except when the handle space grows.
 *
 * <p><b>Small: a sorted array.</b> From empty up to {@link #SORTED_MAX} entries the array is kept
 * sorted in descending order, the smallest entry last: a poll takes it without a comparison, an
 * insertion or update scans from the smallest end and moves the k smaller entries one place on,
 * O(k) predictable steps instead of a sift's data-dependent branches (a serving run's completion
 * heap holds one KV transfer's 8 flows most of the time). An insertion beyond {@link #SORTED_MAX}
 * reverses the array, which makes it an ascending array and so a valid heap, O(n) once; it stays a
 * heap until it is empty again. A bulk load ({@link #append}, {@link #heapify}) builds a heap. The
 * order of polls is the same in both layouts, since the order is total.
 *
 * <p>Non-negative {@code double} keys can be stored through {@link #orderedBits(double)}: the raw
 * IEEE-754 bits of non-negative doubles are ordered like the doubles themselves.
 */
public final class IndexedMinHeap {
    private static final int ABSENT = -1;
    /** Entries up to which an empty-started heap keeps a sorted array. */
    static final int SORTED_MAX = 32;

    private int[] heap;
    private long[] key;
    private long[] tie;
    private int[] position;
    private int size;
    /** Whether {@code heap[0, size)} is sorted descending (smallest last) rather than a heap. */
    private boolean sorted = true;

    /** A heap for handles in [0, initialCapacity); larger handles grow it. */
    public IndexedMinHeap(int initialCapacity) {
        int capacity = Math.max(4, initialCapacity);
        heap = new int[capacity];
        key = new long[capacity];
        tie = new long[capacity];
        position = new int[capacity];
        Arrays.fill(position, ABSENT);
    }

    /** The order-preserving long image of a non-negative double. */
    public static long orderedBits(double nonNegative) {
        return Double.doubleToRawLongBits(nonNegative + 0.0);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(int handle) {
        return handle < position.length && position[handle] != ABSENT;
    }

    /** The handle with the smallest (key, tie, handle). The heap must not be empty. */
    public int peek() {
        return heap[sorted ? size - 1 : 0];
    }

    /** The smallest key. The heap must not be empty. */
    public long peekKey() {
        return key[sorted ? size - 1 : 0];
    }

    /** Removes and returns the smallest handle. */
    public int poll() {
        if (sorted) {
            int top = heap[--size];
            position[top] = ABSENT;
            return top;
        }
        int top = heap[0];
        removeAt(0);
        return top;
    }

    /** Inserts {@code handle}, or moves it if it is already present. */
    public void put(int handle, long newKey, long newTie) {
        ensureHandle(handle);
        int at = position[handle];
        if (sorted) {
            if (at != ABSENT) {
                removeSorted(at);
            }
            if (size < SORTED_MAX) {
                insertSorted(handle, newKey, newTie);
                return;
            }
            toHeap();
            at = ABSENT;
        }
        if (at == ABSENT) {
            siftUp(size++, handle, newKey, newTie);
        } else if (less(newKey, newTie, handle, at)) {
            siftUp(at, handle, newKey, newTie);
        } else {
            siftDown(at, handle, newKey, newTie);
        }
    }

    /**
     * Adds an absent {@code handle} at the end without restoring the heap order: a bulk load is
     * a run of appends followed by {@link #heapify()}, before any other call.
     */
    public void append(int handle, long newKey, long newTie) {
        ensureHandle(handle);
        sorted = false;
        set(size++, handle, newKey, newTie);
    }

    /**
     * Restores the heap order after {@link #append}s: Floyd's bottom-up construction, sifting
     * every inner node down from the last one, O(n) instead of the O(n log₄ n) of n puts. The polls
     * that follow are the same as after puts, since the order is total.
     */
    public void heapify() {
        for (int at = size > 1 ? (size - 2) >>> 2 : -1; at >= 0; at--) {
            siftDown(at, heap[at], key[at], tie[at]);
        }
    }

    /** Removes {@code handle} if present. */
    public void remove(int handle) {
        if (!contains(handle)) {
            return;
        }
        if (sorted) {
            removeSorted(position[handle]);
        } else {
            removeAt(position[handle]);
        }
    }

    /** Removes every handle. O(n). */
    public void clear() {
        for (int i = 0; i < size; i++) {
            position[heap[i]] = ABSENT;
        }
        size = 0;
        sorted = true;
    }

    /** Inserts an absent handle into the sorted array (size below {@link #SORTED_MAX}). */
    private void insertSorted(int handle, long k, long t) {
        int at = size++;
        while (at > 0 && less(key[at - 1], tie[at - 1], heap[at - 1], k, t, handle)) {
            move(at - 1, at);
            at--;
        }
        set(at, handle, k, t);
    }

    /** Removes the entry at {@code at} of the sorted array, closing the gap. */
    private void removeSorted(int at) {
        position[heap[at]] = ABSENT;
        size--;
        for (int i = at; i < size; i++) {
            move(i + 1, i);
        }
    }

    /** The sorted (descending) array becomes a heap: reversed, it is ascending, so heap-ordered. */
    private void toHeap() {
        for (int low = 0, high = size - 1; low < high; low++, high--) {
            int handle = heap[low];
            long k = key[low];
            long t = tie[low];
            move(high, low);
            set(high, handle, k, t);
        }
        sorted = false;
    }

    private void removeAt(int at) {
        position[heap[at]] = ABSENT;
        size--;
        if (size == 0) {
            sorted = true;
        }
        if (at < size) {
            int last = heap[size];
            long lastKey = key[size];
            long lastTie = tie[size];
            if (at > 0 && less(lastKey, lastTie, last, (at - 1) >>> 2)) {
                siftUp(at, last, lastKey, lastTie);
            } else {
                siftDown(at, last, lastKey, lastTie);
            }
        }
    }

    /** Whether (k, t, handle) orders before the entry at position {@code at}. */
    private boolean less(long k, long t, int handle, int at) {
        return less(k, t, handle, key[at], tie[at], heap[at]);
    }

    /** Places (handle, k, t) at {@code at} or above, moving larger parents down. */
    private void siftUp(int at, int handle, long k, long t) {
        while (at > 0) {
            int parent = (at - 1) >>> 2;
            if (!less(k, t, handle, parent)) {
                break;
            }
            move(parent, at);
            at = parent;
        }
        set(at, handle, k, t);
    }

    /** Places (handle, k, t) at {@code at} or below, moving smaller children up. */
    private void siftDown(int at, int handle, long k, long t) {
        while (true) {
            int first = 4 * at + 1;
            if (first >= size) {
                break;
            }
            int smallest = first;
            int end = Math.min(first + 4, size);
            for (int child = first + 1; child < end; child++) {
                if (less(key[child], tie[child], heap[child], smallest)) {
                    smallest = child;
                }
            }
            if (!less(key[smallest], tie[smallest], heap[smallest], k, t, handle)) {
                break;
            }
            move(smallest, at);
            at = smallest;
        }
        set(at, handle, k, t);
    }

    /** Whether (k1, t1, h1) orders before (k2, t2, h2): by key, then tie-breaker, then handle. */
    private static boolean less(long k1, long t1, int h1, long k2, long t2, int h2) {
        return k1 != k2 ? k1 < k2 : t1 != t2 ? t1 < t2 : h1 < h2;
    }

    private void move(int from, int to) {
        set(to, heap[from], key[from], tie[from]);
    }

    private void set(int at, int handle, long k, long t) {
        heap[at] = handle;
        key[at] = k;
        tie[at] = t;
        position[handle] = at;
    }

    private void ensureHandle(int handle) {
        if (handle < position.length) {
            return;
        }
        int capacity = Math.max(handle + 1, position.length * 2);
        heap = Arrays.copyOf(heap, capacity);
        key = Arrays.copyOf(key, capacity);
        tie = Arrays.copyOf(tie, capacity);
        int old = position.length;
        position = Arrays.copyOf(position, capacity);
        Arrays.fill(position, old, capacity, ABSENT);
    }
}
