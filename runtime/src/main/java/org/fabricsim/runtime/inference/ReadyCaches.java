package org.fabricsim.runtime.inference;

import java.util.Arrays;

/**
 * KV caches that become usable on a decode slot while its iteration is in progress, held until they are
 * read instead of each firing an event ({@link ServingSimulation}).
 *
 * <p>When a request's KV cache is usable at r, an event at r puts it in the decode slot's queue, and when
 * the slot is busy its kick changes nothing: the run was cut when the transfer ended ({@link
 * IterationIssuer#awaitKv}), so the iteration in progress at r is already the run's last. Until that
 * iteration ends at E the request and the slot's queue are read by nothing, so a cache with r &lt; E is held
 * here and joins the queue when the slot's iteration ends ({@link #joinUsableBy}), before anything reads it: with
 * its wait r − prefill end, in the order of the events it replaces (r, then the order scheduled). Only r &lt; E
 * is held: an event at E fires after the slot's end event, which was scheduled before it. A slot holds nothing while a
 * KV-ready event of its own is queued ({@link #scheduled}), so every cache held was sent before every such
 * event; when one fires, the held caches with r ≤ its time join the queue first. Every result is that of
 * one event per cache; the events not fired are the only difference.
 *
 * <p>O(held) per cache held (an insertion by r among a slot's few) and per cache taken; memory O(slots +
 * caches held at once).
 */
final class ReadyCaches {
    private final RequestTable requests;
    private final Replicas replicas;
    private final IterationIssuer issuer;
    /** Per slot, the requests held in the order their events would fire, and their ready times. */
    private final int[][] held;
    private final long[][] readyPs;
    private final int[] count;
    /** Per slot, the KV-ready events queued and not yet fired. */
    private final int[] queued;

    ReadyCaches(RequestTable requests, Replicas replicas, IterationIssuer issuer) {
        this.requests = requests;
        this.replicas = replicas;
        this.issuer = issuer;
        int slots = replicas.count();
        held = new int[slots][4];
        readyPs = new long[slots][4];
        count = new int[slots];
        queued = new int[slots];
    }

    /** Whether {@code slot} may hold a cache: no KV-ready event of its own is queued. */
    boolean mayHold(int slot) {
        return queued[slot] == 0;
    }

    /** Holds q, whose cache is usable on {@code slot} at {@code atPs}, after the held ones usable no later. */
    void hold(int slot, int q, long atPs) {
        int n = count[slot];
        if (n == held[slot].length) {
            held[slot] = Arrays.copyOf(held[slot], 2 * n);
            readyPs[slot] = Arrays.copyOf(readyPs[slot], 2 * n);
        }
        int[] qs = held[slot];
        long[] times = readyPs[slot];
        int at = n;
        while (at > 0 && times[at - 1] > atPs) {
            qs[at] = qs[at - 1];
            times[at] = times[at - 1];
            at--;
        }
        qs[at] = q;
        times[at] = atPs;
        count[slot] = n + 1;
    }

    /** A KV-ready event for {@code slot} was scheduled. */
    void scheduled(int slot) {
        queued[slot]++;
    }

    /** A KV-ready event for {@code slot} fired. */
    void fired(int slot) {
        queued[slot]--;
    }

    /** The caches {@code slot} holds that are usable at or before {@code atPs} join its queue, in order. */
    void joinUsableBy(int slot, long atPs) {
        int[] qs = held[slot];
        long[] times = readyPs[slot];
        int n = 0;
        while (n < count[slot] && times[n] <= atPs) {
            join(qs[n], slot, times[n]);
            n++;
        }
        int rest = count[slot] - n;
        System.arraycopy(qs, n, qs, 0, rest);
        System.arraycopy(times, n, times, 0, rest);
        count[slot] = rest;
    }

    /** q's KV cache is usable on decode {@code slot} from {@code atPs}: q waits in its queue. */
    void join(int q, int slot, long atPs) {
        issuer.kvArrived(slot);
        requests.kvReadyWaitPs[q] = atPs - requests.prefillEndPs[q];
        requests.state[q] = RequestTable.WAITING;
        requests.slotOf[q] = slot;
        requests.target[q] = requests.stream.prompt()[q];
        requests.prefilled[q] = requests.target[q];
        replicas.queue[slot].addLast(q);
    }
}
