package org.fabricsim.runtime.sim;

import java.util.Locale;

/**
 * The fix every estimate that refuses a run too large for the heap offers last: a heap of 1.5 times the estimate,
 * rounded up to whole GiB (the estimates count what a run holds at least, and the collector needs room beside it).
 */
public final class HeapAdvice {
    private HeapAdvice() {
    }

    /** "give the simulator more memory (JAVA_TOOL_OPTIONS=-Xmx<g>g)" for a run estimated at {@code bytes}. */
    public static String moreMemory(long bytes) {
        return String.format(Locale.ROOT, "give the simulator more memory (JAVA_TOOL_OPTIONS=-Xmx%dg)",
                (long) Math.ceil(bytes * 1.5 / (1L << 30)));
    }
}
