package org.fabricsim.runtime.fabricbehaviour;

import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.FLOWS_PER_SENDER;
import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.INCAST_DEGREES;
import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.PATH_LINKS;
import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.SENDER_BYTES;

import org.fabricsim.runtime.topology.Graph;

/**
 * How a lossy (tail-drop) ib-cc row's table reads: its drops are the scenario's, not a rate (docs/fabric-behaviour.md,
 * "Lossy IB CC: the table's drops are its scenarios' (session 45)").
 *
 * <p><b>Which points dropped.</b> The incast of k senders, m flows each and B bytes per sender is an episode of
 * overload ρ = k, N = k·m flows and R = k·B bytes; IB CC's overshoot would peak its queue at Q̂ = min(Q(x*), (1 −
 * 1/ρ)·R) ({@link IbCcRecovery#overshootQueueBytes}). Where Q̂ exceeds the queue the scenario's switch admits, Q_adm
 * = α·S/(1 + α) = 6 MiB ({@link DropTimeouts#DROP_FREE_QUEUE_BYTES}), its tail was dropped and its senders waited
 * for retransmission timeouts: its u (0.08 at 8:1 with 2 or more flows per sender and 1 MiB each) is the timeouts'
 * delay over a short episode, not what the link gives an episode that drops nothing. At 100 Gb/s with the defaults
 * (K = 8, I = 1, τ = 10.24 µs, L = 127) these are the points the lossy rows measure below the PFC rows and no
 * others: 8:1 at 1 MiB with m ≥ 2 (N ≥ 16: Q(x*) ≥ 29 MB, (1 − 1/8)·8 MiB = 7 MiB), 16:1 at every m, and at 4 MiB
 * 4:1 with m ≥ 4, 8:1 with m ≥ 2; not 8:1 with one flow each (Q(x*) = 3.4 MB) nor 4:1 at 4 MiB with two (2.9 MB).
 *
 * <p><b>Reading.</b> The drop-free grid holds, at each point that dropped, the last point below it (lower degree,
 * same m, path length and bytes) that did not, 1 (u(1) = 1) where none did: the rate without drops held beyond the
 * degrees that fit, as {@link DropTimeouts} holds u_r. An episode reads it unless it would itself overflow its
 * switch, Q̂ (its overload at most its input links, N its flows, R its bytes) above what its switch admits; one
 * that overflows reads the measured grid, its timeouts as the table's incasts paid them. Built once, O(grid).
 */
final class LossyIbCcGrid {
    private final double[] measured;
    private final double[] dropFree;
    private final IbCcRecovery recovery;

    /**
     * The grids of {@code utilisation}, the points that dropped found with {@code recovery} on the scenario's links of
     * {@code bytesPerSecond} whose switch admits {@code admittedBytes}.
     */
    LossyIbCcGrid(double[] utilisation, IbCcRecovery recovery, double bytesPerSecond, double admittedBytes) {
        this.measured = utilisation;
        this.recovery = recovery;
        this.dropFree = utilisation.clone();
        for (int s = 0; s < SENDER_BYTES.length; s++) {
            for (int h = s * PATH_LINKS.length; h < (s + 1) * PATH_LINKS.length; h++) {
                for (int j = 0; j < FLOWS_PER_SENDER.length; j++) {
                    double held = 1;
                    for (int i = 0; i < INCAST_DEGREES.length; i++) {
                        int point = (h * INCAST_DEGREES.length + i) * FLOWS_PER_SENDER.length + j;
                        int k = INCAST_DEGREES[i];
                        if (recovery.overshootQueueBytes(k, k * FLOWS_PER_SENDER[j], k * SENDER_BYTES[s],
                                bytesPerSecond) > admittedBytes) {
                            dropFree[point] = held;
                        } else {
                            held = utilisation[point];
                        }
                    }
                }
            }
        }
    }

    /** The drop-free grid (the class comment). */
    double[] dropFree() {
        return dropFree;
    }

    /**
     * The grid an episode of overload ρ = {@code overload}, {@code flows} = N flows and {@code episodeBytes} = R on a
     * link of {@code bytesPerSecond} whose switch admits {@code admittedBytes} reads: the measured one where its
     * overshoot Q̂ overflows that queue, the drop-free one elsewhere and on a link with no switch queue (0). O(1).
     */
    double[] grid(double overload, double flows, double episodeBytes, double bytesPerSecond, double admittedBytes) {
        return admittedBytes > 0 && recovery.overshootQueueBytes(overload, flows, episodeBytes, bytesPerSecond)
                > admittedBytes ? measured : dropFree;
    }

    /**
     * The grid {@link #grid} gives {@code link} of {@code graph}, read as {@link TopologyContention} reads a link: its
     * overload at most its {@code inputLinks}, N = {@code flowsPerSender} × R / {@code bytesPerSender} flows, the queue
     * {@code queues} admits, and a sprayed group as one member carrying 1/g of the flows and bytes. O(1).
     */
    double[] onLink(AdmittedQueues queues, Graph graph, int link, double overload, double flowsPerSender,
            double bytesPerSender, double episodeBytes, int inputLinks) {
        int physical = queues.physical(link);
        double members = queues.members(link);
        return grid(Math.min(overload, inputLinks), flowsPerSender * episodeBytes / bytesPerSender / members,
                episodeBytes / members, graph.linkBytesPerSecond(physical), queues.bytes(physical, inputLinks));
    }
}
