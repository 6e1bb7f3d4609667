package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * A direct 1D, 2D or 3D torus whose routers are the accelerators themselves (TPU v4's ICI: every
 * chip has a link to each neighbour along every dimension, wrap-around included, and no switch or
 * NIC in between). Accelerator a sits at the mixed-radix coordinates of its index, dimension 0
 * fastest: c_d = ⌊a ÷ Π_{i&lt;d} k_i⌋ mod k_d. The dimensions multiply to the accelerators exactly.
 * An open dimension is a mesh line: no wrap-around link between its ends (a slice of TPU v4 below a
 * full cube, or a board's chips in a row).
 *
 * @param dimensions the size k_d of each dimension (1 to 3 dimensions, each ≥ 2)
 * @param links      the link class of each dimension, one per dimension (rate per direction)
 * @param open       whether each dimension is open (no wrap-around), one per dimension
 */
public record TorusParameters(int[] dimensions, LinkClass[] links, boolean[] open) implements FabricParameters {

    public TorusParameters {
        dimensions = dimensions.clone();
        links = links.clone();
        open = open.clone();
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
                && Arrays.equals(links, that.links) && Arrays.equals(open, that.open);
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(dimensions) * 31 + Arrays.hashCode(links)) * 31 + Arrays.hashCode(open);
    }

    @Override
    public String toString() {
        return "TorusParameters[dimensions=" + Arrays.toString(dimensions) + ", links=" + Arrays.toString(links)
                + ", open=" + Arrays.toString(open) + "]";
    }
}
