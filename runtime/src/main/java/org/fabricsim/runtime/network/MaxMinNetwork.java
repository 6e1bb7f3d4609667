package org.fabricsim.runtime.network;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;

/**
 * Flow-level max-min fair sharing with incremental re-solve.
 *
 * <p><b>Model.</b> Link ℓ has capacity c_ℓ; flow class f has multiplicity w_f and per-flow rate r_f on every link of
 * its path P_f. The rates are the max-min fair allocation: Σ_{f∋ℓ} w_f·r_f ≤ c_ℓ, and no r_f can grow without shrinking
 * some r_g ≤ r_f. Identical flows (same path, start, size) always get the same rate, which is why a class of w flows is
 * one variable of weight w. A path may hold link groups ({@code Graph}): a sprayed flow is then one variable whose rate
 * splits evenly over its routes (max-min with path weights), and a group of m members is the one constraint Σ w_f·r_f ≤
 * m·min c, exact because spraying loads the members alike.
 *
 * <p><b>Progressive filling</b> ({@link ProgressiveFill}): the link with the smallest fair share is a bottleneck, its
 * unfixed classes are fixed at that share, and so on; O(F·P) charges for F classes with paths of length ≤ P.
 *
 * <p><b>Incremental re-solve.</b> Arrivals and completions mark their links dirty. Before the next event, the connected
 * component of the dirty links in the flow–link graph is found by breadth first search and only it is re-solved: the
 * allocation elsewhere is unchanged because max-min components are independent (SimGrid's selective update). When the
 * dirty links, or (without a derating) the search, cover half the loaded links, everything is taken in handle order
 * instead; under a derating the search runs to the component's end ({@link ComponentSearch}). Classes of the component
 * first deduct the bytes sent at their old rate, then get new rates and new projected completions.
 *
 * <p><b>Completions that change nothing</b> keep the rates without a fill, exactly, and <b>finishes inside a batch's
 * window, derated</b> wait for its end and share one re-solve: the arguments are {@link SolveBatch}'s.
 *
 * <p><b>Lone classes.</b> Without a derating, a class that starts with every link of its path to itself is rated in
 * closed form and projected at once, and stays out of the link lists until another class starts on one of its links
 * ({@link LoneClasses}, which states why the results are the same to the bit). Such classes started on an idle network
 * at one instant are not marked dirty, and the re-solve after them is done in closed form ({@link QuietStarts}); two
 * of them that share links only with each other are rated so too ({@link LonePair}).
 *
 * <p><b>Parts.</b> The class records and the completion heap are {@link FlowTable}'s, the link lists {@link
 * LinkFlowLists}, a fabric's derating {@link ContentionDerating}; each part reads the others' arrays directly.
 */
public final class MaxMinNetwork extends FlowTable {
    /**
     * The completion tolerance ε every simulation uses unless its study states one ({@code tolerance} in the language;
     * the benchmark harnesses use it too): 1%. Completions due within ε of the earliest one's age share one re-solve
     * ({@code FlowTable}), so a flow class finishes at most ε·(its age) early and a collective's time is within ε of
     * the exact solve (ε = 0), which {@code CompletionToleranceTest} checks. On the 512-endpoint all-to-all it cuts
     * the re-solves 28× (docs/performance.md).
     */
    public static final double DEFAULT_COMPLETION_TOLERANCE = 0.01;
    private static final int DEFAULT_CLASSES = 1024;
    private final LinkFlowLists lists;
    private final LoneClasses lone;
    private final ComponentSearch component;
    private final ProgressiveFill filling;
    /** The fabric's derating, or null for ideal max-min. */
    private ContentionDerating derating;
    /** 1 − ε: a contention model that never derates below it is ignored. */
    private final double smallestDerating;
    private double[] previousRate = new double[1024];
    private long solves;
    private long flowClassesSolved;
    private final SolveBatch batch = new SolveBatch();
    private final QuietStarts quiet = new QuietStarts();

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
     * The same, with room for {@code expectedClasses} concurrent flow classes before any per-class array grows (a
     * caller that knows how many flows it starts saves the doublings; results do not depend on it).
     */
    public MaxMinNetwork(Simulation simulation, Graph graph, int maxPathLinks, double completionTolerance,
            int expectedClasses) {
        super(simulation, graph, maxPathLinks, completionTolerance, expectedClasses);
        smallestDerating = 1 - completionTolerance;
        int linkCount = graph.flowLinkCount();
        lists = new LinkFlowLists(linkCount, maxPathLinks, flowCapacity());
        lone = new LoneClasses(linkCount, flowCapacity());
        component = new ComponentSearch(lists, lone, linkCount, flowCapacity());
        filling = new ProgressiveFill(graph, lists, component, linkCount, flowCapacity(), false);
    }

    /**
     * Makes every solve a fabric's: after the ideal fill, each link saturated by two flows or more gets {@code model}'s
     * capacity factor and the component is filled again with those capacities (2 fills instead of 1, each as above).
     * Null, or a model that never derates below 1 − ε, keeps the ideal single fill. Lone classes are listed first: a
     * derating depends on every class's load.
     */
    public void setContentionModel(ContentionModel model) {
        if (lone.pair.first >= 0) {
            list(lone.pair.first);
        }
        quiet.replay(this, component.dirty);
        for (int flow : lone.all(handleBound())) {
            list(flow);
        }
        derating = ContentionDerating.derates(model, smallestDerating)
                ? new ContentionDerating(model, graph, lists, component, 1 - smallestDerating,
                        SolveBatch.RATE_ROUNDING, flowCapacity(), simulation::nowPs)
                : null;
        component.searchToEnd = derating != null;
    }

    @Override
    void grow(int capacity) {
        lists.grow(capacity);
        lone.grow(capacity);
        filling.grow(capacity);
        component.grow(capacity);
        if (derating != null) {
            derating.grow(capacity);
        }
    }

    @Override
    void onStart(int flow) {
        int base = flow * stride;
        batch.started();
        boolean quietly = quiet.open() || derating == null && activeFlowClasses() == 1 && component.dirty.isClean();
        if (quietly && lone.take(flow, records, base, lists.count)) {
            quiet.hold(flow);
        } else if (quietly && lone.pair.take(this, graph, lone, lists.count, flow)) {
            quiet.hold(flow);
            return;
        } else {
            if (quiet.open() && lone.pair.first >= 0) {
                list(lone.pair.first);
            }
            quiet.replay(this, component.dirty);
            for (int j = 0; j < records[base + LENGTH]; j++) {
                int link = records[base + LINKS + j];
                int owner = lone.owner(link);
                if (owner >= 0) {
                    list(owner);
                }
                component.dirty.mark(link);
            }
            if (derating != null || !lone.take(flow, records, base, lists.count)) {
                list(flow);
                return;
            }
        }
        rateBytesPerSecond[flow] = filling.alone.rateOnOwnLinks(records, base);
        project(flow, simulation.nowPs());
    }

    /** Enters class {@code flow} (new, or lone until now; of the {@link LonePair}: both) in its links' lists. O(P). */
    private void list(int flow) {
        if (lone.pair.holds(flow)) {
            int second = lone.pair.second;
            int first = lone.pair.release(this, lone, quiet.open() ? filling.alone : null);
            list(first);
            if (second != first) {
                list(second);
            }
            return;
        }
        int base = flow * stride;
        if (lone.isLone(flow)) {
            lone.release(flow, records, base);
        }
        int weight = records[base + MULTIPLICITY];
        component.setLive(flow);
        for (int j = 0; j < records[base + LENGTH]; j++) {
            lists.add(records[base + LINKS + j], flow, j, weight);
            if (derating != null) {
                derating.enter(records[base + LINKS + j]);
            }
        }
    }

    @Override
    void onFinish(int flow) {
        int base = flow * stride;
        int weight = records[base + MULTIPLICITY];
        batch.finished(rateBytesPerSecond[flow]);
        if (lone.isLone(flow) || lone.pair.holds(flow)) {
            lone.finish(this, flow, component.dirty);
            return;
        }
        component.clearLive(flow);
        if (derating != null) {
            derating.finish(flow, rateBytesPerSecond[flow]);
        }
        for (int j = 0; j < records[base + LENGTH]; j++) {
            int link = records[base + LINKS + j];
            boolean emptied = lists.remove(link, flow, j, weight);
            if (derating != null) {
                derating.leave(link, emptied);
            }
            component.left(link, flow);
        }
    }

    @Override
    void prepare() {
        solveDuePs = NONE;
        if (quiet.settles()) {
            solves++;
            batch.solved(simulation.nowPs(), lastBatchPs, lastBatchLimitPs);
            endBatch();
            return;
        }
        if (component.dirty.count == 0) {
            if (component.dirty.deferredCount > 0) {
                component.dirty.dropDeferred();
                endBatch();
            }
            return;
        }
        component.dirty.flush();
        int dirtyLoaded = component.dirty.loaded(lists, lone);
        if (dirtyLoaded == 0) {
            component.dirty.clear();
            endBatch();
            return;
        }
        long nowPs = simulation.nowPs();
        long deferredPs = derating == null ? -1 : batch.deferredUntil(nowPs);
        if (deferredPs >= 0) {
            solveDuePs = deferredPs;
            return;
        }
        // Finishes only, every live class slower than the slowest finished one: every rate stands, as the keep below
        // finds after its search (no finished class was on a live class's bottleneck); tested first, over them all.
        if (derating == null && batch.onlyFinishes() && lone.links == lone.pair.links && Math.max(lone.pair.rate(),
                component.fastestLive(rateBytesPerSecond, handleBound())) < batch.level()) {
            component.dirty.clear();
            endBatch();
            return;
        }
        int linksInComponent = component.collect(dirtyLoaded, this);
        if (component.tookAll) {
            lone.advanceAll(this, nowPs);
        }
        int flows = component.flowsInComponent;
        int[] componentFlows = component.componentFlows;
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
        boolean onlyFinishes = batch.onlyFinishes();
        double level = batch.level();
        boolean keep = onlyFinishes && fastestRate < level
                && (derating == null || derating.keepsRates(this, linksInComponent));
        if (keep) {
            endBatch();
            return;
        }
        solves++;
        flowClassesSolved += flows;
        batch.solved(nowPs, lastBatchPs, lastBatchLimitPs);
        if (derating != null) {
            derating.solve(this, linksInComponent, onlyFinishes, level, filling, previousRate);
            flows = component.flowsInComponent;
        } else if (component.aloneOnTheirLinks(this)) {
            filling.alone.rateAlone(this);
        } else if (!filling.twoPerLink.rate(this, linksInComponent)) { // a partial fill's rates too (TwoPerLinkFill)
            if (onlyFinishes && flows < 1 << ProgressiveFill.INDEX_BITS) {
                filling.fillAbove(this, linksInComponent, level, null, null, rateBytesPerSecond, null);
            } else {
                filling.fill(this, linksInComponent, null, rateBytesPerSecond, null);
            }
        }
        endBatch();
        for (int i = 0; i < flows; i++) {
            int flow = componentFlows[i];
            if (rateBytesPerSecond[flow] != previousRate[i] || !completions.contains(flow)) {
                project(flow, nowPs);
            }
        }
    }

    /** Forgets the starts and finishes since the last solve: the rates now account for them. */
    private void endBatch() {
        batch.end();
        if (derating != null) {
            derating.endBatch();
        }
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
