package org.fabricsim.runtime.network;

/**
 * The keep rule of a {@link MaxMinNetwork} with a completion tolerance ε &gt; 0: after finishes only, the remaining
 * classes keep their rates when each has a bottleneck link that no finished class crossed, whatever their rates
 * against the finished ones' (the exact rule, {@link SolveBatch}'s "completions that change nothing", needs every
 * remaining class slower than every finished one).
 *
 * <p><b>Why the rates stand.</b> Rates r are max-min fair if and only if they are feasible and every class g has a
 * bottleneck: a saturated link ℓ (Σ_{h∋ℓ} w_h·r_h = c_ℓ) on which r_g ≥ r_h for every class h (Bertsekas and
 * Gallager, <i>Data Networks</i>, 2nd ed., §6.5.2; the allocation is unique). A progressive fill fixes class g when
 * it pops link b_g ({@link ProgressiveFill#bottleneck}): every class still unfixed on b_g gets b_g's share then, those
 * fixed earlier got a smaller share or the same, and b_g's capacity is used up, so b_g is a bottleneck of g. When
 * classes D finish and no class starts, the old rates of the remaining classes R are feasible for R alone (every
 * link's load falls by D's or stays), and a link that no class of D crossed keeps its load and capacity, so it is
 * still a bottleneck of each class whose b_g it is. If b_g was not left by D for every g in R, the old rates are
 * therefore <i>the</i> max-min rates of R: a re-solve would give them again, and the b_g stay bottlenecks for the next
 * batch. A class slower than every finished one always passes (a finished class crossing its b_g would have been
 * fixed at b_g's share, below its own rate), so the rule keeps whenever the exact one does, and more: a class faster
 * than a finished one keeps its rate when their bottlenecks differ (the remaining class of a ring step bound by
 * another link than the finished one's NIC).
 *
 * <p><b>Error bound.</b> None in exact arithmetic. In floating point the kept rates are the last fill's values,
 * while a re-solve would compute each share from the same capacities less the loads fixed before in another order
 * (without D's), so a kept rate differs from the re-solve's by that rounding: relative at most about n·2⁻⁵³ for n
 * loads taken off a link (below 10⁻¹⁰ for the 16K-GPU step's links of at most thousands of classes), and each
 * completion by the same fraction of its remaining time. That spends none of the tolerance ε (completions already
 * move by up to ε of their age in a batch, {@link FlowTable}), so the rule applies for any ε &gt; 0; at ε = 0 it is
 * off, as the model promises its rates there bit for bit. Under a derating the network keeps its exact rules
 * ({@link ContentionDerating#keepsRates}): the same argument for both fills had to read every saturated link's factor
 * before a keep, which cost what the fills saved (docs/performance.md, "The behaviour step, session 57").
 *
 * <p><b>Why not a budget on the freed capacity.</b> A rule that keeps when D's share of every link it leaves is
 * within ε of the link's capacity is unsound: a class x of weight W crossing links A and B, bound at A with rate
 * a/W, and a class y of weight 1 on B, of capacity C, get y = C − a; freeing δ·a on A moves y by δ·a, relative
 * δ·a/(C − a), unbounded as C approaches a(1 + 1/W). Max-min rates are not monotone in the capacities, so no bound
 * local to D's links holds without the bottleneck structure.
 *
 * <p>Cost: per batch of finishes, O(P) per finished class to mark its links ({@link #leave}); per check, O(classes of
 * the component), one bottleneck read per class, no fill, no heap. No allocation after construction.
 */
final class TolerantKeep {
    /** Per link, whether a class finished on it since the last solve. */
    final boolean[] isLeft;
    /** Those links, {@link #count} of them. */
    private final int[] links;
    private int count;

    TolerantKeep(int linkCount) {
        isLeft = new boolean[linkCount];
        links = new int[linkCount];
    }

    /** A finished class left {@code link}. O(1). */
    void leave(int link) {
        if (!isLeft[link]) {
            isLeft[link] = true;
            links[count++] = link;
        }
    }

    /** Forgets the links left: the rates now account for them. O(links left). */
    void end() {
        for (int i = 0; i < count; i++) {
            isLeft[links[i]] = false;
        }
        count = 0;
    }

    /**
     * Whether every class of {@code flows[0, n)} is slower than {@code level} by {@code rates} or has its bottleneck
     * ({@code bottleneck}, per class handle, -1 for a class alone on its links) on a link that {@code isLeft} does
     * not mark: then their rates stand (see the class comment). O(n).
     */
    static boolean stand(int[] flows, int n, double[] rates, double level, int[] bottleneck, boolean[] isLeft) {
        for (int i = 0; i < n; i++) {
            if (!stands(flows[i], rates, level, bottleneck, isLeft)) {
                return false;
            }
        }
        return true;
    }

    /** Whether class {@code flow} passes {@link #stand}'s test. O(1). */
    static boolean stands(int flow, double[] rates, double level, int[] bottleneck, boolean[] isLeft) {
        int link = bottleneck[flow];
        return rates[flow] < level || link < 0 || !isLeft[link];
    }
}
