package org.fabricsim.runtime.training;

import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.TorusShape;

/**
 * A parallel axis mapped onto the dimensions of a direct torus (TPU-style, routers in the
 * accelerators), and its collectives as bidirectional rings along those dimensions.
 *
 * <p>Mapping: accelerator a of the torus sits at c_d = ⌊a ÷ s_d⌋ mod k_d, s_d = Π_{i&lt;d} k_i
 * (dimension 0 fastest, {@link TorusShape}), and a group of the axis is {base + j·stride}, j &lt; size ({@link
 * Placement}). The group is a whole sub-torus exactly when stride = s_f for some first dimension f
 * and size = k_f·…·k_l for a run of dimensions f … l: then each of its rings along dimension d is
 * a closed ring of k_d neighbours, wrap-around link included.
 *
 * <p>Algorithm (the multi-dimensional torus reduce-scatter, as TPU stacks run it): reduce-scatter
 * the buffer S along dimension f, then the resulting 1/k_f of it along the next dimension, and so
 * on; an all-gather runs the same steps in reverse. Along dimension d a bidirectional ring sends
 * half of each step's chunk each way, so every rank drives both of its links in d at once: k_d − 1
 * steps of S_d/k_d bytes per rank, with S_d the buffer entering d (S_f = S, S_{d+1} = S_d/k_d).
 * On links of B bytes/s per direction and nothing else on them a dimension takes
 * (k_d − 1)/k_d · S_d/(2B), and an all-reduce (reduce-scatter then all-gather) 2(k_d − 1)/k_d ·
 * S_d/(2B): a flat ring over the same n ranks in one direction takes 2(n − 1)/n · S/B. O(dimensions)
 * per lookup.
 *
 * <p>Timing ({@link FabricCollectiveTimer}'s): each dimension's step is solved once per (axis,
 * dimension) on the flow model, like a ring step, and other sizes are scaled from it; the counts add
 * the solved step's link bytes, scaled, to the run's traffic ({@link SolvedPatterns}).
 */
final class TorusRings {
    private final ClusterTopology topology;
    private final Placement placement;
    private final FabricPatterns patterns;
    private final SolvedPatterns solved;
    /** The dimensions each axis's groups span, by axis ordinal; empty for a flat ring. */
    private final int[][] dimensions;
    /** By torus dimension, the share of the hops of rank 0's ring along it that leave a scale-up domain. */
    private final double[] crossingShare;

    /**
     * The rings of {@code placement}'s axes on {@code topology}'s torus, their steps solved by {@code
     * patterns} into {@code solved}; a job placed on some of the accelerators ({@code placed}) has
     * none. O(axes · dimensions + Σ k_d).
     */
    TorusRings(ClusterTopology topology, Placement placement, FabricPatterns patterns, SolvedPatterns solved,
            boolean placed) {
        this.topology = topology;
        this.placement = placement;
        this.patterns = patterns;
        this.solved = solved;
        this.dimensions = new int[Axis.values().length][];
        for (Axis axis : Axis.values()) {
            dimensions[axis.ordinal()] = placed ? new int[0]
                    : dimensionsOf(topology.torusShape(), placement, axis);
        }
        TorusShape torus = topology.torusShape();
        this.crossingShare = new double[torus == null ? 0 : torus.dimensionCount()];
        for (int d = 0; d < crossingShare.length; d++) {
            int dimension = d;
            int k = torus.size(d);
            crossingShare[d] = (double) patterns.crossings().crossingHops(0, k, (r, j) -> torus.neighbour(r, dimension, j)) / k;
        }
    }

    private TorusRings(TorusRings previous, SolvedPatterns solved) {
        this.topology = previous.topology;
        this.placement = previous.placement;
        this.patterns = previous.patterns;
        this.solved = solved;
        this.dimensions = previous.dimensions;
        this.crossingShare = previous.crossingShare;
    }

    /** The same rings solving into and counting on {@code next}, the next run's patterns. O(1). */
    TorusRings nextRun(SolvedPatterns next) {
        return new TorusRings(this, next);
    }

    /** Whether a collective of {@code ranks} along {@code axis} runs on torus dimensions (else on a flat ring). */
    boolean serve(Axis axis, int ranks) {
        return dimensions[axis.ordinal()].length != 0 && ranks == placement.size(axis);
    }

    /**
     * Σ over the axis's dimensions of (k_d − 1) steps of S_d/k_d bytes per rank (S_d the buffer
     * entering dimension d), each a {@link #stepSeconds}; only for an axis it {@link #serve}s.
     */
    double ringSeconds(Axis axis, double bufferBytes, double pipelineBytes) {
        double seconds = 0;
        double bytes = bufferBytes;
        for (int dimension : dimensions[axis.ordinal()]) {
            int k = topology.torusShape().size(dimension);
            seconds += (k - 1) * stepSeconds(axis, dimension, bytes / k, pipelineBytes);
            bytes /= k;
        }
        return seconds;
    }

    /** Counts {@code times} such collectives' link bytes: (k_d − 1)·times steps of each dimension. */
    void countRing(Axis axis, double bufferBytes, double pipelineBytes, double times) {
        double bytes = bufferBytes;
        for (int dimension : dimensions[axis.ordinal()]) {
            int k = topology.torusShape().size(dimension);
            double step = bytes / k;
            if (times > 0 && stepSeconds(axis, dimension, step, pipelineBytes) > 0) {
                String key = key(axis, dimension, pipelineBytes);
                solved.count(key, (k - 1) * times * step / solved.referenceBytes(key));
            }
            bytes = step;
        }
    }

    /**
     * Seconds of one step of the bidirectional rings along torus {@code dimension}: every rank of
     * the axis's groups sends half of {@code bytesPerRank} to its + neighbour and half to its −
     * neighbour along the dimension, while pipeline ranks send {@code pipelineBytes} in the
     * background. Solved once per (axis, dimension), scaled for other sizes.
     */
    private double stepSeconds(Axis axis, int dimension, double bytesPerRank, double pipelineBytes) {
        if (!(bytesPerRank > 0)) {
            return 0;
        }
        return solved.scaled(key(axis, dimension, pipelineBytes), bytesPerRank, crossingShare[dimension],
                () -> patterns.torusStep(axis, dimension, bytesPerRank, pipelineBytes));
    }

    private static String key(Axis axis, int dimension, double pipelineBytes) {
        return "torus " + axis + " " + dimension + (pipelineBytes > 0);
    }

    /**
     * The dimensions of {@code torus} (null: no torus) that the groups of {@code axis} span whole,
     * in order; empty when the groups are not whole sub-tori (then a flat ring serves the axis) or
     * the axis has one rank.
     */
    static int[] dimensionsOf(TorusShape torus, Placement placement, Axis axis) {
        int size = placement.size(axis);
        int stride = placement.stride(axis);
        for (int first = 0; torus != null && first < torus.dimensionCount() && size > 1; first++) {
            if (torus.stride(first) != stride) {
                continue;
            }
            long spanned = 1;
            int last = first;
            while (last < torus.dimensionCount() && spanned < size) {
                spanned *= torus.size(last++);
            }
            if (spanned == size) {
                int[] spannedDimensions = new int[last - first];
                for (int d = first; d < last; d++) {
                    spannedDimensions[d - first] = d;
                }
                return spannedDimensions;
            }
        }
        return new int[0];
    }
}
