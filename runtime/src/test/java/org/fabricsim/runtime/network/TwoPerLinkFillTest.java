package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

class TwoPerLinkFillTest {
    private static final int LINKS = 24;
    private static final int LONGEST = 4;

    /** One random component's classes on their own lists and search, filled by the heap's fill and the closed form. */
    private static final class Component {
        final MaxMinNetwork table;
        final LinkFlowLists lists;
        final ComponentSearch search;
        final int classes;
        int links;

        Component(Graph graph, int[][] paths, int[] multiplicity) {
            table = new MaxMinNetwork(new Simulation(1), graph, LONGEST, 0.0, paths.length);
            lists = new LinkFlowLists(LINKS, LONGEST, paths.length);
            search = new ComponentSearch(lists, new LoneClasses(LINKS, paths.length), LINKS, paths.length);
            for (int i = 0; i < paths.length; i++) {
                int flow = table.start(paths[i], paths[i].length, 1e6, multiplicity[i], i);
                search.setLive(flow);
                for (int j = 0; j < paths[i].length; j++) {
                    lists.add(paths[i][j], flow, j, multiplicity[i]);
                    search.dirty.mark(paths[i][j]);
                }
            }
            classes = paths.length;
            links = search.collect(search.dirty.loaded(lists, new LoneClasses(LINKS, paths.length)), table);
        }
    }

    /** Up to {@code classes} random paths of 1 to 4 distinct links of {@link #LINKS}, each link on at most {@code most}. */
    private static int[][] randomPaths(Random random, int classes, int most) {
        int[] uses = new int[LINKS];
        int[][] paths = new int[classes][];
        for (int i = 0; i < classes; i++) {
            int[] path = new int[1 + random.nextInt(LONGEST)];
            int length = 0;
            for (int tries = 0; length < path.length && tries < 50; tries++) {
                int link = random.nextInt(LINKS);
                boolean repeated = false;
                for (int k = 0; k < length; k++) {
                    repeated |= path[k] == link;
                }
                if (!repeated && uses[link] < most) {
                    path[length++] = link;
                }
            }
            if (length == 0) {
                return Arrays.copyOf(paths, i);
            }
            for (int k = 0; k < length; k++) {
                uses[path[k]]++;
            }
            paths[i] = Arrays.copyOf(path, length);
        }
        return paths;
    }

    /**
     * Two identical components of {@code minimum} + [0, {@code spread}) random classes on a chain of {@link #LINKS}
     * links of one random capacity in [1, 100), each link on two classes at most, with a fill each: one for the heap,
     * one for the closed form.
     */
    private record Twins(double capacity, int[][] paths, Component heap, Component closed, ProgressiveFill heapFill,
            ProgressiveFill closedFill) {
        static Twins of(Random random, int minimum, int spread) {
            double c = 1 + random.nextDouble() * 99;
            double[] capacities = new double[LINKS];
            Arrays.fill(capacities, c);
            Graph graph = NetworkRuns.chain(capacities);
            int[][] paths = randomPaths(random, minimum + random.nextInt(spread), 2);
            int[] multiplicity = new int[paths.length];
            Arrays.fill(multiplicity, 1);
            Component heap = new Component(graph, paths, multiplicity);
            Component closed = new Component(graph, paths, multiplicity);
            return new Twins(c, paths, heap, closed,
                    new ProgressiveFill(graph, heap.lists, heap.search, LINKS, paths.length, false),
                    new ProgressiveFill(graph, closed.lists, closed.search, LINKS, paths.length, false));
        }
    }

    @Test
    void shouldGiveTheHeapFillsRatesAndItsPartialFillsLinkStatesBitForBitOnRandomComponentsOfTwoClassesPerLink() {
        // 3,000 seeded components (2 to 12 classes, paths of 1 to 4 of 24 links of one random capacity c, each link on
        // two classes at most): the closed form's rates equal ProgressiveFill.fill's, bit for bit, and a partial fill
        // after each (level c: the classes at c/2 replayed in fix order, the rest filled) leaves every rate and every
        // link's remaining capacity the same bits as after the heap's fill: the fix order it writes replays alike.
        Random random = new Random(70);
        int closedForms = 0;
        for (int round = 0; round < 3_000; round++) {
            Twins twins = Twins.of(random, 2, 11);
            double c = twins.capacity;
            int[][] paths = twins.paths;
            Component heap = twins.heap;
            Component closed = twins.closed;
            ProgressiveFill heapFill = twins.heapFill;
            ProgressiveFill closedFill = twins.closedFill;
            double[] heapRates = new double[paths.length];
            heapFill.fill(heap.table, heap.links, null, heapRates, null);
            assertTrue(closedFill.twoPerLink.rate(closed.table, closed.links));
            closedForms++;
            double[] closedRates = closed.table.rateBytesPerSecond;
            for (int flow = 0; flow < paths.length; flow++) {
                assertEquals(Double.doubleToRawLongBits(heapRates[flow]), Double.doubleToRawLongBits(closedRates[flow]),
                        "round " + round + ", class " + flow);
            }
            heapFill.fillAbove(heap.table, heap.links, c, null, null, heapRates, null);
            closedFill.fillAbove(closed.table, closed.links, c, null, null, closedRates, null);
            for (int flow = 0; flow < paths.length; flow++) {
                assertEquals(Double.doubleToRawLongBits(heapRates[flow]), Double.doubleToRawLongBits(closedRates[flow]));
            }
            for (int link = 0; link < LINKS; link++) {
                if (heap.lists.weight[link] > 0) {
                    assertEquals(Double.doubleToRawLongBits(heapFill.remaining(link)),
                            Double.doubleToRawLongBits(closedFill.remaining(link)), "round " + round + ", link " + link);
                }
            }
        }
        assertEquals(3_000, closedForms);
    }

    /**
     * Takes the classes {@code finished} off {@code component}'s lists, as {@link MaxMinNetwork#onFinish} does, and
     * collects the component of their links; returns the slowest finished rate by {@code rates}, less the rounding
     * margin ({@link SolveBatch#level}).
     */
    private static double finish(Component component, int[][] paths, boolean[] finished, double[] rates) {
        double slowest = Double.POSITIVE_INFINITY;
        for (int flow = 0; flow < paths.length; flow++) {
            if (finished[flow]) {
                slowest = Math.min(slowest, rates[flow]);
                component.search.clearLive(flow);
                for (int j = 0; j < paths[flow].length; j++) {
                    component.lists.remove(paths[flow][j], flow, j, 1);
                    component.search.dirty.mark(paths[flow][j]);
                }
            }
        }
        component.search.dirty.flush();
        int loaded = component.search.dirty.loaded(component.lists, new LoneClasses(LINKS, paths.length));
        component.links = loaded == 0 ? 0 : component.search.collect(loaded, component.table);
        return slowest * (1 - SolveBatch.RATE_ROUNDING);
    }

    @Test
    void shouldGiveThePartialFillsRatesAfterFinishesAndLeaveAFixOrderItsNextPartialFillReplaysBitForBit() {
        // 3,000 seeded components as above, filled by the heap; then some classes finish. The closed form of the
        // component left (a subset of a two-per-link component has the shape too) gives ProgressiveFill.fillAbove's
        // rates bit for bit, as MaxMinNetwork.prepare now takes it after finishes; then more classes finish and the
        // heap's partial fill, reading the fix order each wrote, gives the same rates and every link of its component
        // the same remaining capacity, bit for bit, after the closed form's order as after fillAbove's.
        Random random = new Random(71);
        int partialFills = 0;
        for (int round = 0; round < 3_000; round++) {
            Twins twins = Twins.of(random, 3, 10);
            double c = twins.capacity;
            int[][] paths = twins.paths;
            Component heap = twins.heap;
            Component closed = twins.closed;
            ProgressiveFill heapFill = twins.heapFill;
            ProgressiveFill closedFill = twins.closedFill;
            double[] heapRates = new double[paths.length];
            double[] closedRates = closed.table.rateBytesPerSecond;
            heapFill.fill(heap.table, heap.links, null, heapRates, null);
            closedFill.fill(closed.table, closed.links, null, closedRates, null);
            boolean[] gone = new boolean[paths.length];
            for (int stage = 0; stage < 2; stage++) {
                boolean[] finished = new boolean[paths.length];
                for (int flow = 0; flow < paths.length; flow++) {
                    finished[flow] = !gone[flow] && random.nextInt(3) == 0;
                    gone[flow] |= finished[flow];
                }
                double level = finish(heap, paths, finished, heapRates);
                finish(closed, paths, finished, closedRates);
                if (heap.links == 0) {
                    break;
                }
                heapFill.fillAbove(heap.table, heap.links, level, null, null, heapRates, null);
                if (stage == 0) {
                    assertTrue(closedFill.twoPerLink.rate(closed.table, closed.links));
                    partialFills++;
                } else {
                    closedFill.fillAbove(closed.table, closed.links, level, null, null, closedRates, null);
                }
                for (int i = 0; i < heap.search.flowsInComponent; i++) {
                    int flow = heap.search.componentFlows[i];
                    assertEquals(Double.doubleToRawLongBits(heapRates[flow]),
                            Double.doubleToRawLongBits(closedRates[flow]), "round " + round + ", class " + flow);
                }
                for (int i = 0; stage == 1 && i < heap.links; i++) {
                    int link = heap.search.componentLinks[i];
                    assertEquals(Double.doubleToRawLongBits(heapFill.remaining(link)),
                            Double.doubleToRawLongBits(closedFill.remaining(link)), "round " + round + ", link " + link);
                }
            }
        }
        assertTrue(partialFills > 1_000, "partial fills: " + partialFills);
    }

    @Test
    void shouldLeaveToTheHeapALinkOfThreeClassesAClassOfTwoFlowsOrASecondCapacity() {
        // a, b and c on link 0 (weight 3); a alone with multiplicity 2 on link 0; a on link 0 (12 B/s) and b on
        // links 0 and 1 (1 B/s): none is the closed form's case, so it writes nothing and declines each.
        Graph uniform = NetworkRuns.chain(12, 12);
        Component three = new Component(uniform, new int[][] {{0}, {0}, {0}}, new int[] {1, 1, 1});
        Component doubled = new Component(uniform, new int[][] {{0}, {1}}, new int[] {2, 1});
        Graph mixed = NetworkRuns.chain(12, 1);
        Component narrow = new Component(mixed, new int[][] {{0}, {0, 1}}, new int[] {1, 1});
        for (Component component : new Component[] {three, doubled, narrow}) {
            ProgressiveFill fill = new ProgressiveFill(component.table.graph, component.lists, component.search, LINKS,
                    component.classes, false);
            double before = component.table.rateBytesPerSecond[0];
            assertFalse(fill.twoPerLink.rate(component.table, component.links));
            assertEquals(before, component.table.rateBytesPerSecond[0]);
        }
    }
}
