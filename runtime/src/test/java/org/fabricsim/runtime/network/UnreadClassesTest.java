package org.fabricsim.runtime.network;

import static org.fabricsim.runtime.network.NetworkRuns.SECOND_PS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/**
 * A saturated link some of whose classes the congestion control does not read ({@link
 * ContentionModel#crossesUnread}): the control holds back the classes that read it, not the others, so the link runs
 * at no less than what the unread ones offer, at most whole.
 */
class UnreadClassesTest {
    /**
     * Three senders' NICs a = 0, b = 1 (100 B/s) and c = 2 ({@code thirdNicBytesPerSecond}) into one switch, s = 3
     * (100 B/s) out of it; F0 = a→s, F1 = b→s, F2 = c→s of 100 B each. The model runs every saturated link at {@code
     * factor} and leaves F2's class (first link c) unread on s. Returns the last finish, seconds.
     */
    private static double lastFinishSeconds(double thirdNicBytesPerSecond, double factor, boolean unread) {
        GraphBuilder builder = new GraphBuilder();
        int node = builder.addNodes(Graph.SWITCH, 5, false);
        builder.addLink(node, node + 3, new LinkClass(100, 0));
        builder.addLink(node + 1, node + 3, new LinkClass(100, 0));
        builder.addLink(node + 2, node + 3, new LinkClass(thirdNicBytesPerSecond, 0));
        builder.addLink(node + 3, node + 4, new LinkClass(100, 0));
        ContentionModel model = new ContentionModel() {
            @Override
            public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
                    double episodeBytesPerSender, double episodeBytes, int inputLinks) {
                return factor;
            }

            @Override
            public boolean leavesLinksUnread() {
                return unread;
            }

            @Override
            public boolean crossesUnread(int link, int firstLink, int lastLink) {
                return link == 3 && firstLink == 2;
            }

            @Override
            public double smallestFactor() {
                return factor;
            }
        };
        double[] finishPs = NetworkRuns.run(builder.build(), model, new int[][] {{0, 3}, {1, 3}, {2, 3}},
                new double[] {100, 100, 100}).finishPs();
        return Math.max(finishPs[0], Math.max(finishPs[1], finishPs[2])) / SECOND_PS;
    }

    @Test
    void shouldRunALinkWholeWhereItsUnreadClassesAloneOfferItsCapacity() {
        // c at 100 B/s: s is offered ρ = 3, of which F2's class ρ_u = 100 / 100 = 1; max(0.5, min(1, 1)) = 1: s runs
        // whole, 100/3 B/s a flow, and the 300 B end at 3.0 s. Read by all three, s runs at 0.5: 6.0 s.
        assertEquals(3.0, lastFinishSeconds(100, 0.5, true), 1e-9);
        assertEquals(6.0, lastFinishSeconds(100, 0.5, false), 1e-9);
    }

    @Test
    void shouldRunALinkAtWhatItsUnreadClassesOfferWhereThatExceedsTheFactor() {
        // c at 40 B/s (not saturated at s's ideal share 100/3): ρ_u = 0.4. At factor 0.3 s runs at max(0.3, 0.4) = 0.4,
        // 40/3 B/s a flow: 100 B in 7.5 s (10.0 s at 0.3). At factor 0.5, above ρ_u, the factor stands: 6.0 s.
        assertEquals(7.5, lastFinishSeconds(40, 0.3, true), 1e-9);
        assertEquals(10.0, lastFinishSeconds(40, 0.3, false), 1e-9);
        assertEquals(6.0, lastFinishSeconds(40, 0.5, true), 1e-9);
    }
}
