package org.fabricsim.runtime.topology;

import java.util.function.IntFunction;

/**
 * A built multi-plane fabric (see {@link MultiPlaneParameters}). Each accelerator's NIC is a node
 * of its own, its NIC link from {@link ClusterTopology}; NIC e's port on plane p is the link
 * {@code portFirst + 2(e·P + p)} up to the plane's leaf and {@code + 1} back, at the NIC rate ÷ P
 * and no latency of its own (the NIC link carries the NIC's latency). The planes are built one after
 * another alike, so link i of plane p is {@code planeFirst + p·Λ + i}, Λ the links of one plane.
 *
 * <p>Routing: every flow spreads its bytes evenly over the P ports, whatever the fabric's routing, as
 * the NIC does: a ConnectX-8 balances its planes in hardware or in the software stack (Spectrum-X's
 * hardware and software plane load balancing, NVIDIA Network Operator's Spectrum-X quick starts), and
 * NCCL, seeing each plane's port as a NIC of its own, gives channel c of a GPU its local NIC base + c
 * mod k (NCCL {@code src/graph/topo.cc}, {@code ncclTopoGetLocalNet}), so a peer's channels take the
 * ports in turn; no switch hashes a flow onto a plane. Inside a plane the route is the plane's own
 * (hashed under ECMP, least loaded under adaptive routing, enumerated under spraying), and the choice
 * reads nothing of the plane, so a flow's P parts take the same links, plane by plane (the twins). So
 * the planes are disjoint, their capacities add, and each twin carries what every twin does.
 *
 * <p>One variable a flow ({@link #groupRoute}): the router routes a flow as one path of link groups
 * ({@link Graph}), the spraying mechanism: its source's P up ports (group Λ + 2e), then per hop the P
 * twins of the link its choice picks in plane 0 (group i for plane link i), then its destination's P
 * down ports (Λ + 2e + 1). A group of P members is the one constraint Σ w_f·r_f ≤ P·min c, exact
 * because every flow that crosses one twin crosses all P with the same share r_f/P; the flow's rate is
 * the sum of its P parts'. So the max-min problem holds one class where P parts were P classes. A route
 * of physical links ({@link #route}, an aggregation tree's) takes one plane, {@link PathChoice#port}.
 * Minimal routes: P × those of one plane. Route cost O(P + plane route) physical, O(plane route) grouped.
 *
 * <p>Sprayed, one variable too: a flow sprayed over every minimal route spreads over the P ports and, in each plane,
 * over the u routes of that plane, so each hop's P·u links (a leaf's uplinks in every plane, the links down into the
 * destination's leaf in every plane; with three tiers the pods' aggregation uplinks and core downlinks) carry
 * rate/(P·u) each. Those are the plane's spray groups with their twins ({@link FatTree#addSprayGroups} over the P
 * planes, declared after the twin groups, each holding u twin groups whole: groups nest, {@link Graph}), one
 * constraint Σ w_f·r_f ≤ P·u·min c a hop, exact because every sprayed flow that crosses one member crosses all P·u
 * with the same share. The route is the up ports' group, the plane's sprayed route on these groups ({@link
 * FatTree#sprayRouteFrom}), the down ports' group: one class where spraying per route held u (P·u before session 68).
 *
 * <p>Memory: P fabrics over every port, plus ports + 2·P·ports links, and Λ + 2·ports twin groups of P members,
 * plus one plane's spray groups (2 per leaf, 2 per pod of three tiers) of P times its members, the planes' links
 * between tiers once more; the planes declare no groups of their own ({@link FabricParameters#buildPlane}). Re-routing
 * around failures is not modelled for planes: a failed part interrupts the job, as on a fabric without
 * twins.
 */
final class MultiPlane implements ScaleOutFabric {
    private final int planeCount;
    private final ScaleOutFabric[] planes;
    private final int firstNic;
    private final int portFirst;
    /** Plane 0's first link; plane p's links follow at p·{@link #planeLinks}. */
    private final int planeFirst;
    /** Λ: the links of one plane. */
    private final int planeLinks;
    /** The builder's index of the first twin group, plane 0's link {@link #planeFirst}'s. */
    private final int firstGroup;
    /** Plane 0, whose sprayed route names the spray groups over every plane; null where the planes have none. */
    private final FatTree sprayPlane;
    /** The builder's index of the first spray group over every plane ({@link FatTree#addSprayGroups}), −1 if none. */
    private final int firstSprayGroup;

    MultiPlane(MultiPlaneParameters parameters, GraphBuilder graph, int ports, double nicBytesPerSecond) {
        this.planeCount = parameters.planes();
        double portBytesPerSecond = nicBytesPerSecond / planeCount;
        this.planes = new ScaleOutFabric[planeCount];
        this.planeFirst = graph.linkCount();
        for (int p = 0; p < planeCount; p++) {
            planes[p] = parameters.plane().buildPlane(graph, ports, portBytesPerSecond);
        }
        this.planeLinks = (graph.linkCount() - planeFirst) / planeCount;
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
        this.firstGroup = addTwinGroups(graph, ports);
        this.firstSprayGroup = planes[0] instanceof FatTree tree ? tree.addSprayGroups(graph, planeCount, planeLinks)
                : -1;
        this.sprayPlane = firstSprayGroup >= 0 ? (FatTree) planes[0] : null;
    }

    /**
     * Declares plane 0's link i and its twins as group i, then NIC e's P up ports as group Λ + 2e and its P down
     * ports as Λ + 2e + 1; returns the first group's index. O(P·(Λ + ports)).
     */
    private int addTwinGroups(GraphBuilder graph, int ports) {
        int[] twins = new int[planeCount];
        int first = -1;
        for (int i = 0; i < planeLinks; i++) {
            for (int p = 0; p < planeCount; p++) {
                twins[p] = planeFirst + p * planeLinks + i;
            }
            int group = graph.addGroup(twins);
            first = i == 0 ? group : first;
        }
        for (int e = 0; e < ports; e++) {
            for (int direction = 0; direction < 2; direction++) {
                for (int p = 0; p < planeCount; p++) {
                    twins[p] = portFirst + 2 * (e * planeCount + p) + direction;
                }
                int group = graph.addGroup(twins);
                first = first < 0 ? group : first;
            }
        }
        return first;
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

    /** Whether the planes have spray groups: trees of two tiers or more ({@link #groupRoute} sprayed). */
    @Override
    public boolean spraysOverGroups() {
        return sprayPlane != null;
    }

    /**
     * The source's up ports, then sprayed the spray groups over every plane of plane 0's sprayed route, else the twins
     * of plane 0's route under {@code choice}, then the destination's down ports.
     */
    @Override
    public int groupRoute(int srcPort, int dstPort, PathChoice choice, boolean sprayed, int groupBase, int[] out,
            int at) {
        int base = groupBase + firstGroup;
        out[at++] = base + planeLinks + 2 * srcPort;
        int next;
        if (sprayed) {
            next = sprayPlane.sprayRouteFrom(srcPort, dstPort, groupBase + firstSprayGroup, out, at);
        } else {
            next = planes[0].route(srcPort, dstPort, choice, out, at);
            for (int i = at; i < next; i++) {
                out[i] = base + out[i] - planeFirst;
            }
        }
        out[next++] = base + planeLinks + 2 * dstPort + 1;
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
