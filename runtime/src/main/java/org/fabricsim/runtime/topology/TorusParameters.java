package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * A direct 1D, 2D or 3D torus whose routers are the accelerators themselves (TPU v4's ICI: every
 * chip has a link to each neighbour along every dimension, wrap-around included, and no switch or
 * NIC in between). Accelerator a sits at the mixed-radix coordinates of its index, dimension 0
 * fastest: c_d = ⌊a ÷ Π_{i&lt;d} k_i⌋ mod k_d. The dimensions multiply to the accelerators exactly.
 * An open dimension is a mesh line: no wrap-around link between its ends (a slice of TPU v4 below a
 * full cube, or a board's chips in a row). A torus of optical cubes (TPU v4) is built of blocks of
 * {@code cube} positions whose faces meet through optical circuit switches: the link from c to c + 1 along d
 * leaves a cube when (c + 1) mod b_d = 0 (b_d the cube's extent), the link from c to c − 1 when c mod b_d = 0,
 * and such a link, wrap-around included, pays {@code ocsLatencyPs} on top of its class's latency (the OCS is
 * optical end to end, so the rate is the link's).
 *
 * @param dimensions   the size k_d of each dimension (1 to 3 dimensions, each ≥ 2)
 * @param links        the link class of each dimension, one per dimension (rate per direction)
 * @param open         whether each dimension is open (no wrap-around), one per dimension
 * @param cube         the cube's extent b_d along each dimension, each dividing k_d; empty: no cubes
 * @param ocsLatencyPs the latency an optical circuit switch adds to a link through it, picoseconds (≥ 0)
 */
public record TorusParameters(int[] dimensions, LinkClass[] links, boolean[] open, int[] cube, long ocsLatencyPs)
        implements FabricParameters {

    public TorusParameters {
        dimensions = dimensions.clone();
        links = links.clone();
        open = open.clone();
        cube = cube.clone();
        if (cube.length != 0 && cube.length != dimensions.length) {
            throw new IllegalArgumentException("a cube of " + cube.length + " dimensions in a torus of "
                    + dimensions.length);
        }
        for (int d = 0; d < cube.length; d++) {
            if (cube[d] < 1 || dimensions[d] % cube[d] != 0) {
                throw new IllegalArgumentException("a cube of " + cube[d] + " along dimension " + d
                        + " does not divide " + dimensions[d]);
            }
        }
        if (ocsLatencyPs < 0) {
            throw new IllegalArgumentException("ocsLatencyPs must be non-negative: " + ocsLatencyPs);
        }
        if (open.length != dimensions.length) {
            throw new IllegalArgumentException(open.length + " open flags for " + dimensions.length + " dimensions");
        }
        if (dimensions.length < 1 || dimensions.length > 3) {
            throw new IllegalArgumentException("a torus has 1 to 3 dimensions: " + dimensions.length);
        }
        if (links.length != dimensions.length) {
            throw new IllegalArgumentException(links.length + " link classes for " + dimensions.length + " dimensions");
        }
        for (int size : dimensions) {
            if (size < 2) {
                throw new IllegalArgumentException("every torus dimension needs at least 2 accelerators");
            }
        }
    }

    /** A torus without cubes, its dimensions open as {@code open} says. */
    public TorusParameters(int[] dimensions, LinkClass[] links, boolean[] open) {
        this(dimensions, links, open, new int[0], 0);
    }

    /** A torus, every dimension wrapping round, with one link class per dimension. */
    public TorusParameters(int[] dimensions, LinkClass[] links) {
        this(dimensions, links, new boolean[dimensions.length]);
    }

    /** A torus whose every dimension has links of class {@code link}. */
    public TorusParameters(int[] dimensions, LinkClass link) {
        this(dimensions, filled(dimensions.length, link));
    }

    private static LinkClass[] filled(int count, LinkClass link) {
        LinkClass[] links = new LinkClass[count];
        Arrays.fill(links, link);
        return links;
    }

    @Override
    public int[] dimensions() {
        return dimensions.clone();
    }

    @Override
    public LinkClass[] links() {
        return links.clone();
    }

    @Override
    public boolean[] open() {
        return open.clone();
    }

    @Override
    public int[] cube() {
        return cube.clone();
    }

    /**
     * Whether the link from coordinate {@code coordinate} along {@code dimension} in direction + (else −)
     * leaves its cube, and so passes an optical circuit switch. O(1).
     */
    boolean throughOcs(int dimension, int coordinate, boolean plus) {
        return cube.length != 0 && (plus ? (coordinate + 1) % cube[dimension] == 0 : coordinate % cube[dimension] == 0);
    }

    /** The accelerators of the torus: the product of its dimensions. */
    public int accelerators() {
        return new TorusShape(dimensions).positions();
    }

    /** A torus has its routers in the accelerators: no NIC links. */
    @Override
    public boolean direct() {
        return true;
    }

    @Override
    public ScaleOutFabric build(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        if (ports != accelerators()) {
            throw new IllegalArgumentException("a torus of " + new TorusShape(dimensions) + " holds " + accelerators()
                    + " accelerators, not " + ports);
        }
        return new Torus(this, graph);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TorusParameters that && Arrays.equals(dimensions, that.dimensions)
                && Arrays.equals(links, that.links) && Arrays.equals(open, that.open) && Arrays.equals(cube, that.cube)
                && ocsLatencyPs == that.ocsLatencyPs;
    }

    @Override
    public int hashCode() {
        return (((Arrays.hashCode(dimensions) * 31 + Arrays.hashCode(links)) * 31 + Arrays.hashCode(open)) * 31
                + Arrays.hashCode(cube)) * 31 + Long.hashCode(ocsLatencyPs);
    }

    @Override
    public String toString() {
        return "TorusParameters[dimensions=" + Arrays.toString(dimensions) + ", links=" + Arrays.toString(links)
                + ", open=" + Arrays.toString(open) + ", cube=" + Arrays.toString(cube) + ", ocsLatencyPs="
                + ocsLatencyPs + "]";
    }
}
