package org.fabricsim.runtime.sim;

import java.util.Arrays;

/**
 * A binary min-heap of int handles ordered by a {@code long} key, then by a {@code long}
 * tie-breaker, then by the handle itself, so the order is total and deterministic.
 *
 * <p>The handle space is [0, capacity) and grows on demand; each handle is in the heap at most
 * once, and its key can be changed in place (the heap keeps the position of every handle).
 * Insert, update, remove and poll cost O(log n); peek costs O(1). No allocation except when the
 * handle space grows.
 *
 * <p>Non-negative {@code double} keys can be stored through {@link #orderedBits(double)}: the raw
 * IEEE-754 bits of non-negative doubles are ordered like the doubles themselves.
 */
public final class IndexedMinHeap {
    private static final int ABSENT = -1;

    private int[] heap;
    private int[] position;
    private long[] key;
    private long[] tie;
    private int size;

    /** A heap for handles in [0, initialCapacity); larger handles grow it. */
    public IndexedMinHeap(int initialCapacity) {
        int capacity = Math.max(4, initialCapacity);
        heap = new int[capacity];
        position = new int[capacity];
        Arrays.fill(position, ABSENT);
        key = new long[capacity];
        tie = new long[capacity];
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
        return heap[0];
    }

    /** The smallest key. The heap must not be empty. */
    public long peekKey() {
        return key[heap[0]];
    }

    /** Removes and returns the smallest handle. */
    public int poll() {
        int top = heap[0];
        removeAt(0);
        return top;
    }

    /** Inserts {@code handle}, or moves it if it is already present. */
    public void put(int handle, long newKey, long newTie) {
        ensureHandle(handle);
        key[handle] = newKey;
        tie[handle] = newTie;
        int at = position[handle];
        if (at == ABSENT) {
            heap[size] = handle;
            position[handle] = size;
            siftUp(size++);
        } else {
            siftDown(siftUp(at));
        }
    }

    /** Removes {@code handle} if present. */
    public void remove(int handle) {
        if (contains(handle)) {
            removeAt(position[handle]);
        }
    }

    /** Removes every handle. O(n). */
    public void clear() {
        for (int i = 0; i < size; i++) {
            position[heap[i]] = ABSENT;
        }
        size = 0;
    }

    private void removeAt(int at) {
        int removed = heap[at];
        position[removed] = ABSENT;
        size--;
        if (at < size) {
            int last = heap[size];
            heap[at] = last;
            position[last] = at;
            siftDown(siftUp(at));
        }
    }

    private boolean less(int a, int b) {
        if (key[a] != key[b]) {
            return key[a] < key[b];
        }
        if (tie[a] != tie[b]) {
            return tie[a] < tie[b];
        }
        return a < b;
    }

    private int siftUp(int at) {
        int handle = heap[at];
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            int parentHandle = heap[parent];
            if (!less(handle, parentHandle)) {
                break;
            }
            heap[at] = parentHandle;
            position[parentHandle] = at;
            at = parent;
        }
        heap[at] = handle;
        position[handle] = at;
        return at;
    }

    private void siftDown(int at) {
        int handle = heap[at];
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && less(heap[child + 1], heap[child])) {
                child++;
            }
            if (!less(heap[child], handle)) {
                break;
            }
            heap[at] = heap[child];
            position[heap[at]] = at;
            at = child;
        }
        heap[at] = handle;
        position[handle] = at;
    }

    private void ensureHandle(int handle) {
        if (handle < position.length) {
            return;
        }
        int capacity = Math.max(handle + 1, position.length * 2);
        heap = Arrays.copyOf(heap, capacity);
        int old = position.length;
        position = Arrays.copyOf(position, capacity);
        Arrays.fill(position, old, capacity, ABSENT);
        key = Arrays.copyOf(key, capacity);
        tie = Arrays.copyOf(tie, capacity);
    }
}
