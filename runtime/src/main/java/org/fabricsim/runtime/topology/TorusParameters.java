package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * A 2D or 3D torus of routers with wrap-around links in every dimension, and
 * {@code endpointsPerRouter} NIC ports on each router. Port p attaches to router p /
 * endpointsPerRouter; router coordinates are mixed-radix digits of its index, dimension 0 fastest.
 *
 * @param dimensions         the size of each dimension (2 or 3 dimensions, each ≥ 2)
 * @param endpointsPerRouter NIC ports per router
 * @param link               the router-to-router link class
 */
public record TorusParameters(int[] dimensions, int endpointsPerRouter, LinkClass link) implements FabricParameters {

    public TorusParameters {
        dimensions = dimensions.clone();
        if (dimensions.length < 2 || dimensions.length > 3) {
            throw new IllegalArgumentException("a torus has 2 or 3 dimensions: " + dimensions.length);
        }
        for (int size : dimensions) {
            if (size < 2) {
                throw new IllegalArgumentException("every torus dimension needs at least 2 routers");
            }
        }
        if (endpointsPerRouter < 1) {
            throw new IllegalArgumentException("endpointsPerRouter must be positive");
        }
    }

    @Override
    public int[] dimensions() {
        return dimensions.clone();
    }

    @Override
    public ScaleOutFabric build(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        return new Torus(this, graph, ports);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TorusParameters that && Arrays.equals(dimensions, that.dimensions)
                && endpointsPerRouter == that.endpointsPerRouter && link.equals(that.link);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(dimensions) * 31 + endpointsPerRouter * 7 + link.hashCode();
    }

    @Override
    public String toString() {
        return "TorusParameters[dimensions=" + Arrays.toString(dimensions) + ", endpointsPerRouter="
                + endpointsPerRouter + ", link=" + link + "]";
    }
}
