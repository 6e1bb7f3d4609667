package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * Rates that stand after finishes only, so that a derated re-solve skips their fills ({@link ContentionDerating}).
 *
 * <p><b>A whole re-solve</b> ({@link #keepsRates}): every remaining class of the component slower than the slowest
 * finished one both in the ideal fill and in the derated one. Then the ideal fill without the finished classes D gives
 * the remaining classes their ideal rates again (the proof of {@link MaxMinNetwork}), so a link that D did not cross
 * is saturated exactly when it was, and a saturated link that D crossed is not any more (its load fell by D's, the
 * rest kept theirs): its factor becomes 1. If every link left saturated settles to its factor, the derated fill runs
 * with the same capacities except larger ones on D's links, which the same proof shows cannot reach the remaining
 * classes before they are fixed: their rates stand. A saturated link whose factor was head-of-line blocking's
 * re-solves: that factor reads the downstream links' input shares, which the finished classes may change.
 *
 * <p><b>Components</b> ({@link #take}): the same argument holds for each component of the search on its own (its
 * classes fill only its links), with its own finished classes' levels: its classes all slower than the classes that
 * finished on its links, less the rounding margin, in the derated fill ({@link KeptComponents#drop}'s test) and in the
 * ideal one ({@link KeptComponents#levels}, as {@link FixLog#keepSlower} marks them), and each of its links standing
 * ({@link ContentionDerating#stands}: not blocked, and not saturated, or left and not full, or in its episode and
 * settling to its factor); and, where none of its links stays derated, its rates its ideal ones. Then the ideal fill
 * would replay every class of it and the derated fill would leave it out ({@link KeptComponents#drop}), or adopt its
 * ideal rates (the same): its rates, ideal rates and fix log stand, and it is taken out before either fill. {@link
 * KeptComponents} alone leaves it out of the derated fill but fills it ideally (every class replayed from the {@link
 * FixLog}) and reads its links: Meta's RoCE step (PFC, no congestion control) re-solves 9,518 components in its
 * data-parallel gather of which 54 get another rate (docs/performance.md, "Behaviour rows, session 61"). What the
 * fills would write is written here: the ideal fill's capacity left on the links whose classes changed since it last
 * covered them ({@link ProgressiveFill#replayLink}: the same subtractions in log order), first, as the readings of the
 * check read it; the end of the saturation of the links the finished classes left ({@link
 * ContentionDerating#endSaturation}); the derated fill's fix order where it adopts (the caller). O(classes + links)
 * per re-solve, plus O(k log k) per link of k classes replayed.
 *
 * <p><b>A faster class</b> fails both tests, even with a full link of its own that no finished class crossed: in
 * real numbers its rate would stand (max-min's fixed point: every class has a saturated link on which none is faster),
 * but the fill's ties are rounding's. A class fixed at 0.1 by one link may find its other link exactly full at 0.1
 * (3 flows, 0.30000000000000004 left: 3 · 0.1 rounds to it); once the first link's other class ends, the fill gives it
 * that link's share, 0.30000000000000004 / 3 = 0.10000000000000002 ({@code RoundingTiedBottleneckTest}). Saturation,
 * and so every factor, is read from those rates, and a finish moves head-of-line factors on links it never crossed
 * (through the next links' input shares): knowing the bits is doing the fill (docs/performance.md, "Re-solves that
 * change nothing, session 71").
 */
final class StandingComponents {
    /**
     * Per link, whether the ideal fill's capacity left may not be a replay of its classes from the log: a class left it
     * in a re-solve that kept every rate without a fill ({@link ContentionDerating#keepsRates}). Cleared where a fill
     * covers it.
     */
    final boolean[] unreplayed;
    /**
     * The share of its capacity a link's ideal capacity left must exceed for {@link #take} to leave it unreplayed: a
     * link that classes left has more to spare without their charges, the sums of the others' charges differing by
     * their rounding only (under k·2⁻⁵³ of the capacity for k classes), and every reader of the capacity left compares it
     * with 10⁻⁹ of the capacity (a saturated link in {@link ContentionDerating}, a next link that binds in {@link
     * HeadOfLineBlocking}, a hashed choice's room in {@link HashedChoices}): so it reads as before, not full.
     */
    private static final double SPARE = 2e-9;
    private final Graph graph;
    /** Whether a component taken by the last {@link #take} keeps a derated link. */
    boolean derated;
    private double[] fastest = new double[16];
    private double[] fastestIdeal = new double[16];
    private boolean[] ideal = new boolean[16];
    private int[] renumber = new int[16];
    private int[] taken = new int[16];
    private long[] offsets = new long[16];
    /** Of the component {@link #stands} reads: the links classes left, those to replay, whether one stays derated. */
    private int[] leftLinks = new int[16];
    private int leftCount;
    private int[] changedLinks = new int[16];
    private boolean keepsDerated;

    StandingComponents(Graph graph) {
        this.graph = graph;
        unreplayed = new boolean[graph.flowLinkCount()];
    }

    /**
     * Whether every rate of the collected component stands after finishes only, every remaining class slower than
     * the slowest finished one in the derated fill (the caller checks it): as slower in the ideal fill, and every link's
     * factor standing ({@link ContentionDerating#keepsFactor}). If so, ends the saturation of the links the finished
     * classes left, as a solve would, and marks them {@link #unreplayed}. O(component links + classes on its saturated
     * links).
     */
    boolean keepsRates(FlowTable table, ComponentSearch component, int links, double[] idealRate,
            FinishedLinks finished, double rounding, ContentionDerating derating) {
        double level = finished.slowestIdealRate * (1 - rounding);
        int[] componentFlows = component.componentFlows;
        for (int i = 0; i < component.flowsInComponent; i++) {
            if (!(idealRate[componentFlows[i]] < level)) {
                return false;
            }
        }
        int[] componentLinks = component.componentLinks;
        for (int i = 0; i < links; i++) {
            if (!derating.keepsFactor(table, componentLinks[i])) {
                return false;
            }
        }
        for (int i = 0; i < finished.count; i++) {
            derating.endSaturation(finished.left[i]);
            unreplayed[finished.left[i]] = true;
        }
        return true;
    }

    /**
     * Takes the standing components out of {@code component}'s first {@code links} links and its classes ({@code
     * previousRate} at their places, as for {@link KeptComponents#drop}); their classes follow the classes left in
     * {@link ComponentSearch#componentFlows}. Returns the links left; the components left are renumbered.
     */
    int take(FlowTable table, ComponentSearch component, int links, double[] previousRate, double[] idealRate,
            FinishedLinks finished, double rounding, ProgressiveFill idealFill, ContentionDerating derating) {
        int components = component.components;
        grow(components);
        Arrays.fill(fastest, 0, components, 0);
        Arrays.fill(fastestIdeal, 0, components, 0);
        Arrays.fill(ideal, 0, components, true);
        int[] flows = component.componentFlows;
        int[] componentOf = component.componentOf;
        int classes = component.flowsInComponent;
        for (int i = 0; i < classes; i++) {
            int flow = flows[i];
            int c = componentOf[flow];
            fastest[c] = Math.max(fastest[c], previousRate[i]);
            fastestIdeal[c] = Math.max(fastestIdeal[c], idealRate[flow]);
            ideal[c] &= previousRate[i] == idealRate[flow];
        }
        int[] componentLinks = component.componentLinks;
        int[] componentEnd = component.componentEnd;
        derated = false;
        int left = 0;
        for (int c = 0, from = 0; c < components; from = componentEnd[c++]) {
            boolean stands = stands(table, componentLinks, from, componentEnd[c], finished, rounding, c, idealFill,
                    derating);
            renumber[c] = stands ? -1 : left++;
            for (int i = 0; stands && i < leftCount; i++) {
                derating.endSaturation(leftLinks[i]);
            }
            derated |= stands && keepsDerated;
        }
        return left == components ? links : compact(component, previousRate, classes, left);
    }

    /**
     * Whether component {@code c}, of links [from, end), stands, noting in {@link #keepsDerated} whether it keeps a
     * derated link and its left links in {@link #leftLinks}; replays the ideal capacity left of its links that classes
     * left and that have at most {@link #SPARE} of it, and marks the others {@link #unreplayed}.
     */
    private boolean stands(FlowTable table, int[] componentLinks, int from, int end, FinishedLinks finished,
            double rounding, int c, ProgressiveFill idealFill, ContentionDerating derating) {
        double level = Double.POSITIVE_INFINITY;
        double idealLevel = Double.POSITIVE_INFINITY;
        leftCount = 0;
        int replays = 0;
        if (changedLinks.length < end - from) {
            changedLinks = new int[Math.max(end - from, 2 * changedLinks.length)];
            leftLinks = new int[changedLinks.length];
        }
        for (int i = from; i < end; i++) {
            int link = componentLinks[i];
            if (finished.isLeft[link]) {
                level = Math.min(level, finished.leftRate[link]);
                idealLevel = Math.min(idealLevel, finished.leftIdealRate[link]);
                leftLinks[leftCount++] = link;
            }
            if (finished.isLeft[link] || unreplayed[link]) {
                unreplayed[link] = idealFill.remaining(link) > SPARE * graph.linkBytesPerSecond(link);
                if (!unreplayed[link]) {
                    changedLinks[replays++] = link;
                }
            }
        }
        if (!(fastest[c] < level * (1 - rounding) && fastestIdeal[c] < idealLevel * (1 - rounding))) {
            return false;
        }
        for (int i = 0; i < replays; i++) {
            offsets = idealFill.replayLink(changedLinks[i], offsets);
        }
        keepsDerated = false;
        for (int i = from; i < end; i++) {
            int link = componentLinks[i];
            if (!derating.stands(table, link, finished.isLeft[link] || unreplayed[link])) {
                return false;
            }
            keepsDerated |= derating.deratedAfter(link);
        }
        return keepsDerated || ideal[c];
    }

    /**
     * Moves the taken components' links and classes out, renumbering the {@code componentsLeft} others. Returns the
     * links left.
     */
    private int compact(ComponentSearch component, double[] previousRate, int classes, int componentsLeft) {
        int[] componentLinks = component.componentLinks;
        int[] componentEnd = component.componentEnd;
        int linksLeft = 0;
        int components = component.components;
        for (int c = 0, from = 0; c < components; from = componentEnd[c++]) {
            int end = componentEnd[c];
            if (renumber[c] >= 0) {
                for (int i = from; i < end; i++) {
                    componentLinks[linksLeft++] = componentLinks[i];
                }
                componentEnd[renumber[c]] = linksLeft;
            }
        }
        int[] flows = component.componentFlows;
        int[] componentOf = component.componentOf;
        if (taken.length < classes) {
            taken = new int[Math.max(classes, 2 * taken.length)];
        }
        int classesLeft = 0;
        int classesTaken = 0;
        for (int i = 0; i < classes; i++) {
            int flow = flows[i];
            int c = renumber[componentOf[flow]];
            if (c < 0) {
                taken[classesTaken++] = flow;
            } else {
                componentOf[flow] = c;
                flows[classesLeft] = flow;
                previousRate[classesLeft++] = previousRate[i];
            }
        }
        System.arraycopy(taken, 0, flows, classesLeft, classesTaken);
        component.flowsInComponent = classesLeft;
        component.components = componentsLeft;
        return linksLeft;
    }

    private void grow(int components) {
        if (fastest.length < components) {
            int size = Math.max(components, 2 * fastest.length);
            fastest = new double[size];
            fastestIdeal = new double[size];
            ideal = new boolean[size];
            renumber = new int[size];
        }
    }
}
