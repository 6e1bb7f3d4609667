package org.fabricsim.runtime.packet;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * The next hop of a packet at a switch under ECMP, adaptive routing and spraying (under {@link PacketRouting#PATH} a
 * packet follows the path it carries, {@link Packets#path}): these choose among the minimal next hops toward the
 * destination: links to the destination itself or to a switch one hop closer. Distances come from a breadth-first
 * search backwards from each destination over switches (accelerators never forward), computed on first use: O(N + L)
 * once per destination, O(N) ints each, and as many for each node's one minimal next hop where it has one under
 * {@link PacketRouting#ADAPTIVE_NEXT_TIER} ({@link #onlyHops}). A choice is O(out-degree).
 *
 * <p>Adaptive routing picks the candidate with the fewest bytes queued at its own egress ({@link
 * PacketRouting#ADAPTIVE}, InfiniBand AR's port-load choice), ties to the flow's hashed candidate; on the port quality
 * switch silicon documents ({@link PacketRouting#ADAPTIVE_QUALITY}) it picks a candidate of the best quality, sampled
 * load and queue in eight bands, ties drawn at random ({@link PortQuality}). Seeing the next tier ({@link
 * PacketRouting#ADAPTIVE_NEXT_TIER}) it picks the fewest bytes ahead of the packet over the next two hops: its own
 * egress queue, and the queue of the next switch that the candidate commits the packet to, where that switch has no
 * choice left, net of what that queue drains meanwhile ({@link #aheadBytes}). The first two are blind to that
 * second queue: on a three-tier rail-optimized tree an aggregation switch's choice of core commits the packet to the
 * core's one link down into the destination pod, which the aggregation switches of the other pods fill unseen
 * (docs/fabric-behaviour.md, "Packet adaptive routing that sees the next tier").
 */
final class NextHops {
    private final Graph graph;
    private final PacketRouting mode;
    private final SwitchBuffers buffers;
    /** The ports' quality, under {@link PacketRouting#ADAPTIVE_QUALITY} only (else null). */
    private final PortQuality quality;
    /** The next tier's reported queues, under {@link PacketRouting#ADAPTIVE_NEXT_TIER} only (else null). */
    private final ReportedQueues reported;
    /** Each link's bytes in flight at line rate over its latency, {@code C·d} (with {@link #reported}). */
    private final long[] flightBytes;
    private final int[] outStart;
    private final int[] outLinks;
    private final int[] inStart;
    private final int[] inLinks;
    private final int[][] distanceTo;
    /** Per destination, per node: the one minimal next hop from the node, or −1 where it has none or several. */
    private final int[][] onlyHopTo;
    private final int[] candidates;

    NextHops(Graph graph, PacketRouting mode, SwitchBuffers buffers, PortQuality quality) {
        this.graph = graph;
        this.mode = mode;
        this.buffers = buffers;
        this.quality = quality;
        boolean seesNextTier = mode == PacketRouting.ADAPTIVE_NEXT_TIER;
        reported = seesNextTier ? new ReportedQueues(graph, buffers) : null;
        flightBytes = seesNextTier ? new long[graph.linkCount()] : null;
        if (seesNextTier) {
            for (int link = 0; link < flightBytes.length; link++) {
                flightBytes[link] = (long) (graph.linkBytesPerSecond(link) * graph.linkLatencyPs(link) * 1e-12);
            }
        }
        int nodes = graph.nodeCount();
        int links = graph.linkCount();
        outStart = new int[nodes + 1];
        inStart = new int[nodes + 1];
        for (int link = 0; link < links; link++) {
            outStart[graph.linkFrom(link) + 1]++;
            inStart[graph.linkTo(link) + 1]++;
        }
        for (int node = 0; node < nodes; node++) {
            outStart[node + 1] += outStart[node];
            inStart[node + 1] += inStart[node];
        }
        outLinks = new int[links];
        inLinks = new int[links];
        int[] outFill = Arrays.copyOf(outStart, nodes);
        int[] inFill = Arrays.copyOf(inStart, nodes);
        int maxDegree = 0;
        for (int link = 0; link < links; link++) {
            outLinks[outFill[graph.linkFrom(link)]++] = link;
            inLinks[inFill[graph.linkTo(link)]++] = link;
        }
        for (int node = 0; node < nodes; node++) {
            maxDegree = Math.max(maxDegree, outStart[node + 1] - outStart[node]);
        }
        distanceTo = new int[nodes][];
        onlyHopTo = new int[nodes][];
        candidates = new int[Math.max(1, maxDegree)];
    }

    /**
     * The link a packet of flow-hash {@code hash} at switch {@code node}, bound for {@code destination}, leaves on
     * under the adaptive modes (ECMP, adaptive, spraying; {@link PacketRouting#PATH} is the caller's, which reads the
     * path the packet carries); {@code seq} is its sequence number (spraying deals a flow's packets round robin over
     * the candidates, from a start its hash picks); {@code nowPs}, the time, brings the ports' quality up to date
     * ({@link PacketRouting#ADAPTIVE_QUALITY}) and dates the reports {@link PacketRouting#ADAPTIVE_NEXT_TIER} reads.
     * −1 when the destination is unreachable by minimal hops: the caller then follows the flow's given path.
     */
    int choose(int node, int destination, int hash, int seq, long nowPs) {
        int[] distance = distances(destination);
        int count = 0;
        for (int at = outStart[node]; at < outStart[node + 1]; at++) {
            int link = outLinks[at];
            if (minimal(link, destination, distance)) {
                candidates[count++] = link;
            }
        }
        if (count == 0) {
            return -1;
        }
        if (count == 1) {
            return candidates[0];
        }
        return switch (mode) {
            case ECMP -> candidates[Math.floorMod(mix(hash, node), count)];
            case SPRAY -> candidates[Math.floorMod(mix(hash, node) + seq, count)];
            case ADAPTIVE_QUALITY -> bestQuality(count, nowPs);
            default -> leastQueued(count, Math.floorMod(mix(hash, node), count),
                    reported == null ? null : onlyHops(destination), nowPs);
        };
    }

    /**
     * A candidate of the least {@link PortQuality#cost}, drawn uniformly among those tied: the tied are moved to the
     * front of {@link #candidates} as they are found. O(count), one draw where two or more tie.
     */
    private int bestQuality(int count, long nowPs) {
        int best = Integer.MAX_VALUE;
        int tied = 0;
        for (int i = 0; i < count; i++) {
            int link = candidates[i];
            int cost = quality.cost(link, nowPs);
            if (cost < best) {
                best = cost;
                tied = 0;
            }
            if (cost == best) {
                candidates[tied++] = link;
            }
        }
        return candidates[tied == 1 ? 0 : quality.draw(tied)];
    }

    /** The candidate of the fewest {@link #aheadBytes}, ties to the first from {@code first} on (the flow's hash). */
    private int leastQueued(int count, int first, int[] onlyHop, long nowPs) {
        int best = candidates[first];
        long bestBytes = aheadBytes(best, onlyHop, nowPs);
        for (int i = 1; i < count; i++) {
            int link = candidates[(first + i) % count];
            long bytes = aheadBytes(link, onlyHop, nowPs);
            if (bytes < bestBytes) {
                best = link;
                bestBytes = bytes;
            }
        }
        return best;
    }

    /**
     * The bytes ahead of a packet sent on {@code link}, as the choosing switch knows them. Its own egress queue
     * {@code Q} is read as it is. Under {@link PacketRouting#ADAPTIVE_NEXT_TIER} ({@code onlyHop} given), where the
     * switch at the link's far end has one minimal next hop {@code c} toward the destination (the choice commits the
     * packet to it), that switch's reported depth {@code Q̂(c)} ({@link ReportedQueues}) counts too, net of what
     * drains while the packet waits here and crosses the link: {@code c} sends at its line rate while the packet
     * waits {@code Q / C} and flies {@code d}, so the packet leaves {@code c} after about {@code max(Q + C·d, Q̂(c)) /
     * C} (with equal rates; other senders into {@code c} are what no switch can see). Hence {@code max(Q + C·d,
     * Q̂(c))}, else {@code Q}: a deep next queue steers the choice only where it outlasts the local wait, so where
     * the local queues are the bottleneck (an oversubscribed leaf's uplinks) the choice is mostly the local one, and
     * where they are short (a 1:1 tree's aggregation uplinks) the next queue decides. Where the far switch has
     * several next hops it chooses among them itself: {@code Q} alone.
     */
    private long aheadBytes(int link, int[] onlyHop, long nowPs) {
        int committed = onlyHop == null ? -1 : onlyHop[graph.linkTo(link)];
        long hereBytes = buffers.queuedBytes(link);
        return committed < 0 ? hereBytes
                : Math.max(hereBytes + flightBytes[link], reported.bytes(committed, link, nowPs));
    }

    /** The one minimal next hop toward {@code destination} of every node (−1: none, or several). O(L) once. */
    private int[] onlyHops(int destination) {
        int[] only = onlyHopTo[destination];
        if (only != null) {
            return only;
        }
        int[] distance = distances(destination);
        only = new int[graph.nodeCount()];
        Arrays.fill(only, -1);
        int[] found = new int[graph.nodeCount()];
        for (int link = 0; link < graph.linkCount(); link++) {
            int from = graph.linkFrom(link);
            if (graph.nodeKind(from) == Graph.SWITCH && minimal(link, destination, distance)) {
                only[from] = found[from]++ == 0 ? link : -1;
            }
        }
        onlyHopTo[destination] = only;
        return only;
    }

    /** Whether {@code link} leads one hop closer to {@code destination}: into it, or into a switch nearer it. */
    private boolean minimal(int link, int destination, int[] distance) {
        int to = graph.linkTo(link);
        return to == destination
                || graph.nodeKind(to) == Graph.SWITCH && distance[to] == distance[graph.linkFrom(link)] - 1;
    }

    private static int mix(int hash, int node) {
        int h = hash * 0x9E3779B1 + node * 0x85EBCA6B;
        return h ^ h >>> 15;
    }

    private int[] distances(int destination) {
        int[] distance = distanceTo[destination];
        if (distance != null) {
            return distance;
        }
        distance = new int[graph.nodeCount()];
        Arrays.fill(distance, Integer.MAX_VALUE);
        int[] queue = new int[graph.nodeCount()];
        int head = 0;
        int tail = 0;
        distance[destination] = 0;
        queue[tail++] = destination;
        while (head < tail) {
            int node = queue[head++];
            for (int at = inStart[node]; at < inStart[node + 1]; at++) {
                int from = graph.linkFrom(inLinks[at]);
                if (graph.nodeKind(from) == Graph.SWITCH && distance[from] == Integer.MAX_VALUE) {
                    distance[from] = distance[node] + 1;
                    queue[tail++] = from;
                }
            }
        }
        distanceTo[destination] = distance;
        return distance;
    }
}
