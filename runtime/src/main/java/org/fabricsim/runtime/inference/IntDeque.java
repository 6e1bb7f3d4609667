package org.fabricsim.runtime.inference;

/** A growable ring buffer of ints with O(1) amortized push and pop at both ends. */
final class IntDeque {
    private int[] items = new int[16];
    private int head;
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int peekFirst() {
        return items[head];
    }

    int pollFirst() {
        int value = items[head];
        head = (head + 1) & (items.length - 1);
        size--;
        return value;
    }

    void addLast(int value) {
        grow();
        items[(head + size) & (items.length - 1)] = value;
        size++;
    }

    void addFirst(int value) {
        grow();
        head = (head - 1) & (items.length - 1);
        items[head] = value;
        size++;
    }

    private void grow() {
        if (size < items.length) {
            return;
        }
        int[] bigger = new int[items.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = items[(head + i) & (items.length - 1)];
        }
        items = bigger;
        head = 0;
    }
}
