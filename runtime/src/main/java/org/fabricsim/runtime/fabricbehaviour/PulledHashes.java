package org.fabricsim.runtime.fabricbehaviour;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.fabricsim.runtime.network.ChoiceHashing;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.StandardNormal;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.Graph;

/**
 * Receiver-driven pull under adaptive routing: a flow whose uplink has room follows its hash, so the links past the
 * choice carry the flows as their hashes fall, not as the flow model spreads them.
 *
 * <p><b>Why the choice ties.</b> The packet backend's adaptive choice takes the candidate uplink with the fewest
 * queued bytes at the switch's own egress, ties to the flow's hash ({@code NextHops}). Under pull a receiver answers
 * each arrival with one PULL and a sender sends one packet per PULL, so after its first window a flow's packets reach
 * the choosing switch only as fast as its bottleneck drains them. Where that bottleneck lies past the choice (an
 * uplink the ideal fill leaves room on), the choosing switch never queues for it: every packet ties and follows the
 * hash, and since the pulls keep clocking the flow at the rate of the link its hash picked, the choice point stays
 * empty for the rest of the flow. Where the uplink itself is saturated (an all-to-all's own uplinks, a ring whose
 * flows fill them) its queue sees the fabric and spreads the flows as the flow model does.
 *
 * <p><b>The imbalance.</b> The hash is a uniform draw per flow, so the N = c·H hashed flows crossing c links
 * (spread H per link by the flow model's adaptive choice) fall into them independently and uniformly. A link past the
 * choice drains its episode's bytes R when its fullest counterpart does: the flows that did not come by the hash,
 * R − R_h, spread as before, and the hashed ones' R_h, H flows' worth, as E[max load] flows' worth on the fullest
 * link (equal bytes per hashed flow). So it runs at f = R / (R − R_h + R_h·E[M_{N,c}] / H), for the episode, read at
 * its opening, where M_{N,c} is the largest of c bin counts when N balls fall uniformly:
 * E[M] = Σ_{m=0}^{N−1} (1 − P(M ≤ m)), and P(M ≤ m) adds the bins one at a time: of r balls on b bins the b-th
 * takes k with probability C(r, k)·(1/b)^k·(1 − 1/b)^(r−k), and the other b − 1 bins must hold the r − k left at most
 * m each. O(c·N·m) per m, m ≥ ⌈N/c⌉ (below it P = 0), stopping where P(M ≤ m) is within 10⁻¹² of 1: at most
 * O(c·N³), once per (N, c), kept. Past {@value #EXACT_FLOWS} flows (a second and more per (N, c) at N = 1,024) the
 * bins' counts are near normal, and E[M] ≈ N/c + σ·μ_c with σ² = N·(1/c)·(1 − 1/c), μ_c the expected largest of c
 * standard normals, ∫ x·c·φ(x)·Φ(x)^(c−1) dx ({@link StandardNormal#expectedMaximum}; μ_2 = 1/√π): 0.7% and 1.1% below the
 * exact at N = 1,024 with c = 2 and 16 (the bins' counts are negatively correlated), O(1) after μ_c.
 *
 * <p>Example (the held-out mixed step): leaf 3's four ring flows into leaf 0 are pulled at an eighth of their
 * receivers' links while the all-to-all runs, so leaf 3's two uplinks have room; each spine's downlink to leaf 0
 * carries two of them (2 MiB) and eight all-to-all flows (1 MiB) from leaf 1, whose uplinks are saturated.
 * E[M_{4,2}] = (2·6 + 3·8 + 4·2) / 16 = 2.75, so f = 3 / (1 + 2·2.75 / 2) = 0.8.
 */
final class PulledHashes implements ChoiceHashing {
    /** The largest count of balls whose E[M] is counted exactly; past it the normal approximation. */
    static final int EXACT_FLOWS = 256;
    /** E[M_{N,c}] by N·2³² + c, computed once. */
    private static final Map<Long, Double> FULLEST = new ConcurrentHashMap<>();
    /** Each switch's uplinks: the choices a flow's hash picks among. */
    private final HashedUplinks uplinks;

    /** On a cluster of {@code graph}. O(links × tiers) ({@link HashedUplinks}). */
    PulledHashes(Graph graph) {
        uplinks = new HashedUplinks(graph);
    }

    /** The uplinks of the switch {@code link} leaves, 0 when it is not an uplink. O(1). */
    @Override
    public int choices(int link) {
        return uplinks.siblings(link);
    }

    /** Whether a flow with room on its uplink follows its hash: receiver-driven pull under adaptive routing. */
    static boolean followsHash(CongestionControl congestionControl, RoutingMode routing) {
        return congestionControl == CongestionControl.RECEIVER_DRIVEN && routing == RoutingMode.ADAPTIVE;
    }

    /** f = R / (R − R_h + R_h·E[M_{N,c}] / H) with N = c·H rounded, in (0, 1]. O(1) once E[M_{N,c}] is kept. */
    @Override
    public double capacityFactor(double bytes, double hashedBytes, double hashedFlows, int choices) {
        int flows = (int) Math.round(choices * hashedFlows);
        double fullest = FULLEST.computeIfAbsent((long) flows << 32 | choices, key -> expectedFullest(flows, choices))
                / hashedFlows;
        return Math.min(1, bytes / (bytes - hashedBytes + hashedBytes * fullest));
    }

    /**
     * E[M_{N,c}]: the expected largest count of {@code choices} bins when {@code flows} balls fall uniformly; past
     * {@value #EXACT_FLOWS} balls the normal approximation (class comment).
     */
    static double expectedFullest(int flows, int choices) {
        if (choices <= 1 || flows <= 1) {
            return flows;
        }
        if (flows > EXACT_FLOWS) {
            double share = 1.0 / choices;
            return flows * share + Math.sqrt(flows * share * (1 - share)) * StandardNormal.expectedMaximum(choices);
        }
        return exactFullest(flows, choices);
    }

    /** E[M_{N,c}] counted exactly (class comment). O(c·N³) at most. */
    static double exactFullest(int flows, int choices) {
        double expected = 0;
        for (int most = 0; most < flows; most++) {
            double within = (long) most * choices < flows ? 0 : allAtMost(flows, choices, most);
            expected += 1 - within;
            if (1 - within < 1e-12) {
                break;
            }
        }
        return expected;
    }


    /** P(M ≤ m): every one of {@code choices} bins holds at most {@code most} of {@code flows} uniform balls. */
    private static double allAtMost(int flows, int choices, int most) {
        double[] held = new double[flows + 1];
        for (int r = 0; r <= Math.min(most, flows); r++) {
            held[r] = 1;
        }
        for (int bins = 2; bins <= choices; bins++) {
            double p = 1.0 / bins;
            double[] next = new double[flows + 1];
            for (int r = 0; r <= flows; r++) {
                double logPmf = r * Math.log1p(-p);
                double sum = 0;
                for (int k = 0; k <= Math.min(most, r); k++) {
                    if (k > 0) {
                        logPmf += Math.log((r - k + 1.0) / k) + Math.log(p / (1 - p));
                    }
                    sum += Math.exp(logPmf) * held[r - k];
                }
                next[r] = sum;
            }
            held = next;
        }
        return held[flows];
    }
}
