package org.fabricsim.runtime.topology;

/**
 * A built torus (see {@link TorusParameters}). The link from router r along dimension d in
 * direction s (0 = +, 1 = −) is {@code firstLink + (r·D + d)·2 + s}.
 *
 * <p>Dimension-order routing: correct dimension 0 first, then 1, then 2, each along the shorter
 * way round (the + direction on a tie). Deterministic, deadlock-free with the usual dateline
 * virtual channels, O(Σ kᵢ/2) links per route.
 */
final class Torus implements ScaleOutFabric {
    private final int[] dimensions;
    private final int endpointsPerRouter;
    private final int firstRouter;
    private final int firstLink;
    private final int routers;

    Torus(TorusParameters parameters, GraphBuilder graph, int ports) {
        this.dimensions = parameters.dimensions();
        this.endpointsPerRouter = parameters.endpointsPerRouter();
        int count = 1;
        for (int size : dimensions) {
            count = Math.multiplyExact(count, size);
        }
        this.routers = count;
        if ((long) routers * endpointsPerRouter < ports) {
            throw new IllegalArgumentException("a torus of " + routers + " routers x " + endpointsPerRouter
                    + " endpoints cannot attach " + ports + " ports");
        }
        this.firstRouter = graph.addNodes(Graph.SWITCH, routers, false);
        this.firstLink = graph.linkCount();
        for (int r = 0; r < routers; r++) {
            for (int d = 0; d < dimensions.length; d++) {
                graph.addLink(firstRouter + r, firstRouter + neighbour(r, d, +1), parameters.link());
                graph.addLink(firstRouter + r, firstRouter + neighbour(r, d, -1), parameters.link());
            }
        }
    }

    private int stride(int dimension) {
        int stride = 1;
        for (int d = 0; d < dimension; d++) {
            stride *= dimensions[d];
        }
        return stride;
    }

    private int coordinate(int router, int dimension) {
        return router / stride(dimension) % dimensions[dimension];
    }

    private int neighbour(int router, int dimension, int step) {
        int size = dimensions[dimension];
        int here = coordinate(router, dimension);
        int there = Math.floorMod(here + step, size);
        return router + (there - here) * stride(dimension);
    }

    @Override
    public int attachNode(int port) {
        return firstRouter + port / endpointsPerRouter;
    }

    @Override
    public int route(int srcPort, int dstPort, PathChoice choice, int[] out, int at) {
        int router = srcPort / endpointsPerRouter;
        int target = dstPort / endpointsPerRouter;
        int dimensionCount = dimensions.length;
        for (int d = 0; d < dimensionCount; d++) {
            int size = dimensions[d];
            int forward = Math.floorMod(coordinate(target, d) - coordinate(router, d), size);
            if (forward == 0) {
                continue;
            }
            boolean plus = forward <= size - forward;
            int hops = plus ? forward : size - forward;
            int step = plus ? 1 : -1;
            for (int h = 0; h < hops; h++) {
                out[at++] = firstLink + (router * dimensionCount + d) * 2 + (plus ? 0 : 1);
                router = neighbour(router, d, step);
            }
        }
        return at;
    }

    @Override
    public int maxRouteLinks() {
        int links = 0;
        for (int size : dimensions) {
            links += size / 2;
        }
        return links;
    }

    @Override
    public int minimalRouteCount(int srcPort, int dstPort) {
        return 1;
    }

    @Override
    public String describe() {
        StringBuilder shape = new StringBuilder();
        for (int size : dimensions) {
            shape.append(shape.length() == 0 ? "" : "x").append(size);
        }
        return dimensions.length + "D torus " + shape + ", " + endpointsPerRouter + " endpoints per router";
    }
}
