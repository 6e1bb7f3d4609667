package org.fabricsim.runtime.topology;

/**
 * A built direct torus (see {@link TorusParameters}): the accelerators are its routers, graph nodes
 * 0 … n − 1 as {@link ClusterTopology} adds them first. The link from accelerator r along
 * dimension d in direction s (0 = +, 1 = −) is {@code firstLink + (r·D + d)·2 + s}, at the
 * dimension's own link class; n·D·2 links in all.
 *
 * <p>Dimension-order routing: correct dimension 0 first, then 1, then 2, each along the shorter
 * way round (the + direction on a tie). Deterministic, deadlock-free with the usual dateline
 * virtual channels, O(Σ kᵢ/2) links per route.
 */
final class Torus implements ScaleOutFabric {
    private final TorusShape shape;
    private final int firstLink;
    private final String description;

    Torus(TorusParameters parameters, GraphBuilder graph) {
        this.shape = new TorusShape(parameters.dimensions());
        int accelerators = shape.positions();
        int dimensions = shape.dimensionCount();
        LinkClass[] links = parameters.links();
        this.firstLink = graph.linkCount();
        for (int r = 0; r < accelerators; r++) {
            for (int d = 0; d < dimensions; d++) {
                graph.addLink(r, shape.neighbour(r, d, +1), links[d]);
                graph.addLink(r, shape.neighbour(r, d, -1), links[d]);
            }
        }
        StringBuilder rates = new StringBuilder();
        for (LinkClass link : links) {
            rates.append(rates.length() == 0 ? "" : ", ").append(Math.round(link.bytesPerSecond() / 1e9)).append(" GB/s");
        }
        this.description = dimensions + "D torus " + shape
                + " in the accelerators, links " + rates;
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
            int forward = Math.floorMod(shape.coordinate(dstPort, d) - shape.coordinate(router, d), size);
            if (forward == 0) {
                continue;
            }
            boolean plus = forward <= size - forward;
            int hops = plus ? forward : size - forward;
            int step = plus ? 1 : -1;
            for (int h = 0; h < hops; h++) {
                out[at++] = firstLink + (router * dimensionCount + d) * 2 + (plus ? 0 : 1);
                router = shape.neighbour(router, d, step);
            }
        }
        return at;
    }

    @Override
    public int maxRouteLinks() {
        int links = 0;
        for (int d = 0; d < shape.dimensionCount(); d++) {
            links += shape.size(d) / 2;
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
