package org.fabricsim.runtime.network;

import java.util.Arrays;
import java.util.function.LongSupplier;

import org.fabricsim.runtime.topology.Graph;

/**
 * A fabric's derating of saturated links for {@link MaxMinNetwork}: after the ideal fill, each component link saturated
 * (less than 10⁻⁹ of its capacity left) by two flows or more gets the {@link ContentionModel}'s capacity factor for its
 * load and its contention episode ({@link ContentionReading}), or head-of-line blocking's where that is smaller ({@link
 * HeadOfLineBlocking}: a lossless fabric's switch link whose flows a downstream link holds back), and the component is
 * filled again with those capacities. A link the ideal fill saturates with one flow gets the model's lone-flow factor
 * ({@link ContentionModel#loneFlowCapacityFactor}; no contention episode). Factors above 1 − ε (the completion
 * tolerance) leave a link whole. O(flows on the link) per saturated link, O(flows on it and on its next links) where
 * its buffer is finite.
 *
 * <p><b>Settled factors.</b> A saturated link keeps the factor it was last given while the one its load now reads
 * differs from it by at most ε of it ({@link #settle}): a capacity within ε of the exact derating changes completions
 * by no more than the tolerance already allows, as for the whole links above. Without it, the overload of a link moves
 * at nearly every completion (a sender's share of its NIC grows as its other flows finish), so every completion would
 * cost two fills where the ideal fabric needs none.
 *
 * <p><b>Completions that change nothing</b> leave rates that stand, in a whole re-solve ({@link #keepsRates}) or in
 * some of its components: {@link StandingComponents} gives the argument.
 */
final class ContentionDerating {
    private final ContentionReading reading;
    private final ContentionModel model;
    /** Head-of-line blocking of links whose buffer downstream a held-back backlog fills. */
    private final HeadOfLineBlocking headOfLine;
    /** Per link, whether its last factor was head-of-line blocking's (then finishes re-solve: see {@link #keepsRates}). */
    private final boolean[] blocked;
    private final Graph graph;
    private final LinkFlowLists lists;
    /** 1 − ε: factors above it leave a link whole, sparing the second fill (PFC alone: u ≥ 0.998). */
    private final double smallestDerating;
    /** A bound on the model's factors but blocking's, 0 where it inherits state ({@link #measuredFactor}). */
    private final double readingFloor;
    /** Capacities of the derated second fill (the last one that covered each link). */
    private final double[] capacity;
    private final ComponentSearch component;
    /** The ideal fill, with its own fix order, so that it can start from the slower classes too. */
    private final ProgressiveFill ideal;
    /** Relative margin under which a rate counts as slower than a finished one ({@link MaxMinNetwork}). */
    private final double rateRounding;
    /** Whether the last {@link #solve} derated a link. */
    private boolean derated;
    /** The completion tolerance ε: how far a saturated link's factor may drift before it is re-applied. */
    private final double tolerance;
    /** Per link, the capacity factor last applied, 1 when whole. */
    private final double[] factor;
    /** Per link, whether the last ideal fill that covered it saturated it with two flows or more. */
    private final boolean[] saturated;
    /** Per class, its rate in the ideal fill of the last solve that covered it (+∞ before one). */
    private double[] idealRate;
    /** The links the classes finished since the last solve crossed ({@link #leave}). */
    private final FinishedLinks finished;
    /** Per link, whether the last {@link #derate} changed its capacity other than by raising a left link's. */
    private final boolean[] changed;
    /** The components whose derated rates stand, taken out of the derated fill. */
    private final KeptComponents standing = new KeptComponents();
    /** The components whose rates stand in both fills, taken out of both. */
    private final StandingComponents taken;

    ContentionDerating(ContentionModel model, Graph graph, LinkFlowLists lists, ComponentSearch component,
            double tolerance, double rateRounding, int classCapacity, LongSupplier clockPs) {
        this.model = model;
        this.headOfLine = new HeadOfLineBlocking(model, graph, lists);
        this.graph = graph;
        this.lists = lists;
        this.component = component;
        this.tolerance = tolerance;
        this.rateRounding = rateRounding;
        this.smallestDerating = 1 - tolerance;
        this.readingFloor = model.inheritsState() ? 0 : model.smallestReadingFactor();
        ideal = new ProgressiveFill(graph, lists, component, graph.flowLinkCount(), classCapacity, true);
        this.reading = new ContentionReading(model, graph, lists, clockPs, ideal, readingFloor <= smallestDerating);
        capacity = new double[graph.flowLinkCount()];
        for (int link = 0; link < capacity.length; link++) {
            capacity[link] = graph.linkBytesPerSecond(link);
        }
        factor = new double[capacity.length];
        Arrays.fill(factor, 1);
        saturated = new boolean[capacity.length];
        blocked = new boolean[capacity.length];
        finished = new FinishedLinks(capacity.length);
        changed = new boolean[capacity.length];
        taken = new StandingComponents(graph);
        idealRate = new double[0];
        grow(classCapacity);
    }

    /** Room for class handles below {@code classCapacity}. */
    void grow(int classCapacity) {
        ideal.grow(classCapacity);
        int old = idealRate.length;
        idealRate = Arrays.copyOf(idealRate, classCapacity);
        Arrays.fill(idealRate, old, classCapacity, Double.POSITIVE_INFINITY);
    }

    /** Whether {@code model} derates below 1 − ε anywhere, i.e. whether it needs a second fill. */
    static boolean derates(ContentionModel model, double smallestDerating) {
        return model != null && model.smallestFactor() <= smallestDerating;
    }

    /**
     * Class {@code flow}, of ideal rate {@link #idealRate} and rate {@code rate}, finished: notes it for {@link
     * #keepsRates} and, on the links it leaves next, for {@link KeptComponents}; drops its log entry.
     */
    void finish(int flow, double rate) {
        finished.finish(rate, idealRate[flow]);
        ideal.log().forget(flow);
    }

    /** A finished class left {@code link}, which carries no class any more when {@code emptied}. */
    void leave(int link, boolean emptied) {
        reading.loadChanged(link);
        if (emptied) {
            reading.endEpisode(link);
        }
        finished.leave(link);
    }

    /** A started class entered {@code link}. */
    void enter(int link) {
        reading.loadChanged(link);
        headOfLine.entered(link);
    }

    /** Forgets the finishes since the last solve. */
    void endBatch() {
        finished.endBatch();
    }

    /**
     * After finishes only, every remaining class of the component slower than the slowest finished one in the derated
     * fill (checked by the caller): whether the rates stand ({@link StandingComponents#keepsRates}); if so, ends the
     * saturation of the links the finished classes crossed, as a solve would.
     */
    boolean keepsRates(FlowTable table, int links) {
        headOfLine.beginSolve();
        return taken.keepsRates(table, component, links, idealRate, finished, rateRounding, this);
    }

    /** For a keep of every rate: {@code link} is not saturated, or not blocked and left or settling to its factor. */
    boolean keepsFactor(FlowTable table, int link) {
        return !saturated[link] || !blocked[link]
                && (finished.isLeft[link] || settle(link, measuredFactor(table, link, null)) == factor[link]);
    }

    /** A link that a finished class left and whose rates stand: it is no longer saturated, and whole. O(1). */
    void endSaturation(int link) {
        if (finished.isLeft[link] && (saturated[link] || factor[link] != 1)) {
            saturated[link] = false;
            reading.endEpisode(link);
            factor[link] = 1;
            capacity[link] = graph.linkBytesPerSecond(link);
        }
    }

    /**
     * Whether {@link #derate} leaves {@code link} of a {@link StandingComponents} candidate as it is, but for {@link
     * #endSaturation}: a link it skips, or one not blocked and not saturated, or left (not full where {@code replayed}),
     * or in its episode and settling to its factor. The ideal fill's capacity left must be a replay's.
     */
    boolean stands(FlowTable table, int link, boolean replayed) {
        if (readingFloor > smallestDerating && !headOfLine.canBlock(link)) {
            return true;
        }
        return !blocked[link] && !(replayed && ideal.remaining(link) <= 1e-9 * graph.linkBytesPerSecond(link))
                && (!saturated[link] || finished.isLeft[link]
                || reading.inEpisode(link) && settle(link, measuredFactor(table, link, null)) == factor[link]);
    }

    /** Whether {@code link} keeps a derated capacity once {@link #endSaturation} has run. O(1). */
    boolean deratedAfter(int link) {
        return !finished.isLeft[link] && factor[link] != 1;
    }

    /**
     * The rates of the collected component's classes, written into {@code table}: the ideal fill
     * (into {@link #idealRate}), the factors it gives, and the fill with them by {@code filling}
     * (or the ideal rates, when no link is derated). After finishes only, each fill starts from the
     * classes slower than the finished ones ({@link ProgressiveFill#fillAbove}, {@code level} the
     * derated one): the ideal one always, the derated one when the capacities are the last fill's
     * but larger ones on the finished classes' links; each component of the search on its own ({@link
     * KeptComponents}, with {@code previousRate}, the rates before, at the classes' places), the components whose
     * rates stand taken out of both first ({@link StandingComponents}). The readings and the derated fill read paths
     * from the ideal fill's {@link FixLog}. O(F·P) per fill ({@link ProgressiveFill}).
     */
    void solve(FlowTable table, int links, boolean onlyFinishes, double level, ProgressiveFill filling,
            double[] previousRate) {
        boolean partial = onlyFinishes && component.flowsInComponent < 1 << ProgressiveFill.INDEX_BITS;
        boolean split = component.components > 1;
        int classes = component.flowsInComponent;
        if (partial && split) {
            headOfLine.beginSolve();
            links = taken.take(table, component, links, previousRate, idealRate, finished, rateRounding, ideal, this);
        }
        if (partial) {
            double[] levels = split
                    ? standing.levels(component, finished.leftIdealRate, rateRounding) : null;
            double idealLevel = finished.slowestIdealRate * (1 - rateRounding);
            ideal.fillAbove(table, links, idealLevel, levels, null, idealRate, null);
        } else {
            ideal.fill(table, links, null, idealRate, null);
        }
        boolean kept = derate(table, links);
        derated |= partial && split && taken.derated;
        if (!derated) {
            int left = component.flowsInComponent;
            component.flowsInComponent = classes; // the taken classes too: their fix order is the ideal fill's now
            filling.adopt(ideal, idealRate, table.rateBytesPerSecond);
            component.flowsInComponent = left;
            return;
        }
        int derating = onlyFinishes && split
                ? standing.drop(component, links, changed, finished.leftRate, rateRounding, previousRate)
                : links;
        if (partial && kept) {
            filling.fillAbove(table, derating, level, null, capacity, table.rateBytesPerSecond, ideal.log());
        } else {
            filling.fill(table, derating, capacity, table.rateBytesPerSecond, ideal.log());
        }
    }

    /**
     * Sets {@link #capacity} and {@link #derated} for the component's links from the ideal fill's
     * capacity left; returns whether every capacity is the last fill's, or larger on a link of a
     * finished class. A link that was not saturated has no contention episode and no head-of-line
     * factor to end (only a saturated link's reading opens one, and a link stops being saturated only
     * here or in {@link #keepsRates}, which end it), so only the links that stop being saturated
     * write them: O(component links) reads, writes only where a link's state changes.
     */
    private boolean derate(FlowTable table, int links) {
        int[] componentLinks = component.componentLinks;
        long[] linkWeight = lists.weight;
        derated = false;
        boolean kept = true;
        boolean blockingOnly = readingFloor > smallestDerating;
        boolean[] isLeft = finished.isLeft;
        headOfLine.beginSolve();
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            taken.unreplayed[link] = false;
            if (blockingOnly && !headOfLine.canBlock(link)) {
                continue; // its factor is 1 at every solve (see measuredFactor)
            }
            double linkCapacity = graph.linkBytesPerSecond(link);
            double before = capacity[link];
            boolean full = ideal.remaining(link) <= 1e-9 * linkCapacity;
            boolean wasSaturated = saturated[link];
            saturated[link] = linkWeight[link] >= 2 && full;
            if (saturated[link]) {
                factor[link] = settle(link, measuredFactor(table, link, ideal.log()));
            } else {
                if (wasSaturated) {
                    reading.endEpisode(link);
                    blocked[link] = false;
                }
                factor[link] = full && linkWeight[link] == 1 ? settle(link, model.loneFlowCapacityFactor(link, linkWeight)) : 1;
            }
            capacity[link] = linkCapacity * factor[link];
            derated |= factor[link] != 1;
            changed[link] = !(capacity[link] == before || isLeft[link] && capacity[link] > before);
            kept &= !changed[link];
        }
        return kept;
    }

    /**
     * The smaller of the model's factor for saturated {@code link} and head-of-line blocking's (which reads the ideal
     * fill's rates), noted in {@link #blocked}; {@code paths} as for {@link ContentionReading#factor}. Where the model
     * cannot derate ({@link #readingFloor} f &gt; 1 − ε; Meta's RoCE, r ≥ 0.998), its r is not read, bit for bit, when
     * blocking's h &lt; f (h, blocked) or h = 1 (r, which {@link #settle} makes 1 as it makes 1) in an open episode
     * ({@link ContentionReading#inEpisode}); a link that cannot block then gets 1 at every solve, as does its lone-flow
     * factor (f bounds it): {@link #derate} leaves it out, whole, and {@link #keepsRates} passes it as it would.
     */
    private double measuredFactor(FlowTable table, int link, FixLog paths) {
        double held = headOfLine.factor(table, link, idealRate, ideal, paths);
        if (readingFloor > smallestDerating && (held < readingFloor || held == 1) && reading.inEpisode(link)) {
            blocked[link] = held < 1;
            return held;
        }
        double rate = reading.factor(table, link, paths);
        blocked[link] = held < rate;
        return Math.min(rate, held);
    }

    /**
     * The factor saturated {@code link} gets when its load reads {@code measured}: 1 above 1 − ε,
     * else its current factor while {@code measured} is within ε of it, else {@code measured}.
     */
    private double settle(int link, double measured) {
        double settled = measured > smallestDerating ? 1 : measured;
        double current = factor[link];
        return Math.abs(settled - current) <= tolerance * current ? current : settled;
    }
}
