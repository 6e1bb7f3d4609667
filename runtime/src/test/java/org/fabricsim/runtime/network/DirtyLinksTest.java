package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** Links a lone class left are marked as if at once, in their place, when anything else is marked after them. */
class DirtyLinksTest {
    @Test
    void shouldMarkDeferredLinksInTheirPlaceBeforeTheNextMarkAndOnlyOnce() {
        // Marked at once, the calls mark 3, left 5, left 1, mark 2, mark 5 list 3, 5, 1, 2 (5 once). Deferring
        // 5 and 1 must give the same list: the mark of 2 marks them first, the second 5 is already there.
        DirtyLinks dirty = new DirtyLinks(8);
        dirty.mark(3);
        dirty.defer(5);
        dirty.defer(1);
        assertEquals(1, dirty.count);
        dirty.mark(2);
        dirty.mark(5);
        assertArrayEquals(new int[] {3, 5, 1, 2}, Arrays.copyOf(dirty.links, dirty.count));
        assertEquals(0, dirty.deferredCount);
    }

    @Test
    void shouldFlushDeferredLinksAfterTheMarkedOnesAndDropThemWhenNothingWasMarked() {
        // Mark 4, then 6 and 0 left: a flush before the re-solve appends them (4, 6, 0). After a clear, 7 left
        // alone is dropped: nothing marked, nothing listed.
        DirtyLinks dirty = new DirtyLinks(8);
        dirty.mark(4);
        dirty.defer(6);
        dirty.defer(0);
        dirty.flush();
        assertArrayEquals(new int[] {4, 6, 0}, Arrays.copyOf(dirty.links, dirty.count));
        dirty.clear();
        dirty.defer(7);
        dirty.dropDeferred();
        dirty.flush();
        assertEquals(0, dirty.count);
    }
}
