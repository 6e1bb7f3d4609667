package org.fabricsim.runtime.topology;

/**
 * A built direct torus (see {@link TorusParameters}): the accelerators are its routers, graph nodes
 * 0 … n − 1 as {@link ClusterTopology} adds them first. Accelerator r has a link along dimension d in
 * direction s (0 = +, 1 = −) at the dimension's own link class, added in the order (r, d, s): n·D·2
 * links on a torus, {@code firstLink + (r·D + d)·2 + s}. An open dimension (a mesh line) has no link
 * out of its ends, 2 fewer per line of it. On a torus of optical cubes a link that leaves its cube (see
 * {@link TorusParameters#cube}) has its dimension's class with the OCS's latency added: on a torus of
 * closed dimensions k_d with cubes b_d, n·k_d/b_d·2/k_d = 2n/b_d of dimension d's links.
 *
 * <p>Dimension-order routing: correct dimension 0 first, then 1, then 2, each along the shorter
 * way round on a closed dimension (the + direction on a tie) and straight along the line on an open
 * one, where a ring's closing transfer from the last chip to the first goes back through every link.
 * Deterministic, deadlock-free with the usual dateline virtual channels, O(Σ kᵢ) links per route.
 * Memory: one int per possible link (n·D·2).
 */
final class Torus implements ScaleOutFabric {
    private final TorusShape shape;
    private final boolean[] open;
    /** The graph link from r along d in direction s at {@code (r·D + d)·2 + s}; −1 past an open dimension's end. */
    private final int[] linkOf;
    private final String description;

    Torus(TorusParameters parameters, GraphBuilder graph) {
        this.shape = new TorusShape(parameters.dimensions());
        this.open = parameters.open();
        int accelerators = shape.positions();
        int dimensions = shape.dimensionCount();
        LinkClass[] links = parameters.links();
        LinkClass[] optical = new LinkClass[dimensions];
        for (int d = 0; d < dimensions; d++) {
            optical[d] = new LinkClass(links[d].bytesPerSecond(), links[d].latencyPs() + parameters.ocsLatencyPs());
        }
        this.linkOf = new int[accelerators * dimensions * 2];
        for (int r = 0; r < accelerators; r++) {
            for (int d = 0; d < dimensions; d++) {
                int c = shape.coordinate(r, d);
                int at = (r * dimensions + d) * 2;
                linkOf[at] = open[d] && c == shape.size(d) - 1 ? -1 : graph.addLink(r, shape.neighbour(r, d, +1),
                        parameters.throughOcs(d, c, true) ? optical[d] : links[d]);
                linkOf[at + 1] = open[d] && c == 0 ? -1 : graph.addLink(r, shape.neighbour(r, d, -1),
                        parameters.throughOcs(d, c, false) ? optical[d] : links[d]);
            }
        }
        StringBuilder rates = new StringBuilder();
        for (LinkClass link : links) {
            rates.append(rates.length() == 0 ? "" : ", ").append(Math.round(link.bytesPerSecond() / 1e9)).append(" GB/s");
        }
        StringBuilder openDimensions = new StringBuilder();
        for (int d = 0; d < dimensions; d++) {
            openDimensions.append(open[d] ? (openDimensions.length() == 0 ? "" : ", ") + d : "");
        }
        int[] cube = parameters.cube();
        this.description = dimensions + "D torus " + shape + " in the accelerators, links " + rates
                + (openDimensions.length() == 0 ? "" : ", open (mesh) along dimension " + openDimensions)
                + (cube.length == 0 ? "" : ", cubes of " + new TorusShape(cube) + " joined by optical circuit switches");
    }

    @Override
    public int attachNode(int port) {
        return port;
    }

    @Override
    public int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at) {
        int router = srcPort;
        int dimensionCount = shape.dimensionCount();
        for (int d = 0; d < dimensionCount; d++) {
            int size = shape.size(d);
            int difference = shape.coordinate(dstPort, d) - shape.coordinate(router, d);
            int forward = Math.floorMod(difference, size);
            if (forward == 0) {
                continue;
            }
            boolean plus = open[d] ? difference > 0 : forward <= size - forward;
            int hops = open[d] ? Math.abs(difference) : plus ? forward : size - forward;
            int step = plus ? 1 : -1;
            for (int h = 0; h < hops; h++) {
                out[at++] = linkOf[(router * dimensionCount + d) * 2 + (plus ? 0 : 1)];
                router = shape.neighbour(router, d, step);
            }
        }
        return at;
    }

    @Override
    public int maxRouteLinks() {
        int links = 0;
        for (int d = 0; d < shape.dimensionCount(); d++) {
            links += open[d] ? shape.size(d) - 1 : shape.size(d) / 2;
        }
        return links;
    }

    @Override
    public int minimalRouteCount(int srcPort, int dstPort) {
        return 1;
    }

    @Override
    public TorusShape torusShape() {
        return shape;
    }

    @Override
    public String describe() {
        return description;
    }
}
