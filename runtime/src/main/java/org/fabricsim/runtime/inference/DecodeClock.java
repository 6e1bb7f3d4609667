package org.fabricsim.runtime.inference;

import java.util.Arrays;

/**
 * The decoding sequences of each batch slot advanced together by one clock, so that an iteration
 * in which every one of them decodes costs O(1) instead of O(batch).
 *
 * <p>Every running sequence whose prefill is complete decodes in each iteration (unless the token
 * budget stops the iteration first), and every one of them gains the same number of tokens: one
 * without speculative decoding; with it, the slot's step ({@link #step}): the whole tokens of a
 * credit that accrues the expected gain γ = 1 + a + … + a^k per decoding iteration, its fraction
 * carried to the next, so that after n of them the slot's sequences have gained ⌊n·γ⌋ (to the
 * rounding of the sums). The slot's clock c counts the tokens its members have gained; a member q
 * stores its cached tokens κ_q and generated tokens g_q as of the clock value j_q at which they
 * were last written, and its current values are κ_q + (c − j_q) and g_q + (c − j_q) ({@link
 * #materialize} writes them back). The slot keeps Σ κ over its members (the context its decoding
 * tokens attend to, exact in a long) and a min-heap of members by the clock value at which they
 * reach their output, f_q = j_q + o_q − g_q, so the iteration's end finds the sequences that
 * finish by popping the heap; a step that goes past f_q drafted tokens beyond the output, which
 * are dropped ({@link #nextFinished} caps the counts, {@link #overshoot} tells how many). A member
 * that a token budget holds back from an iteration is moved one step later ({@link #holdBack}).
 *
 * <p>Equivalence with advancing each sequence on its own: the totals are integer sums, equal in
 * any order; a finishing sequence's effects (its cache freed, its slot's count, a closed-loop
 * client's next arrival) commute with those of the other sequences finishing at the same
 * iteration end, so popping them in heap order rather than batch order gives identical results.
 * With speculative decoding the credit is the slot's, not each sequence's: the sequences of a slot
 * accept their drafts together, each still gaining γ per iteration on average.
 *
 * <p>Memory O(requests + slots); {@link #join}, {@link #leave}, {@link #holdBack} and each
 * finished sequence O(log members), {@link #step}, {@link #advance}, {@link #advanceRun} and the sums O(1).
 */
final class DecodeClock {
    private final RequestTable requests;
    private final long[] clock;
    private final long[] context;
    /** Fraction of a token each slot's speculative credit carries to its next decoding iteration. */
    private final double[] credit;
    /** Tokens each member of the slot gains in its current (last composed) iteration. */
    private final int[] step;
    private final int[] members;
    private final int[][] heap;
    /** The f of each heap entry, beside it, so a sift reads one array instead of one line per member. */
    private final long[][] heapKey;
    private final long[] joinedAt;
    private final long[] finishAt;
    /** Position of each request in its slot's heap, or -1 when it is not a member. */
    private final int[] position;
    /** Members of each slot that joined with no output token, until their first decode step samples it. */
    private final IntDeque[] awaitingFirst;

    DecodeClock(int slots, RequestTable requests) {
        this.requests = requests;
        clock = new long[slots];
        context = new long[slots];
        credit = new double[slots];
        step = new int[slots];
        members = new int[slots];
        heap = new int[slots][16];
        heapKey = new long[slots][16];
        joinedAt = new long[requests.size()];
        finishAt = new long[requests.size()];
        position = new int[requests.size()];
        Arrays.fill(position, -1);
        awaitingFirst = new IntDeque[slots];
    }

    /** Members of {@code slot}: its decoding sequences. */
    int members(int slot) {
        return members[slot];
    }

    /** Σ of the members' cached tokens, now. */
    long context(int slot) {
        return context[slot];
    }

    boolean isMember(int q) {
        return position[q] >= 0;
    }

    /** q's cached tokens now. */
    long kvTokens(int slot, int q) {
        return requests.kvTokens[q] + clock[slot] - joinedAt[q];
    }

    /** q, fully prefilled with {@code generated} below its output, decodes on {@code slot} from now. */
    void join(int slot, int q) {
        joinedAt[q] = clock[slot];
        finishAt[q] = clock[slot] + requests.stream.output()[q] - requests.generated[q];
        if (requests.generated[q] == 0) {
            if (awaitingFirst[slot] == null) {
                awaitingFirst[slot] = new IntDeque();
            }
            awaitingFirst[slot].addLast(q);
        }
        context[slot] += requests.kvTokens[q];
        int n = members[slot]++;
        if (n == heap[slot].length) {
            heap[slot] = Arrays.copyOf(heap[slot], 2 * n);
            heapKey[slot] = Arrays.copyOf(heapKey[slot], 2 * n);
        }
        siftUp(slot, n, q, finishAt[q]);
    }

    /** q stops decoding on {@code slot} (preempted or finished): its counts are written back. */
    void leave(int slot, int q) {
        materialize(slot, q);
        context[slot] -= requests.kvTokens[q];
        int at = position[q];
        position[q] = -1;
        int n = --members[slot];
        if (at < n) {
            int last = heap[slot][n];
            long lastKey = heapKey[slot][n];
            siftUp(slot, at, last, lastKey);
            if (position[last] == at) {
                siftDown(slot, at, last, lastKey);
            }
        }
    }

    /**
     * The tokens each member of {@code slot} gains in the iteration being composed, which decodes:
     * 1 when {@code gain} is 1, else the whole part of the slot's credit plus {@code gain}, whose
     * fraction stays for the next. Call once per decoding iteration, before {@link #holdBack} and
     * {@link #advance}.
     */
    int step(int slot, double gain) {
        step[slot] = wholeTokens(credit[slot], gain);
        credit[slot] = carriedAfter(credit[slot], gain, step[slot]);
        return step[slot];
    }

    /** A decoding iteration's step with credit {@code carried} ({@link #step}): 1 at gain 1, else ⌊carried + gain⌋. */
    static int wholeTokens(double carried, double gain) {
        return gain == 1 ? 1 : (int) (carried + gain);
    }

    /** The credit carried past a step of {@code whole} tokens: carried + gain − whole; unchanged at gain 1. */
    static double carriedAfter(double carried, double gain, int whole) {
        return gain == 1 ? carried : carried + gain - whole;
    }

    /** The tokens each member of {@code slot} gained in its last decoding iteration ({@link #step}). */
    int lastStep(int slot) {
        return step[slot];
    }

    /**
     * The slot's members gain a step of tokens each (their caches grow by as much), {@code
     * decoding} of them being all but those {@link #holdBack held back}.
     */
    void advance(int slot, long decoding) {
        clock[slot] += step[slot];
        context[slot] += decoding * step[slot];
    }

    /**
     * A member of {@code slot} that joined with no output token (its prefill's token not kept: a
     * prefill-first decode pool samples it, {@link IterationEnds}) and has gained its first by now,
     * each once; -1 when none. Call at the end of the slot's iteration: the iteration's decode step
     * sampled it. Members held back wait; those that left (preempted) are dropped, their recompute's
     * prefill producing the token. O(awaiting members) per call.
     */
    int nextFirstToken(int slot) {
        IntDeque waiting = awaitingFirst[slot];
        for (int n = waiting == null ? 0 : waiting.size(); n > 0; n--) {
            int q = waiting.pollFirst();
            if (position[q] < 0 || requests.slotOf[q] != slot) {
                continue;
            }
            if (requests.generated[q] + clock[slot] - joinedAt[q] > 0) {
                return q;
            }
            waiting.addLast(q);
        }
        return -1;
    }

    /** Whether a member of {@code slot} may still sample its first token ({@link #nextFirstToken} has some to look at). */
    boolean awaitsFirstToken(int slot) {
        IntDeque waiting = awaitingFirst[slot];
        return waiting != null && !waiting.isEmpty();
    }

    /** Whether a member of {@code slot} has reached its output by now ({@link #nextFinished} would return one). */
    boolean finishesNow(int slot) {
        return members[slot] > 0 && heapKey[slot][0] <= clock[slot];
    }

    /** Tokens the slot's members gain before the first of them reaches its output: f_min − c (members &gt; 0). */
    long untilFirstOutput(int slot) {
        return heapKey[slot][0] - clock[slot];
    }

    /** The fraction of a token the slot's speculative credit carries to its next decoding iteration. */
    double credit(int slot) {
        return credit[slot];
    }

    /**
     * The slot's members gain {@code steps} tokens over several decoding iterations of {@code decoding}
     * sequences each ({@link DecodeRuns}), the last of {@code lastStep} tokens leaving {@code carried}
     * credit: the clock and context as that many {@link #step} and {@link #advance} calls leave them.
     */
    void advanceRun(int slot, long steps, long decoding, int lastStep, double carried) {
        clock[slot] += steps;
        context[slot] += decoding * steps;
        step[slot] = lastStep;
        credit[slot] = carried;
    }

    /** Member q does not decode in the iteration {@link #advance} is about to count. */
    void holdBack(int slot, int q) {
        joinedAt[q] += step[slot];
        finishAt[q] += step[slot];
        siftDown(slot, position[q], q, finishAt[q]);
    }

    /**
     * A member that has reached its output by now, which leaves with its counts written back up to
     * its output; -1 when none.
     */
    int nextFinished(int slot) {
        if (members[slot] == 0) {
            return -1;
        }
        int q = heap[slot][0];
        if (heapKey[slot][0] > clock[slot]) {
            return -1;
        }
        leave(slot, q);
        int beyond = (int) overshoot(slot, q);
        requests.kvTokens[q] -= beyond;
        requests.generated[q] -= beyond;
        return q;
    }

    /** Tokens the last step of q, just returned by {@link #nextFinished}, drafted beyond its output. */
    long overshoot(int slot, int q) {
        return clock[slot] - finishAt[q];
    }

    /** Writes q's current cached and generated tokens into the {@link RequestTable}. */
    private void materialize(int slot, int q) {
        long steps = clock[slot] - joinedAt[q];
        requests.kvTokens[q] += (int) steps;
        requests.generated[q] += (int) steps;
        joinedAt[q] = clock[slot];
    }

    /** Places member q, reaching its output at clock value f, at {@code at} or above. */
    private void siftUp(int slot, int at, int q, long f) {
        int[] h = heap[slot];
        long[] keys = heapKey[slot];
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            if (keys[parent] <= f) {
                break;
            }
            int p = h[parent];
            h[at] = p;
            keys[at] = keys[parent];
            position[p] = at;
            at = parent;
        }
        h[at] = q;
        keys[at] = f;
        position[q] = at;
    }

    /** Places member q, reaching its output at clock value f, at {@code at} or below. */
    private void siftDown(int slot, int at, int q, long f) {
        int[] h = heap[slot];
        long[] keys = heapKey[slot];
        int n = members[slot];
        while (true) {
            int child = 2 * at + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && keys[child + 1] < keys[child]) {
                child++;
            }
            if (f <= keys[child]) {
                break;
            }
            int c = h[child];
            h[at] = c;
            keys[at] = keys[child];
            position[c] = at;
            at = child;
        }
        h[at] = q;
        keys[at] = f;
        position[q] = at;
    }
}
