package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.routing.BufferDependencies;
import org.fabricsim.runtime.topology.Graph;

/**
 * Refuses a lossless run whose routes wait on one another's buffers in a cycle before its packets move, instead of
 * finding the deadlock when the run stalls ({@link Stall}; seconds of wall time later). Every flow class's path
 * joins the channel dependency graph of the run's routes ({@link BufferDependencies}: per link and virtual lane, the
 * lanes as {@link Forwarding} moves packets up them); at the next event after a start that added a dependency, a
 * cycle fails the run with {@link PacketDeadlockException}, as a stall does. A cycle of the dependency graph is what
 * lets a deadlock form (Dally and Seitz), not proof that this run's timing forms it: the run is refused as a lossless
 * fabric should be configured, whatever its load. Only where packets follow their given path ({@link
 * PacketRouting#PATH}): under per-packet routing the switches choose hops no path names, and the stall finds the
 * cycle. Lossy fabrics never wait on a buffer and keep none. O(hops) a start, O(links × lanes + dependencies) a
 * check, once per start that adds a dependency.
 */
final class RouteCycles {
    /** The dependencies of the run's routes, or null when nothing waits on a buffer or the switches choose hops. */
    private final BufferDependencies dependencies;
    private final boolean credits;

    RouteCycles(Graph graph, PacketConfig config) {
        boolean lossless = config.flowControl() != PacketConfig.FlowControl.LOSSY;
        dependencies = lossless && config.routing() == PacketRouting.PATH
                ? new BufferDependencies(graph, config.priorities()) : null;
        credits = config.flowControl() == PacketConfig.FlowControl.CREDIT;
    }

    /** A flow class starts on {@code path}, its packets on lane {@code firstLane}. */
    void add(int[] path, int length, int firstLane) {
        if (dependencies != null) {
            dependencies.add(path, length, firstLane);
        }
    }

    /** Throws, naming one cycle, when the routes started so far chain buffers in a cycle. */
    void refuseCycle() {
        if (dependencies == null || !dependencies.grown()) {
            return;
        }
        int[] cycle = dependencies.cycle();
        if (cycle.length > 0) {
            throw new PacketDeadlockException("packet run refused before it ran: its routes wait on one another's"
                    + " buffers in a cycle, which " + (credits ? "credits deadlock once the cycle's links are all out"
                    + " of credits" : "PFC deadlocks once the cycle's ports are all paused") + ": "
                    + dependencies.describe(cycle) + ". " + BufferDependencies.FIX);
        }
    }
}
