package org.fabricsim.runtime.training;

import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
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
 */
final class TorusRings {
    private TorusRings() {
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
