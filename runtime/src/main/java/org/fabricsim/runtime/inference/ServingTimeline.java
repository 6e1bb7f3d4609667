package org.fabricsim.runtime.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.sim.Keywords;

/**
 * The serving run as the result's {@code timeline} (the Chrome/Perfetto trace draws it): per batch
 * slot, the iterations it ran, and per request, its lifecycle.
 *
 * <p>Iterations are recorded as they are issued, the first {@value #MAX_ITERATIONS} of the run: on
 * track {@code ROLE replica r} (with {@code slot k} when the replica is pipelined and runs several
 * slots), a span {@code iteration} from its issue to its end (the last stage's end), with args {@code
 * batch} (sequences), {@code prefillTokens} and {@code decodeSequences}.
 *
 * <p>Requests 0 to {@value #MAX_REQUESTS} − 1 that completed get track {@code request q} with, in
 * order and back to back: {@code queued} (arrival to the start of the first iteration holding its
 * prefill), {@code prefill} (to the end of its prompt), when disaggregated {@code KV transfer} (to its
 * cache being usable on the decode replica) and {@code decode queue} (to its first decode
 * iteration), and {@code decode} (to its last token). So queued + prefill is the request's TTFT
 * (when the decode pool samples the first token, IterationEnds, the TTFT ends with its first decode
 * iteration instead), and the spans end at its E2E latency. A lone decode pool's requests arrive prefilled: only {@code
 * decode queue} and {@code decode}. Phases of zero length are left out. Times from the run's start.
 *
 * <p>Memory: six primitive arrays of at most {@value #MAX_ITERATIONS} entries, grown by doubling;
 * recording is O(1) amortized and allocates only on growth. {@link #toTimeline} is O(spans).
 */
final class ServingTimeline {
    /** Iterations recorded at most (the first ones issued). */
    static final int MAX_ITERATIONS = 5_000;
    /** Requests (by index) whose lifecycles are drawn. */
    static final int MAX_REQUESTS = 100;
    private static final double PICOSECONDS_PER_SECOND = 1e12;

    private int[] slot = new int[64];
    private long[] startPs = new long[64];
    private long[] endPs = new long[64];
    private int[] batch = new int[64];
    private int[] prefillTokens = new int[64];
    private int[] decodeSequences = new int[64];
    private int count;

    /** Whether no more iterations are recorded. */
    boolean full() {
        return count == MAX_ITERATIONS;
    }

    /** Records an iteration of {@code slotIndex} issued at {@code start} and ending at {@code end}, while there is room. */
    void iteration(int slotIndex, long start, long end, int sequences, long prefill, long decoding) {
        if (count == MAX_ITERATIONS) {
            return;
        }
        if (count == slot.length) {
            int capacity = Math.min(MAX_ITERATIONS, 2 * count);
            slot = Arrays.copyOf(slot, capacity);
            startPs = Arrays.copyOf(startPs, capacity);
            endPs = Arrays.copyOf(endPs, capacity);
            batch = Arrays.copyOf(batch, capacity);
            prefillTokens = Arrays.copyOf(prefillTokens, capacity);
            decodeSequences = Arrays.copyOf(decodeSequences, capacity);
        }
        slot[count] = slotIndex;
        startPs[count] = start;
        endPs[count] = end;
        batch[count] = sequences;
        prefillTokens[count] = (int) prefill;
        decodeSequences[count] = (int) decoding;
        count++;
    }

    /** The spans: {@code {track, name, startSeconds, durationSeconds, args}}, iterations first (see the class comment). */
    List<Map<String, Object>> toTimeline(Replicas replicas, RequestTable requests) {
        List<Map<String, Object>> timeline = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("batch", batch[i]);
            args.put("prefillTokens", prefillTokens[i]);
            args.put("decodeSequences", decodeSequences[i]);
            timeline.add(span(slotTrack(replicas, slot[i]), "iteration", startPs[i], endPs[i], args));
        }
        for (int q = 0; q < Math.min(MAX_REQUESTS, requests.size()); q++) {
            if (requests.completed(q)) {
                lifecycle(requests, q, timeline);
            }
        }
        return timeline;
    }

    private static void lifecycle(RequestTable requests, int q, List<Map<String, Object>> timeline) {
        String track = "request " + q;
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("request", q);
        args.put("promptTokens", requests.stream.prompt()[q]);
        args.put("outputTokens", requests.stream.output()[q]);
        long arrival = requests.stream.arrivalPs()[q];
        long prefillStart = requests.prefillStartPs[q];
        if (prefillStart >= 0) {
            phase(timeline, track, "queued", arrival, prefillStart, args);
            phase(timeline, track, "prefill", prefillStart, requests.prefillEndPs[q], args);
        }
        long kvWait = requests.kvWaitPs(q);
        if (kvWait >= 0) {
            long ready = requests.prefillEndPs[q] + kvWait;
            phase(timeline, track, "KV transfer", requests.prefillEndPs[q], ready, args);
            phase(timeline, track, "decode queue", ready, requests.decodeStartPs[q], args);
        }
        phase(timeline, track, "decode", requests.decodeStartPs[q], requests.finishPs[q], args);
    }

    private static void phase(List<Map<String, Object>> timeline, String track, String name, long from, long to,
            Map<String, Object> args) {
        if (to > from) {
            timeline.add(span(track, name, from, to, args));
        }
    }

    private static String slotTrack(Replicas replicas, int slot) {
        int replica = replicas.replicaOf[slot];
        String name = Keywords.of(replicas.poolOfSlot(slot).role()) + " replica " + replicas.replicaInPool(slot);
        int slots = replicas.slotsOfReplica(replica);
        return slots > 1 ? name + " slot " + (slot - replicas.firstSlotOfReplica(replica)) : name;
    }

    private static Map<String, Object> span(String track, String name, long fromPs, long toPs, Map<String, Object> args) {
        Map<String, Object> span = new LinkedHashMap<>();
        span.put("track", track);
        span.put("name", name);
        span.put("startSeconds", fromPs / PICOSECONDS_PER_SECOND);
        span.put("durationSeconds", (toPs - fromPs) / PICOSECONDS_PER_SECOND);
        span.put("args", args);
        return span;
    }
}
