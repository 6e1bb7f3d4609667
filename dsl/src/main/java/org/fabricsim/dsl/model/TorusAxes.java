package org.fabricsim.dsl.model;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.dsl.fabric.TorusTopology;

/**
 * The dimensions of a written torus by name, and which of them wrap round: {@code x}, {@code y} and {@code z} are
 * dimensions 0, 1 and 2. A {@code torus} without {@code wrap} wraps every dimension, {@code torus … wrap x, y}
 * only those named, and a {@code mesh} none. O(dimensions).
 */
public final class TorusAxes {
    /** The axis names in dimension order. */
    public static final List<String> NAMES = List.of("x", "y", "z");

    private TorusAxes() {
    }

    /** The dimension an axis name stands for, or −1 when it names none. */
    public static int dimension(String axis) {
        return NAMES.indexOf(axis);
    }

    /** The name of dimension {@code dimension} (0, 1 or 2). */
    public static String name(int dimension) {
        return NAMES.get(dimension);
    }

    /** Whether each written dimension is open (no wrap-around link), one per dimension. */
    public static List<Boolean> open(TorusTopology torus) {
        List<Boolean> open = new ArrayList<>();
        for (int d = 0; d < torus.getDimensions().size(); d++) {
            boolean wrapped = torus.getWrapped().isEmpty() ? !torus.isMesh()
                    : d < NAMES.size() && torus.getWrapped().contains(name(d));
            open.add(!wrapped);
        }
        return open;
    }
}
