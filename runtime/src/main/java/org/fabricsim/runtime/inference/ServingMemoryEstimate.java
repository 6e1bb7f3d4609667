package org.fabricsim.runtime.inference;

import java.util.Locale;

import org.fabricsim.runtime.sim.HeapAdvice;
import org.fabricsim.runtime.spec.InferenceSpec;

/**
 * Before a serving run ({@link InferenceRunner}): the heap its requests' state needs at once, so that a run which
 * cannot fit is refused with its request count and the fix instead of dying with an out-of-memory error after
 * minutes of drawing and simulating.
 *
 * <p><b>Bytes per request</b>, counted from the arrays sized by the request count and live together when the run's
 * metrics are gathered ({@link ServingMetrics#of}, the simulation's state still held): the request stream ({@link
 * RequestStream}: an arrival long and two length ints, 16 B), the request table ({@link RequestTable}: 10 int and 9
 * long arrays, 112 B), the decode clock's join, finish and heap position ({@link DecodeClock}: 20 B), the running
 * lists' links ({@link RunningLists}: 8 B) and the metrics' latency arrays and sort scratch ({@link ServingMetrics}:
 * 5 long or double arrays of the completed requests and 4 more for the sorted seconds and the radix sort's spare,
 * 72 B): {@link #BYTES_PER_REQUEST}, 228 B. With every request arriving at once the whole stream waits in the batch
 * slots' queues at time zero ({@link IntDeque}, an int each, {@link #QUEUED_BYTES_PER_REQUEST}); with shared
 * prefixes each request's drawn prefix is kept ({@link PrefixCache}, an int, {@link #PREFIX_BYTES_PER_REQUEST}).
 * A trace's requests are not counted: its rows bound them (the file is read whole first).
 *
 * <p><b>Fixed part</b>: {@link #FIXED_BYTES}, measured: the benchmark deployment of {@code InferenceHarness} (16
 * DGX H100 nodes) with 1,000 requests dies out of memory in a heap of 4,063,232 B ({@code -Xmx4m}, {@code
 * -XX:+UseSerialGC}) and runs in 6 MiB, so everything but its requests (the runtime's tables, the graph, the batch
 * slots' arrays) needs at least 4,063,232 − 1,000 × 228 B, 3.8 MB rounded down.
 *
 * <p><b>Measured against it</b> (docs/performance.md, "Serving memory, predicted (session 63)"; the same deployment,
 * the smallest {@code -Xmx} that passes): 1,000,000 requests die in a heap of 231.1 MB and run in 235.2 MB (estimate
 * 231.8 MB), 4,000,000 die in 924.5 MB and run in 932.6 MB (estimate 915.8 MB), 1,000,000 arriving at once die in
 * 239.3 MB and run in 243.3 MB (estimate 235.8 MB). The counted bytes stay below what a run needs (the queues'
 * doubling slack, the events, KV flows and the garbage between collections are not counted), so the estimate
 * refuses only runs that cannot fit. O(1).
 *
 * @param requests          the requests the run draws (0 for a trace)
 * @param bytesPerRequest   the counted heap per request
 * @param bytes             the estimated heap: fixed part plus requests × bytes per request
 */
public record ServingMemoryEstimate(long requests, long bytesPerRequest, long bytes) {
    /** Counted heap per request held until the metrics are gathered (class comment). */
    public static final long BYTES_PER_REQUEST = 16 + 112 + 20 + 8 + 72;
    /** Counted heap per request queued at time zero, with every request arriving at once (class comment). */
    public static final long QUEUED_BYTES_PER_REQUEST = 4;
    /** Counted heap per request for its drawn shared prefix (class comment). */
    public static final long PREFIX_BYTES_PER_REQUEST = 4;
    /** Measured heap of a serving run apart from its requests (class comment). */
    public static final long FIXED_BYTES = 3_800_000;

    /** The estimate for the run of {@code spec}. */
    public static ServingMemoryEstimate of(InferenceSpec spec) {
        InferenceSpec.Traffic traffic = spec.traffic();
        long requests = traffic.arrival() instanceof InferenceSpec.Trace ? 0 : Math.max(0, traffic.requests());
        long perRequest = BYTES_PER_REQUEST
                + (traffic.arrival() instanceof InferenceSpec.AllAtOnce ? QUEUED_BYTES_PER_REQUEST : 0)
                + (traffic.sharedPrefixes() != null ? PREFIX_BYTES_PER_REQUEST : 0);
        return new ServingMemoryEstimate(requests, perRequest, FIXED_BYTES + requests * perRequest);
    }

    /** Whether {@link #bytes} fit in {@code availableBytes}. */
    public boolean fits(long availableBytes) {
        return bytes <= availableBytes;
    }

    /** Why {@code what} is refused with a heap of {@code availableBytes}: the estimate, its largest factor, the fix. */
    public String refusal(long availableBytes, String what) {
        return String.format(Locale.ROOT, "%s would hold the state of %,d requests at once, about %.1f GB of memory,"
                + " more than the heap's %.1f GB; the largest factor is %,d requests, about %d B each. Fix: lower"
                + " `requests` in its traffic, or %s", what,
                requests, bytes / 1e9, availableBytes / 1e9, requests, bytesPerRequest,
                HeapAdvice.moreMemory(bytes));
    }
}
