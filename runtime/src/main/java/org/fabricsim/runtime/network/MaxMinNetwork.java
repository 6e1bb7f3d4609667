package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.IndexedMinHeap;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;

/**
 * Flow-level max-min fair sharing with incremental re-solve.
 *
 * <p><b>Model.</b> Link ℓ has capacity c_ℓ; flow class f has multiplicity w_f and per-flow rate
 * r_f on every link of its path P_f. The rates are the max-min fair allocation: Σ_{f∋ℓ} w_f·r_f ≤
 * c_ℓ, and no r_f can grow without shrinking some r_g ≤ r_f. Identical flows (same path, start,
 * size) always get the same rate, which is why a class of w flows is one variable of weight w.
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
 * components are independent (SimGrid's selective update). Classes of the component first deduct
 * the bytes sent at their old rate, then get new rates and new projected completions.
 *
 * <p>Per link: a dynamic list of the classes on it, with each class remembering its position in
 * every list, so removal is O(1) per link (swap with the last).
 */
public final class MaxMinNetwork extends FlowTable {
    private final int linkCount;
    private final int[][] linkFlows;
    private final int[] linkFlowCount;
    private final long[] linkWeight;
    private int[] flowLinkPosition;
    private final int[] dirtyLinks;
    private final boolean[] isDirty;
    private int dirtyCount;
    private final int[] linkStamp;
    private int epoch;
    private final int[] componentLinks;
    private int[] componentFlows = new int[1024];
    private int flowsInComponent;
    private double[] previousRate = new double[1024];
    private final double[] linkRemaining;
    private final long[] linkUnfixed;
    private final IndexedMinHeap shares;
    private long solves;
    private long flowClassesSolved;

    /**
     * @param simulation          the context whose clock the model follows
     * @param graph               the links
     * @param maxPathLinks        the longest path any flow will have
     * @param completionTolerance relative completion tolerance ε ≥ 0 (see the batching rule of the flow
     *                            table); 0 is exact
     */
    public MaxMinNetwork(Simulation simulation, Graph graph, int maxPathLinks, double completionTolerance) {
        super(simulation, graph, maxPathLinks, completionTolerance);
        linkCount = graph.linkCount();
        linkFlows = new int[linkCount][];
        linkFlowCount = new int[linkCount];
        linkWeight = new long[linkCount];
        flowLinkPosition = new int[flowCapacity() * maxPathLinks];
        dirtyLinks = new int[linkCount];
        isDirty = new boolean[linkCount];
        linkStamp = new int[linkCount];
        componentLinks = new int[linkCount];
        linkRemaining = new double[linkCount];
        linkUnfixed = new long[linkCount];
        shares = new IndexedMinHeap(linkCount);
    }

    @Override
    void grow(int capacity) {
        flowLinkPosition = Arrays.copyOf(flowLinkPosition, capacity * maxPathLinks);
    }

    @Override
    void onStart(int flow) {
        int base = flow * stride;
        int positions = flow * maxPathLinks;
        int weight = records[base + MULTIPLICITY];
        for (int j = 0; j < records[base + LENGTH]; j++) {
            int link = records[base + LINKS + j];
            int count = linkFlowCount[link];
            int[] list = linkFlows[link];
            if (list == null) {
                list = linkFlows[link] = new int[4];
            } else if (count == list.length) {
                list = linkFlows[link] = Arrays.copyOf(list, count * 2);
            }
            list[count] = flow;
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
        for (int j = 0; j < records[base + LENGTH]; j++) {
            int link = records[base + LINKS + j];
            int position = flowLinkPosition[positions + j];
            int last = --linkFlowCount[link];
            int[] list = linkFlows[link];
            int moved = list[last];
            list[position] = moved;
            if (moved != flow) {
                fixPosition(moved, link, position);
            }
            linkWeight[link] -= weight;
            markDirty(link);
        }
    }

    /** Records that {@code flow}'s entry in the list of {@code link} is now at {@code position}. */
    private void fixPosition(int flow, int link, int position) {
        int base = flow * stride;
        for (int j = 0; j < records[base + LENGTH]; j++) {
            if (records[base + LINKS + j] == link) {
                flowLinkPosition[flow * maxPathLinks + j] = position;
                return;
            }
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
        long nowPs = simulation.nowPs();
        int linksInComponent = collectComponent();
        int flows = flowsInComponent;
        solves++;
        flowClassesSolved += flows;
        if (previousRate.length < flows) {
            previousRate = new double[Math.max(flows, previousRate.length * 2)];
        }
        for (int i = 0; i < flows; i++) {
            int flow = componentFlows[i];
            advance(flow, nowPs);
            previousRate[i] = rateBytesPerSecond[flow];
        }
        fill(linksInComponent);
        for (int i = 0; i < flows; i++) {
            int flow = componentFlows[i];
            if (rateBytesPerSecond[flow] != previousRate[i] || !completions.contains(flow)) {
                project(flow, nowPs);
            }
        }
    }

    /** Breadth-first search from the dirty links; fills componentLinks and componentFlows. */
    private int collectComponent() {
        epoch++;
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
                int flow = list[k];
                int base = flow * stride;
                if (records[base + STAMP] == epoch) {
                    continue;
                }
                records[base + STAMP] = epoch;
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
            }
        }
        flowsInComponent = flows;
        return links;
    }

    /**
     * Progressive filling over the component's links, with lazy keys: fixing a class at the
     * current minimum share s can only raise the share of its other links ((c − w·s)/(u − w) ≥ c/u
     * when s ≤ c/u), so a key in the heap is a lower bound of its link's true share. A popped link
     * whose true share is larger goes back with its true share; otherwise it is the bottleneck.
     */
    private void fill(int links) {
        shares.clear();
        for (int i = 0; i < links; i++) {
            int link = componentLinks[i];
            long weight = linkWeight[link];
            linkRemaining[link] = graph.linkBytesPerSecond(link);
            linkUnfixed[link] = weight;
            if (weight > 0) {
                shares.put(link, IndexedMinHeap.orderedBits(linkRemaining[link] / weight), 0);
            }
        }
        int fixedEpoch = -epoch;
        while (!shares.isEmpty()) {
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
                int flow = list[k];
                int base = flow * stride;
                if (records[base + STAMP] == fixedEpoch) {
                    continue;
                }
                records[base + STAMP] = fixedEpoch;
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

    @Override
    long solves() {
        return solves;
    }

    @Override
    long flowClassesSolved() {
        return flowClassesSolved;
    }
}
