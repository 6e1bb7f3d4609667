package org.fabricsim.runtime.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** The bytes a saturated link delivers while two inputs or more feed it, read once at its episode's opening. */
class SharedInputsTest {
    private static final double LINK = 1e9;

    /** Switches 0 and 1 feed switch 2 over links 0 and 1 (ten times faster), which sends to switch 3 over link 2. */
    private static Graph twoInputs() {
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, 4, false);
        builder.addLink(node, node + 2, new LinkClass(10 * LINK, 0));
        builder.addLink(node + 1, node + 2, new LinkClass(10 * LINK, 0));
        builder.addLink(node + 2, node + 3, new LinkClass(LINK, 0));
        return builder.build();
    }

    /** Runs link 2 whole but for the shared-input factor {@code factor}, noting every (link, R, R_s) asked. */
    private static ContentionModel recording(List<double[]> asked, double factor) {
        return new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                return 1;
            }

            @Override
            public double smallestFactor() {
                return factor;
            }

            @Override
            public boolean chargesSharedInputs() {
                return true;
            }

            @Override
            public double sharedInputFactor(int link, double episodeBytes, double sharedBytes) {
                asked.add(new double[] {link, episodeBytes, sharedBytes});
                return factor;
            }
        };
    }

    @Test
    void shouldCountTheBytesDeliveredUntilTheSecondLargestInputEndsAndHoldTheAnswerForTheEpisode() {
        // A (3 MB) and C (2 MB) arrive over link 0, B (1 MB) over link 1. The largest flow per input: 3 MB and 1 MB,
        // so r* = 1 MB: link 2 is fed by both inputs until B has sent its 1 MB, when each of the three has sent 1 MB:
        // R_s = min(3, 1) + min(1, 1) + min(2, 1) = 3 MB of R = 6 MB. At the factor 0.5 the three share 0.5 GB/s:
        // B ends at 1 MB / (0.5/3 GB/s) = 6 ms; A and C carry on in the same episode, at 0.25 GB/s each: C's last
        // 1 MB takes 4 ms (10 ms); A alone ends the episode and runs whole, its last 1 MB in 1 ms (11 ms).
        List<double[]> asked = new ArrayList<>();
        NetworkRuns.Run run = NetworkRuns.run(twoInputs(), recording(asked, 0.5),
                new int[][] {{0, 2}, {1, 2}, {0, 2}}, new double[] {3e6, 1e6, 2e6});
        assertEquals(1, asked.size(), "asked once, at the opening");
        assertEquals(2, asked.get(0)[0]);
        assertEquals(6e6, asked.get(0)[1], 1e-3);
        assertEquals(3e6, asked.get(0)[2], 1e-3);
        assertEquals(11e-3, run.finishPs()[0] / NetworkRuns.SECOND_PS, 1e-9);
        assertEquals(6e-3, run.finishPs()[1] / NetworkRuns.SECOND_PS, 1e-9);
        assertEquals(10e-3, run.finishPs()[2] / NetworkRuns.SECOND_PS, 1e-9);
    }

    @Test
    void shouldShareNothingWhereOneInputFeedsTheLink() {
        // Both flows arrive over link 0: no second input, R_s = 0 of R = 3 MB.
        List<double[]> asked = new ArrayList<>();
        NetworkRuns.run(twoInputs(), recording(asked, 0.9), new int[][] {{0, 2}, {0, 2}}, new double[] {1e6, 2e6});
        assertEquals(1, asked.size());
        assertEquals(3e6, asked.get(0)[1], 1e-3);
        assertEquals(0, asked.get(0)[2]);
    }
}
