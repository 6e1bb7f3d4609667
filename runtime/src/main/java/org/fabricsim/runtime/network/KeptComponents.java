package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * A derated re-solve's fills per component. After finishes only, the component search to the end ({@link
 * ComponentSearch}) lists the components the finished classes touched, one after the other; a batch's finishes touch
 * many (the Llama 3 405B DCQCN step's data-parallel gather: 100–400 components of about 300 classes each in its middle
 * solves, docs/performance.md). {@link MaxMinNetwork}'s argument for the partial fill (the classes slower than every
 * finished class keep their rates and their fix order, with capacities the same but larger on the finished classes'
 * links) holds for a component alone, since its classes fill only its own links: it needs only the classes that
 * finished on the component's links to be faster, whatever the other components' finished classes' rates. So the ideal
 * partial fill takes each component's own level ({@link #levels}), and the derated fill leaves out the components
 * whose capacities stand and whose classes are all slower than theirs ({@link #drop}). Each component's fill makes
 * the same operations in the same order as in a fill of them all, so every rate and completion is the same, bit for
 * bit. O(components + classes + links).
 */
final class KeptComponents {
    /** Per component of the last search, its classes' fastest rate, and whether its rates stand. */
    private double[] fastest = new double[16];
    private boolean[] kept = new boolean[16];
    /** Per component of the last search, its ideal fill's level ({@link #levels}). */
    private double[] level = new double[16];

    /**
     * Per component of the last search, the level below which its classes keep their ideal rates in a partial fill
     * ({@link ProgressiveFill#fillAbove}): the smallest of {@code leftIdealRate} (per link, the smallest ideal rate of
     * the classes that finished on it) over its links, less the relative {@code rounding}. O(links).
     */
    double[] levels(ComponentSearch component, double[] leftIdealRate, double rounding) {
        int components = component.components;
        if (level.length < components) {
            level = new double[Math.max(components, 2 * level.length)];
        }
        int[] componentLinks = component.componentLinks;
        int[] componentEnd = component.componentEnd;
        for (int c = 0, from = 0; c < components; from = componentEnd[c++]) {
            double slowest = Double.POSITIVE_INFINITY;
            for (int i = from; i < componentEnd[c]; i++) {
                slowest = Math.min(slowest, leftIdealRate[componentLinks[i]]);
            }
            level[c] = slowest * (1 - rounding);
        }
        return level;
    }

    /**
     * Takes the components whose derated rates stand out of {@code component}'s first {@code links} links, its
     * classes and {@code previousRate} (the classes' rates before the solve, at their places in the list): those
     * whose links' capacities have not {@code changed} and whose classes are all slower than {@code leftRate} (per
     * link, the smallest rate of the classes that finished on it) less the relative {@code rounding}. Returns the
     * links left; {@link ComponentSearch#flowsInComponent} becomes the classes left. O(classes + links).
     */
    int drop(ComponentSearch component, int links, boolean[] changed, double[] leftRate, double rounding,
            double[] previousRate) {
        int components = component.components;
        if (kept.length < components) {
            fastest = new double[Math.max(components, 2 * kept.length)];
            kept = new boolean[fastest.length];
        }
        Arrays.fill(fastest, 0, components, 0);
        int[] flows = component.componentFlows;
        int[] componentOf = component.componentOf;
        int classes = component.flowsInComponent;
        for (int i = 0; i < classes; i++) {
            int c = componentOf[flows[i]];
            fastest[c] = Math.max(fastest[c], previousRate[i]);
        }
        int[] componentLinks = component.componentLinks;
        int[] componentEnd = component.componentEnd;
        boolean any = false;
        for (int c = 0, from = 0; c < components; from = componentEnd[c++]) {
            double level = Double.POSITIVE_INFINITY;
            boolean same = true;
            for (int i = from; i < componentEnd[c]; i++) {
                level = Math.min(level, leftRate[componentLinks[i]]);
                same &= !changed[componentLinks[i]];
            }
            kept[c] = same && fastest[c] < level * (1 - rounding);
            any |= kept[c];
        }
        if (!any) {
            return links;
        }
        int linksLeft = 0;
        for (int c = 0, from = 0; c < components; from = componentEnd[c++]) {
            for (int i = from; !kept[c] && i < componentEnd[c]; i++) {
                componentLinks[linksLeft++] = componentLinks[i];
            }
        }
        int classesLeft = 0;
        for (int i = 0; i < classes; i++) {
            if (!kept[componentOf[flows[i]]]) {
                flows[classesLeft] = flows[i];
                previousRate[classesLeft++] = previousRate[i];
            }
        }
        component.flowsInComponent = classesLeft;
        return linksLeft;
    }
}
