package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

class ShareHeapTest {
    @Test
    void shouldPollLinksByKeyThenHandleWhenKeysTie() {
        // keys 5, 3, 3, 7, 0 on links 10, 2, 1, 4, 9: by (key, link) 9 (0), 1 (3), 2 (3), 10 (5), 4 (7)
        ShareHeap heap = new ShareHeap();
        heap.clear();
        int[] links = {10, 2, 1, 4, 9};
        long[] keys = {5, 3, 3, 7, 0};
        for (int i = 0; i < links.length; i++) {
            heap.append(links[i], keys[i]);
        }
        int[] expectedLinks = {9, 1, 2, 10, 4};
        long[] expectedKeys = {0, 3, 3, 5, 7};
        for (int i = 0; i < expectedLinks.length; i++) {
            assertEquals(expectedLinks[i], heap.peek());
            assertEquals(expectedKeys[i], heap.peekKey());
            heap.poll();
        }
        assertTrue(heap.isEmpty());
    }

    @Test
    void shouldGiveTheSmallestKeyAndHandleWhenTopsAreRekeyedUpwards() {
        // the fill's use: load, then poll the top or move it to a larger key (ties on purpose: keys
        // drawn from a small range; raised at most 2^40 a time, far below overflow; in odd rounds the
        // link handles spread over 31 bits, a bijection of 0..n−1, so every digit of a handle differs
        // somewhere); the reference is a sorted set of (key, link)
        Random random = new Random(11);
        ShareHeap heap = new ShareHeap();
        for (int round = 0; round < 20; round++) {
            int n = 1 + random.nextInt(round < 10 ? 40 : 3_000);
            long range = round % 2 == 0 ? 50 : 1L << 62;
            TreeSet<long[]> reference = new TreeSet<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                    : Long.compare(a[1], b[1]));
            heap.clear();
            for (int i = 0; i < n; i++) {
                int link = round % 2 == 0 ? i : (int) (i * 0x9E3779B1L & Integer.MAX_VALUE);
                long key = Math.floorMod(random.nextLong(), range);
                heap.append(link, key);
                reference.add(new long[] {key, link});
            }
            while (!reference.isEmpty()) {
                long[] least = reference.first();
                assertEquals(least[1], heap.peek(), "round " + round);
                assertEquals(least[0], heap.peekKey(), "round " + round);
                reference.remove(least);
                if (random.nextInt(3) == 0) {
                    heap.poll();
                } else {
                    long key = least[0] + 1 + Math.floorMod(random.nextLong(), Math.min(range / 8, 1L << 40) + 1);
                    heap.rekeyTop(key);
                    reference.add(new long[] {key, least[1]});
                }
            }
            assertTrue(heap.isEmpty());
        }
    }

    @Test
    void shouldOrderSharesThatDifferInTheirLastBitsAsTheirKeysWhenLoadedTogether() {
        // the loads are sorted by their keys' high 32 bits and link first: shares within 10^-6 of each
        // other (the last bits of a rounded division) share those bits and must still come out by
        // (key, link); here 3,000 links with shares 1e9·(1 + j·2^-45) for j < 8, and exact ties among
        // them; the reference is a sorted set of (key, link)
        Random random = new Random(5);
        ShareHeap heap = new ShareHeap();
        TreeSet<long[]> reference = new TreeSet<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : Long.compare(a[1], b[1]));
        heap.clear();
        for (int link = 0; link < 3_000; link++) {
            int spread = (int) (link * 0x9E3779B1L & 0xFFFFF);
            long key = Double.doubleToRawLongBits(1e9 * (1 + random.nextInt(8) * 0x1p-45));
            heap.append(spread, key);
            reference.add(new long[] {key, spread});
        }
        while (!reference.isEmpty()) {
            long[] least = reference.pollFirst();
            assertEquals(least[1], heap.peek());
            assertEquals(least[0], heap.peekKey());
            heap.poll();
        }
        assertTrue(heap.isEmpty());
    }
}
