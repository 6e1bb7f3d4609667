package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.IndexedMinHeap;
import org.fabricsim.runtime.sim.RadixSort;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;

/**
 * Flow-level max-min fair sharing with incremental re-solve.
 *
 * <p><b>Model.</b> Link ℓ has capacity c_ℓ; flow class f has multiplicity w_f and per-flow rate
 * r_f on every link of its path P_f. The rates are the max-min fair allocation: Σ_{f∋ℓ} w_f·r_f ≤
 * c_ℓ, and no r_f can grow without shrinking some r_g ≤ r_f. Identical flows (same path, start,
 * size) always get the same rate, which is why a class of w flows is one variable of weight w.
 * A path may hold link groups ({@code Graph}): a sprayed flow is then one variable whose rate
 * splits evenly over its routes (max-min with path weights), and a group of m members is the one
 * constraint Σ w_f·r_f ≤ m·min c, exact because spraying loads the members alike.
 *
 * <p><b>Progressive filling.</b> Every link gets its fair share s_ℓ = (c_ℓ − fixed load) /
 * (weight of unfixed classes); the link with the smallest share is a bottleneck, its unfixed
 * classes are fixed at that share, the shares of their other links are updated, and so on. Shares
 * sit in an indexed heap, so a solve of F classes with paths of length ≤ P over L links costs
 * O(F·P·log L).
 *
 * <p><b>Incremental re-solve.</b> Arrivals and completions mark their links dirty. Before the next
 * event, the connected component of the dirty links in the flow–link graph is found by breadth
 * first search and only it is re-solved: the allocation elsewhere is unchanged because max-min
 * components are independent (SimGrid's selective update). When half the loaded links or more are
 * dirty, or the search reaches half of them, everything is taken in handle order instead, which is
 * cheaper than a search that would reach nearly everything. Classes of the component first deduct
 * the bytes sent at their old rate, then get new rates and new projected completions.
 *
 * <p><b>Completions that change nothing.</b> When classes D have only finished since the last solve
 * (nothing started) and every remaining class R of the component has a rate below the slowest of
 * D, the fill is skipped: the rates would come out the same to the last bit. Proof: the fill that
 * gave these rates popped, below the rates of D, bottlenecks that carry no class of D (popping one
 * would have fixed that class at the lower share); their shares are computed from the same
 * operations without D, the shares of links D crossed only rise once D leaves (the same capacity
 * over less unfixed weight), and ties go by link handle, so the fill without D pops the same
 * bottlenecks at the same shares and fixes every class of R before reaching the rates of D. This
 * is the common case of a phase whose transfers start together with equal sizes (a ring step, an
 * all-to-all): the fastest finish first, and every re-solve after them would reproduce the rates.
 * When some remaining classes are as fast as D or faster, the same argument fixes the slower ones
 * (the prefix P) at their rates without a heap: their loads are taken off their links in the
 * order the fill fixed them (a sequence number per class; on every link that is the order of the
 * last fill that covered it, since a fill covers all or none of a link's classes), which gives
 * each link's remaining capacity and unfixed weight bit for bit as the fill would reach the rates
 * of D, and the fill goes on from there with the shares of that moment.
 * A fabric's derating ({@link #setContentionModel}) depends on the offered load of every class on
 * a link, so with one the fill always runs.
 *
 * <p>Per link: a dynamic list of entries (class handle, index of the link on the class's path),
 * with each class remembering its position in every list, so removal is O(1) per link (swap with
 * the last and update the moved entry's position directly).
 */
public final class MaxMinNetwork extends FlowTable {
    /**
     * The completion tolerance ε every simulation uses unless its study states one ({@code tolerance}
     * in the language; the benchmark harnesses use it too): 1%. Completions due within ε of the
     * earliest one's age share one re-solve ({@code FlowTable}), so a flow class finishes at most
     * ε·(its age) early and a collective's time is within ε of the exact solve (ε = 0), which
     * {@code CompletionToleranceTest} checks. On the 512-endpoint all-to-all it cuts the re-solves
     * 28× (docs/performance.md).
     */
    public static final double DEFAULT_COMPLETION_TOLERANCE = 0.01;
    private static final int DEFAULT_CLASSES = 1024;
    /** Bits of a component index in {@link #prefixOrder}: components of up to 2^24 classes take the partial fill. */
    private static final int INDEX_BITS = 24;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;
    private final int linkCount;
    private final int[][] linkFlows;
    private final int[] linkFlowCount;
    private final long[] linkWeight;
    private int[] flowLinkPosition;
    private final int entryShift;
    private final int entryMask;
    private final int[] dirtyLinks;
    private final boolean[] isDirty;
    private int dirtyCount;
    private int linksInUse;
    /** The links that carry a class, in no particular order: entries [0, linksInUse). */
    private final int[] loadedLinks;
    /** Position of each loaded link in {@link #loadedLinks}. */
    private final int[] loadedPosition;
    private final int[] linkStamp;
    private int epoch;
    private final int[] componentLinks;
    /** Bit f is set while class f is live: the full collection scans these words, not the records. */
    private long[] live;
    /** Bit f is set once the component search has reached class f (cleared per search). */
    private long[] reached;
    private int[] componentFlows;
    private int flowsInComponent;
    private double[] previousRate = new double[1024];
    /** Bit f is set once class f is fixed in the current fill: 1 bit per class keeps the check in cache. */
    private long[] fixed = new long[16];
    private final double[] linkRemaining;
    private final long[] linkUnfixed;
    private final IndexedMinHeap shares;
    private long solves;
    private long flowClassesSolved;
    /** The order in which the fills fixed each class (increasing across fills). */
    private long[] fixSequence;
    private long fixCount;
    /** Prefix classes of a partial fill: fix sequence in the high bits, index in the component in the low. */
    private long[] prefixOrder = new long[1024];
    /** Scratch of the radix sort of {@link #prefixOrder}. */
    private long[] prefixScratch = new long[0];
    /** Whether a class started since the last solve. */
    private boolean startedSinceSolve;
    /** The smallest rate of the classes finished since the last solve (+∞ when none). */
    private double slowestFinishedRate = Double.POSITIVE_INFINITY;
    /**
     * Relative margin below the slowest finished rate under which a class counts as slower than it:
     * classes that share a bottleneck get equal shares in exact arithmetic but can differ in the last
     * bits (each share is the remaining capacity after subtractions in another order), and such a
     * class must be re-filled with the finished one, not kept.
     */
    private static final double RATE_ROUNDING = 1e-9;
    private ContentionModel contention;
    /**
     * Factors above 1 − ε (the completion tolerance) leave a link whole: a derating smaller than
     * the tolerance changes completions by less than the model already allows, and skipping it
     * spares the second fill (PFC alone: u ≥ 0.998).
     */
    private final double smallestDerating;
    /** Capacities of the derated second fill, or null during an ideal fill. */
    private double[] deratedCapacity;
    /** Per link, the bytes of its current contention episode ({@link ContentionModel}), 0 outside one. */
    private double[] episodeBytes;

    /**
     * @param simulation          the context whose clock the model follows
     * @param graph               the links
     * @param maxPathLinks        the longest path any flow will have
     * @param completionTolerance relative completion tolerance ε ≥ 0 (see the batching rule of the flow
     *                            table); 0 is exact
     */
    public MaxMinNetwork(Simulation simulation, Graph graph, int maxPathLinks, double completionTolerance) {
        this(simulation, graph, maxPathLinks, completionTolerance, DEFAULT_CLASSES);
    }

    /**
     * The same, with room for {@code expectedClasses} concurrent flow classes before any per-class
     * array grows (a caller that knows how many flows it starts saves the doublings; results do not
     * depend on it).
     */
    public MaxMinNetwork(Simulation simulation, Graph graph, int maxPathLinks, double completionTolerance,
            int expectedClasses) {
        super(simulation, graph, maxPathLinks, completionTolerance, expectedClasses);
        smallestDerating = 1 - completionTolerance;
        componentFlows = new int[flowCapacity()];
        fixSequence = new long[flowCapacity()];
        live = new long[(flowCapacity() + 63) >>> 6];
        reached = new long[live.length];
        linkCount = graph.flowLinkCount();
        linkFlows = new int[linkCount][];
        linkFlowCount = new int[linkCount];
        linkWeight = new long[linkCount];
        flowLinkPosition = new int[flowCapacity() * maxPathLinks];
        entryShift = 32 - Integer.numberOfLeadingZeros(Math.max(1, maxPathLinks - 1));
        entryMask = (1 << entryShift) - 1;
        dirtyLinks = new int[linkCount];
        loadedLinks = new int[linkCount];
        loadedPosition = new int[linkCount];
        isDirty = new boolean[linkCount];
        linkStamp = new int[linkCount];
        componentLinks = new int[linkCount];
        linkRemaining = new double[linkCount];
        linkUnfixed = new long[linkCount];
        shares = new IndexedMinHeap(linkCount);
    }

    /**
     * Makes every solve a fabric's: after the ideal fill, each link saturated by two flows or more
     * gets {@code model}'s capacity factor and the component is filled again with those capacities
     * (2 fills instead of 1, still O(F·P·log L)). Null, or a model that never derates below 1 − ε,
     * keeps the ideal single fill.
     */
    public void setContentionModel(ContentionModel model) {
        contention = model != null && model.smallestFactor() <= smallestDerating ? model : null;
        deratedCapacity = null;
        episodeBytes = null;
    }

    @Override
    void grow(int capacity) {
        if ((long) capacity << entryShift > Integer.MAX_VALUE) {
            throw new IllegalStateException("too many flow classes for paths of " + maxPathLinks + " links: " + capacity);
        }
        flowLinkPosition = Arrays.copyOf(flowLinkPosition, capacity * maxPathLinks);
        fixSequence = Arrays.copyOf(fixSequence, capacity);
        int words = (capacity + 63) >>> 6;
        if (live.length < words) {
            live = Arrays.copyOf(live, words);
            reached = new long[words];
        }
    }

    @Override
    void onStart(int flow) {
        int base = flow * stride;
        int positions = flow * maxPathLinks;
        int weight = records[base + MULTIPLICITY];
        startedSinceSolve = true;
        live[flow >>> 6] |= 1L << flow;
        for (int j = 0; j < records[base + LENGTH]; j++) {
            int link = records[base + LINKS + j];
            int count = linkFlowCount[link];
            int[] list = linkFlows[link];
            if (list == null) {
                list = linkFlows[link] = new int[4];
            } else if (count == list.length) {
                list = linkFlows[link] = Arrays.copyOf(list, count * 2);
            }
            if (count == 0) {
                loadedPosition[link] = linksInUse;
                loadedLinks[linksInUse++] = link;
            }
            list[count] = flow << entryShift | j;
            flowLinkPosition[positions + j] = count;
            linkFlowCount[link] = count + 1;
            linkWeight[link] += weight;
            markDirty(link);
        }
    }

    @Override
    void onFinish(int flow) {
        int base = flow * stride;
        int positions = flow * maxPathLinks;
        int weight = records[base + MULTIPLICITY];
        slowestFinishedRate = Math.min(slowestFinishedRate, rateBytesPerSecond[flow]);
        live[flow >>> 6] &= ~(1L << flow);
        for (int j = 0; j < records[base + LENGTH]; j++) {
            int link = records[base + LINKS + j];
            int position = flowLinkPosition[positions + j];
            int last = --linkFlowCount[link];
            if (last == 0) {
                int lastLoaded = loadedLinks[--linksInUse];
                loadedLinks[loadedPosition[link]] = lastLoaded;
                loadedPosition[lastLoaded] = loadedPosition[link];
                if (episodeBytes != null) {
                    episodeBytes[link] = 0;
                }
            }
            int[] list = linkFlows[link];
            int moved = list[last];
            list[position] = moved;
            flowLinkPosition[(moved >>> entryShift) * maxPathLinks + (moved & entryMask)] = position;
            linkWeight[link] -= weight;
            markDirty(link);
        }
    }

    private void markDirty(int link) {
        if (!isDirty[link]) {
            isDirty[link] = true;
            dirtyLinks[dirtyCount++] = link;
        }
    }

    @Override
    void prepare() {
        if (dirtyCount == 0) {
            return;
        }
        int dirtyLoaded = 0;
        for (int i = 0; i < dirtyCount; i++) {
            if (linkFlowCount[dirtyLinks[i]] > 0) {
                dirtyLoaded++;
            }
        }
        if (dirtyLoaded == 0) {
            clearDirty();
            endBatch();
            return;
        }
        long nowPs = simulation.nowPs();
        int linksInComponent = 2 * dirtyLoaded >= linksInUse ? collectAll() : collectComponent();
        int flows = flowsInComponent;
        if (previousRate.length < flows) {
            previousRate = new double[Math.max(flows, previousRate.length * 2)];
        }
        double fastestRate = 0;
        for (int i = 0; i < flows; i++) {
            int flow = componentFlows[i];
            advance(flow, nowPs);
            previousRate[i] = rateBytesPerSecond[flow];
            fastestRate = Math.max(fastestRate, previousRate[i]);
        }
        boolean onlyFinishes = !startedSinceSolve && contention == null;
        double level = slowestFinishedRate * (1 - RATE_ROUNDING);
        endBatch();
        if (onlyFinishes && fastestRate < level) {
            return;
        }
        solves++;
        flowClassesSolved += flows;
        if (contention == null && aloneOnTheirLinks(flows)) {
            rateAlone(flows);
        } else if (onlyFinishes && flows < 1 << INDEX_BITS) {
            fillAbove(linksInComponent, level);
        } else {
            fill(linksInComponent, null);
        }
        if (contention != null && derate(linksInComponent)) {
            fill(linksInComponent, deratedCapacity);
        }
        for (int i = 0; i < flows; i++) {
            int flow = componentFlows[i];
            if (rateBytesPerSecond[flow] != previousRate[i] || !completions.contains(flow)) {
                project(flow, nowPs);
            }
        }
    }

    /** Whether every link of every class of the component carries that class alone. O(F·P). */
    private boolean aloneOnTheirLinks(int flows) {
        for (int i = 0; i < flows; i++) {
            int base = componentFlows[i] * stride;
            int end = base + LINKS + records[base + LENGTH];
            for (int at = base + LINKS; at < end; at++) {
                if (linkFlowCount[records[at]] != 1) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The fill of a component whose classes each have their links to themselves, without a heap: a
     * class of weight w gets min over its links of c_ℓ ÷ w, which is what progressive filling
     * gives bit for bit (the first of its links to be popped is the one with the smallest share,
     * c_ℓ ÷ w as the fill computes it, and fixing it touches no other class's links). The fix
     * sequence goes on in component order: classes that share no link never need each other's
     * order ({@link #fillAbove} orders the classes of each link). O(F·P).
     */
    private void rateAlone(int flows) {
        for (int i = 0; i < flows; i++) {
            int flow = componentFlows[i];
            int base = flow * stride;
            long weight = records[base + MULTIPLICITY];
            double rate = Double.POSITIVE_INFINITY;
            int end = base + LINKS + records[base + LENGTH];
            for (int at = base + LINKS; at < end; at++) {
                rate = Math.min(rate, Math.max(0, graph.linkBytesPerSecond(records[at])) / weight);
            }
            rateBytesPerSecond[flow] = rate;
            fixSequence[flow] = ++fixCount;
        }
    }

    /** Forgets the starts and finishes since the last solve: the rates now account for them. */
    private void endBatch() {
        startedSinceSolve = false;
        slowestFinishedRate = Double.POSITIVE_INFINITY;
    }

    /**
     * Takes every live class and every loaded link instead of searching: used when at least half
     * the loaded links are dirty, or as soon as the search has reached half of them, where it would
     * go on to reach (nearly) everything anyway. Re-solving an untouched component reproduces its
     * rates exactly, since progressive filling treats components independently and
     * deterministically. The links come from the list of loaded ones (the fill's result does not
     * depend on their order: its heap orders links totally, by share then handle), the classes from
     * the live bits (one word per 64 handles), so the cost is O(loaded links + F) with F read as
     * bits, not as records, however many links the fabric has.
     */
    private int collectAll() {
        clearDirty();
        int links = linksInUse;
        System.arraycopy(loadedLinks, 0, componentLinks, 0, links);
        int flows = 0;
        int words = (handleBound() + 63) >>> 6;
        for (int word = 0; word < words; word++) {
            long bits = live[word];
            while (bits != 0) {
                if (flows == componentFlows.length) {
                    componentFlows = Arrays.copyOf(componentFlows, flows * 2);
                }
                componentFlows[flows++] = word << 6 | Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        flowsInComponent = flows;
        return links;
    }

    private void clearDirty() {
        for (int i = 0; i < dirtyCount; i++) {
            isDirty[dirtyLinks[i]] = false;
        }
        dirtyCount = 0;
    }

    /**
     * Breadth-first search from the dirty links; fills componentLinks and componentFlows. Reached
     * classes are bits of {@link #reached} (a few kilobytes, cached), so checking the entries of a
     * link's list does not touch the class records; O(entries scanned + classes reached · P).
     */
    private int collectComponent() {
        epoch++;
        Arrays.fill(reached, 0, (handleBound() + 63) >>> 6, 0L);
        int links = 0;
        int flows = 0;
        for (int i = 0; i < dirtyCount; i++) {
            int link = dirtyLinks[i];
            isDirty[link] = false;
            if (linkStamp[link] != epoch) {
                linkStamp[link] = epoch;
                componentLinks[links++] = link;
            }
        }
        dirtyCount = 0;
        int head = 0;
        while (head < links) {
            int link = componentLinks[head++];
            int[] list = linkFlows[link];
            int count = linkFlowCount[link];
            for (int k = 0; k < count; k++) {
                int flow = list[k] >>> entryShift;
                long bit = 1L << flow;
                int word = flow >>> 6;
                if ((reached[word] & bit) != 0) {
                    continue;
                }
                reached[word] |= bit;
                int base = flow * stride;
                if (flows == componentFlows.length) {
                    componentFlows = Arrays.copyOf(componentFlows, flows * 2);
                }
                componentFlows[flows++] = flow;
                int end = base + LINKS + records[base + LENGTH];
                for (int at = base + LINKS; at < end; at++) {
                    int other = records[at];
                    if (linkStamp[other] != epoch) {
                        linkStamp[other] = epoch;
                        componentLinks[links++] = other;
                    }
                }
                if (2 * links > linksInUse) {
                    return collectAll();
                }
            }
        }
        flowsInComponent = flows;
        return links;
    }

    /**
     * Progressive filling over the component's links, with lazy keys: fixing a class at the
     * current minimum share s can only raise the share of its other links ((c − w·s)/(u − w) ≥ c/u
     * when s ≤ c/u), so a key in the heap is a lower bound of its link's true share. A popped link
     * whose true share is larger goes back with its true share; otherwise it is the bottleneck. The
     * fill ends once every class of the component is fixed: the links still in the heap then carry
     * only fixed classes (on the 16K-GPU tree they were half of all polls).
     */
    private void fill(int links, double[] capacity) {
        shares.clear();
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            long weight = linkWeight[link];
            linkRemaining[link] = capacity == null ? graph.linkBytesPerSecond(link) : capacity[link];
            linkUnfixed[link] = weight;
            if (weight > 0) {
                shares.append(link, IndexedMinHeap.orderedBits(linkRemaining[link] / weight), 0);
            }
        }
        shares.heapify();
        clearFixed();
        progress(flowsInComponent);
    }

    /**
     * The fill after finishes only, every finished class at {@code level} or faster (see the class
     * comment): the component's classes slower than {@code level} keep their rates and are taken
     * off their links in fix order (a radix sort on the fix sequence, then O(P·hops) for P of them,
     * no heap operations), the heap starts from the true shares of the links that still carry unfixed classes, and progressive
     * filling fixes the rest. Gives the rates of {@link #fill} bit for bit.
     */
    private void fillAbove(int links, double level) {
        int prefix = 0;
        for (int i = 0; i < flowsInComponent; i++) {
            int flow = componentFlows[i];
            if (rateBytesPerSecond[flow] < level) {
                if (prefix == prefixOrder.length) {
                    prefixOrder = Arrays.copyOf(prefixOrder, 2 * prefix);
                }
                prefixOrder[prefix++] = fixSequence[flow] << INDEX_BITS | i;
            }
        }
        if (prefixScratch.length < prefix) {
            prefixScratch = new long[prefixOrder.length];
        }
        RadixSort.sort(prefixOrder, prefix, INDEX_BITS, prefixScratch);
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            linkRemaining[link] = graph.linkBytesPerSecond(link);
            linkUnfixed[link] = linkWeight[link];
        }
        clearFixed();
        for (int p = 0; p < prefix; p++) {
            int flow = componentFlows[(int) (prefixOrder[p] & INDEX_MASK)];
            fixed[flow >>> 6] |= 1L << flow;
            int base = flow * stride;
            double share = rateBytesPerSecond[flow];
            int weight = records[base + MULTIPLICITY];
            int end = base + LINKS + records[base + LENGTH];
            for (int at = base + LINKS; at < end; at++) {
                int link = records[at];
                linkRemaining[link] -= weight * share;
                linkUnfixed[link] -= weight;
            }
        }
        shares.clear();
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            long unfixedWeight = linkUnfixed[link];
            if (unfixedWeight > 0) {
                shares.append(link, IndexedMinHeap.orderedBits(Math.max(0, linkRemaining[link]) / unfixedWeight), 0);
            }
        }
        shares.heapify();
        progress(flowsInComponent - prefix);
    }

    private void clearFixed() {
        int words = (handleBound() + 63) >>> 6;
        if (fixed.length < words) {
            fixed = new long[Math.max(words, fixed.length * 2)];
        } else {
            Arrays.fill(fixed, 0, words, 0L);
        }
    }

    /** Pops bottlenecks from the share heap until {@code unfixedClasses} more classes are fixed. */
    private void progress(int unfixedClasses) {
        while (unfixedClasses > 0 && !shares.isEmpty()) {
            int bottleneck = shares.peek();
            long unfixedWeight = linkUnfixed[bottleneck];
            if (unfixedWeight == 0) {
                shares.poll();
                continue;
            }
            double share = Math.max(0, linkRemaining[bottleneck]) / unfixedWeight;
            long shareBits = IndexedMinHeap.orderedBits(share);
            if (shareBits > shares.peekKey()) {
                shares.put(bottleneck, shareBits, 0);
                continue;
            }
            shares.poll();
            int[] list = linkFlows[bottleneck];
            int count = linkFlowCount[bottleneck];
            for (int k = 0; k < count; k++) {
                int flow = list[k] >>> entryShift;
                long bit = 1L << flow;
                int word = flow >>> 6;
                if ((fixed[word] & bit) != 0) {
                    continue;
                }
                fixed[word] |= bit;
                fixSequence[flow] = ++fixCount;
                unfixedClasses--;
                int base = flow * stride;
                rateBytesPerSecond[flow] = share;
                int weight = records[base + MULTIPLICITY];
                int end = base + LINKS + records[base + LENGTH];
                for (int at = base + LINKS; at < end; at++) {
                    int link = records[at];
                    linkRemaining[link] -= weight * share;
                    linkUnfixed[link] -= weight;
                }
            }
        }
    }

    /**
     * After an ideal fill: the capacity of each component link for the derated fill, the contention
     * model's factor where the link is saturated (less than 10⁻⁹ of it left) by two flows or more
     * and the factor is below 1 − ε, its full capacity elsewhere. The overload of a saturated link
     * sums its classes' offered rates ({@link ContentionModel}): O(flows on the link). Returns
     * whether any link was derated.
     */
    private boolean derate(int links) {
        if (deratedCapacity == null) {
            deratedCapacity = new double[linkCount];
            episodeBytes = new double[linkCount];
        }
        boolean derated = false;
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            double capacity = graph.linkBytesPerSecond(link);
            double factor = 1;
            if (linkWeight[link] >= 2 && linkRemaining[link] <= 1e-9 * capacity) {
                if (episodeBytes[link] == 0) {
                    episodeBytes[link] = remainingBytesOn(link);
                }
                factor = contention.saturatedCapacityFactor(link, offeredBytesPerSecond(link) / capacity,
                        episodeBytes[link]);
            } else {
                episodeBytes[link] = 0;
            }
            if (factor > smallestDerating) {
                factor = 1;
            }
            deratedCapacity[link] = capacity * factor;
            derated |= factor != 1;
        }
        return derated;
    }

    /** Σ over the classes on {@code link} of multiplicity × remaining bytes: a contention episode's bytes. */
    private double remainingBytesOn(int link) {
        int[] list = linkFlows[link];
        int count = linkFlowCount[link];
        double bytes = 0;
        for (int k = 0; k < count; k++) {
            int flow = list[k] >>> entryShift;
            bytes += records[flow * stride + MULTIPLICITY] * remainingBytes[flow];
        }
        return bytes;
    }

    /** Σ over the classes on {@code link} of multiplicity × their sender's share of its first link. */
    private double offeredBytesPerSecond(int link) {
        int[] list = linkFlows[link];
        int count = linkFlowCount[link];
        double offered = 0;
        for (int k = 0; k < count; k++) {
            int base = (list[k] >>> entryShift) * stride;
            int first = records[base + LINKS];
            offered += records[base + MULTIPLICITY] * graph.linkBytesPerSecond(first) / linkWeight[first];
        }
        return offered;
    }

    @Override
    long solves() {
        return solves;
    }

    @Override
    long flowClassesSolved() {
        return flowClassesSolved;
    }
}
