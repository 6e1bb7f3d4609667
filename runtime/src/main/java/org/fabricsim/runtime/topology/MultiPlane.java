package org.fabricsim.runtime.topology;

import java.util.function.IntFunction;

/**
 * A built multi-plane fabric (see {@link MultiPlaneParameters}). Each accelerator's NIC is a node
 * of its own, its NIC link from {@link ClusterTopology}; NIC e's port on plane p is the link
 * {@code portFirst + 2(e·P + p)} up to the plane's leaf and {@code + 1} back, at the NIC rate ÷ P
 * and no latency of its own (the NIC link carries the NIC's latency).
 *
 * <p>Routing: every flow spreads its bytes evenly over the P ports ({@link PathChoice#port}: the router
 * splits it into P subflows, {@link #nicPorts}, subflow s on plane s mod P), whatever the fabric's
 * routing, as the NIC does: a ConnectX-8 balances its planes in hardware or in the software stack
 * (Spectrum-X's hardware and software plane load balancing, NVIDIA Network Operator's Spectrum-X
 * quick starts), and NCCL, seeing each plane's port as a NIC of its own, gives channel c of a GPU
 * its local NIC base + c mod k (NCCL {@code src/graph/topo.cc}, {@code ncclTopoGetLocalNet}), so a
 * peer's channels take the ports in turn; no switch hashes a flow onto a plane. The route then stays
 * in its plane: port up, the plane's own route (hashed under ECMP, least loaded under adaptive
 * routing, enumerated under spraying), port down. So the planes are disjoint and their capacities
 * add. Minimal routes: P × those of one plane. Route cost O(P + plane route).
 *
 * <p>Memory: P fabrics over every port, plus ports + 2·P·ports links. Re-routing around failures is
 * not modelled for planes: a failed part interrupts the job, as on a fabric without twins.
 */
final class MultiPlane implements ScaleOutFabric {
    private final int planeCount;
    private final ScaleOutFabric[] planes;
    private final int firstNic;
    private final int portFirst;

    MultiPlane(MultiPlaneParameters parameters, GraphBuilder graph, int ports, double nicBytesPerSecond) {
        this.planeCount = parameters.planes();
        double portBytesPerSecond = nicBytesPerSecond / planeCount;
        this.planes = new ScaleOutFabric[planeCount];
        for (int p = 0; p < planeCount; p++) {
            planes[p] = parameters.plane().build(graph, ports, portBytesPerSecond);
        }
        this.firstNic = graph.addNodes(Graph.NIC, ports, false);
        this.portFirst = graph.linkCount();
        LinkClass port = new LinkClass(portBytesPerSecond, 0);
        for (int e = 0; e < ports; e++) {
            for (int p = 0; p < planeCount; p++) {
                int leaf = planes[p].attachNode(e);
                graph.addLink(firstNic + e, leaf, port);
                graph.addLink(leaf, firstNic + e, port);
            }
        }
    }

    @Override
    public int attachNode(int port) {
        return firstNic + port;
    }

    @Override
    public int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at) {
        int first = portFirst + 2 * srcPort * planeCount;
        int plane = choice.port(planeCount);
        out[at++] = first + 2 * plane;
        int next = planes[plane].route(srcPort, dstPort, choice, out, at);
        out[next++] = portFirst + 2 * (dstPort * planeCount + plane) + 1;
        return next;
    }

    @Override
    public int maxRouteLinks() {
        return planes[0].maxRouteLinks() + 2;
    }

    @Override
    public int nicPorts() {
        return planeCount;
    }

    @Override
    public int minimalRouteCount(int srcPort, int dstPort) {
        int count = 0;
        for (ScaleOutFabric plane : planes) {
            count += plane.minimalRouteCount(srcPort, dstPort);
        }
        return count;
    }

    /** Its leaf's uplinks in every plane, plane by plane. */
    @Override
    public int[] leafUplinks(int port) {
        return everyPlane(p -> planes[p].leafUplinks(port));
    }

    /** Its pod's aggregation uplinks in every plane, plane by plane. */
    @Override
    public int[] podUplinks(int port) {
        return everyPlane(p -> planes[p].podUplinks(port));
    }

    /** Its P port links, {@code portFirst + 2(port·P + p)} up to plane p's leaf and the next one down. */
    @Override
    public int[] portLinks(int port) {
        return everyPlane(p -> new int[] {portFirst + 2 * (port * planeCount + p),
                portFirst + 2 * (port * planeCount + p) + 1});
    }

    /** The links {@code ofPlane} gives for each plane, plane by plane, in one array. O(planes + links). */
    private int[] everyPlane(IntFunction<int[]> ofPlane) {
        int[][] perPlane = new int[planeCount][];
        int total = 0;
        for (int p = 0; p < planeCount; p++) {
            perPlane[p] = ofPlane.apply(p);
            total += perPlane[p].length;
        }
        int[] links = new int[total];
        int at = 0;
        for (int[] plane : perPlane) {
            System.arraycopy(plane, 0, links, at, plane.length);
            at += plane.length;
        }
        return links;
    }

    @Override
    public String describe() {
        return planeCount + " planes of " + planes[0].describe();
    }
}
