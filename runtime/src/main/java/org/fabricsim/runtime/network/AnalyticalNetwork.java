package org.fabricsim.runtime.network;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;

/**
 * The alpha-beta model: a class of w identical flows of S bytes on a path whose slowest link runs
 * at B_min transmits for S / (B_min / w), whatever else shares its links: the w flows of one class
 * split their own path, but different classes never contend. The caller adds α, the path latency.
 * O(path length) per flow, O(log F) per completion; nothing is ever re-solved.
 */
public final class AnalyticalNetwork extends FlowTable {
    public AnalyticalNetwork(Simulation simulation, Graph graph, int maxPathLinks) {
        super(simulation, graph, maxPathLinks, 0, 1024);
    }

    @Override
    void onStart(int flow) {
        double bottleneck = Double.POSITIVE_INFINITY;
        int base = flow * stride;
        int end = base + LINKS + records[base + LENGTH];
        for (int at = base + LINKS; at < end; at++) {
            bottleneck = Math.min(bottleneck, graph.linkBytesPerSecond(records[at]));
        }
        rateBytesPerSecond[flow] = bottleneck / records[base + MULTIPLICITY];
        project(flow, simulation.nowPs());
    }

    @Override
    void onFinish(int flow) {
        // Nothing is shared, so nothing else changes.
    }

    @Override
    void prepare() {
        // Rates are fixed at start.
    }

    @Override
    long solves() {
        return 0;
    }

    @Override
    long flowClassesSolved() {
        return 0;
    }

    @Override
    void grow(int capacity) {
        // No per-flow state beyond the table's.
    }
}
