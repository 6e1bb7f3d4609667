package org.fabricsim.runtime.network;

import static org.fabricsim.runtime.network.NetworkRuns.SECOND_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.topology.Graph;
import org.junit.jupiter.api.Test;

/**
 * A model whose readings cannot derate below 1 − ε, on a fabric whose buffers can block ({@code ContentionDerating}'s
 * measured factor): its saturated links are read at their episodes' openings and where head-of-line blocking leaves the
 * reading a say, not at every re-solve, and the completions are those of a reading at every re-solve.
 */
class ReadingsWhereBlockingDecidesTest {
    /** The completion tolerance of a training phase: factors above 0.98 leave a link whole. */
    private static final double TOLERANCE = 0.02;

    @Test
    void shouldReadALinkThatOnlyBlockingCanDerateOnceAnEpisodeThoughItsOverloadMoves() {
        // Links of 100 B/s: NICs a, b, c (0-2) into one switch, s (3) out of it. F0 = a→s of 100 B, F1 = b→s of
        // 200 B, F2 = c→s of 300 B. The model reads 0.999 (above 1 − ε = 0.98: s stays whole) and buffers are finite,
        // but no class goes on past s, so nothing blocks. Solve 1: s saturated by three at 100/3 B/s each, its episode
        // opens with ρ = 3 × 100 / 100 = 3. F0 ends at 3 s; solve 2: F1 and F2 at 50 B/s, s's overload now 2, not read
        // (blocking's factor is 1 and the model's is above 0.98). F1's last 100 B end at 3 + 2 = 5 s; F2, alone, has
        // 300 − 100 − 100 = 100 B left at 100 B/s: 6 s.
        List<Double> overloads = new ArrayList<>();
        double[] finishPs = run(NetworkRuns.intoOneSwitch(3), readingAbove(overloads, false, 1e6),
                new int[][] {{0, 3}, {1, 3}, {2, 3}}, new double[] {100, 200, 300});

        assertEquals(3.0, finishPs[0] / SECOND_PS, 1e-9);
        assertEquals(5.0, finishPs[1] / SECOND_PS, 1e-9);
        assertEquals(6.0, finishPs[2] / SECOND_PS, 1e-9);
        assertEquals(List.of(3.0), overloads);
    }

    @Test
    void shouldReadALinkAtEveryMoveOfItsOverloadWhereTheModelInheritsState() {
        // The same run with a model whose factor may depend on the readings before (it inherits state): s is read
        // again at solve 2, with ρ = 2 (F1's and F2's NICs, 100 B/s each, over 100 B/s); the same completions.
        List<Double> overloads = new ArrayList<>();
        double[] finishPs = run(NetworkRuns.intoOneSwitch(3), readingAbove(overloads, true, 1e6),
                new int[][] {{0, 3}, {1, 3}, {2, 3}}, new double[] {100, 200, 300});

        assertEquals(5.0, finishPs[1] / SECOND_PS, 1e-9);
        assertEquals(6.0, finishPs[2] / SECOND_PS, 1e-9);
        assertEquals(List.of(3.0, 2.0), overloads);
    }

    @Test
    void shouldNotReadALinkThatCannotBlockWhereOnlyBlockingCanDerate() {
        // The first run with an infinite buffer everywhere: blocking's factor is 1 on every link at every solve and
        // the model's above 0.98, so s is whole throughout and never read; the same completions, 3, 5 and 6 s.
        List<Double> overloads = new ArrayList<>();
        double[] finishPs = run(NetworkRuns.intoOneSwitch(3), readingAbove(overloads, false, Double.POSITIVE_INFINITY),
                new int[][] {{0, 3}, {1, 3}, {2, 3}}, new double[] {100, 200, 300});

        assertEquals(3.0, finishPs[0] / SECOND_PS, 1e-9);
        assertEquals(5.0, finishPs[1] / SECOND_PS, 1e-9);
        assertEquals(6.0, finishPs[2] / SECOND_PS, 1e-9);
        assertEquals(List.of(), overloads);
    }

    /**
     * Reads 0.999 on every saturated link, noting each overload it is asked with; no factor below 0.999 but
     * head-of-line blocking's, with {@code bufferBytes} on every link; inherits state or not.
     */
    private static ContentionModel readingAbove(List<Double> overloads, boolean inherits, double bufferBytes) {
        return new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                overloads.add(overload);
                return 0.999;
            }

            @Override
            public double smallestFactor() {
                return 0;
            }

            @Override
            public double smallestReadingFactor() {
                return 0.999;
            }

            @Override
            public double backlogBufferBytes(int link) {
                return bufferBytes;
            }

            @Override
            public boolean inheritsState() {
                return inherits;
            }
        };
    }

    /** Class i (tag i) on {@code paths[i]} with {@code bytes[i]} at the tolerance of a training phase; finishes, ps. */
    private static double[] run(Graph graph, ContentionModel model, int[][] paths, double[] bytes) {
        return NetworkRuns.run(graph, model, paths, bytes, TOLERANCE).finishPs();
    }
}
