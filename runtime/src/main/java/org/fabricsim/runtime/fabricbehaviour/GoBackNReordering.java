package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.topology.Graph;

/**
 * Go-back-N's reordering where the twin paths into a destination are fed by several choosing switches
 * (docs/fabric-behaviour.md, "Go-back-N's reordering onset"). Each leaf splits a destination's packets over its
 * uplinks by its own queues; the splits of different leaves differ by a few percent (the tie rule's hash bias), so
 * the spines' downlinks into one leaf drift apart by a share of every packet they carry. Once the difference passes
 * a flow's packet gap its packets overtake one another, the go-back-N receiver discards what follows a hole and the
 * sender resends from it. A link fed by one input carries one split and does not drift; selective repeat and ECMP
 * do not resend. So the cost has an onset in the bytes a link delivers while two inputs or more feed it, then a
 * slowdown: past B_on bytes every byte delivered costs the link s bytes (itself and its resends). A contention
 * episode of R bytes of which R_s arrive while two inputs or more feed the link ({@code SharedInputs}) then takes
 * R + (s − 1)·max(0, R_s − B_on) bytes of the link: a factor g = R / (R + (s − 1)·max(0, R_s − B_on)) over the
 * rate the rest of the model gives it, whatever that rate (the resends run at it too), at least 1 / s.
 *
 * <p><b>Measured</b> ({@link #measure}): the all-to-all of {@link #HOSTS} hosts, {@link #HOSTS_PER_LEAF} per leaf,
 * 2:1 (three leaves: each spine downlink fed by two), at {@link #PAIR_BYTES} per pair, on the row and on its
 * selective-repeat twin. At size k the twin's makespan T_k carries a spine downlink's L_k bytes (L_k = h²·(leaves −
 * 1)·S_k / uplinks per leaf, h hosts per leaf, every flow on a downlink from its start); the model gives the row
 * T_k·(1 + (s − 1)·max(0, 1 − B_on / L_k)). {@link #fit} takes the (B_on, s) of least squared relative error over
 * the sizes whose go-back-N run is not faster than its twin (one faster is a drop's timeout, not reordering): for each
 * B_on on a grid of {@link #GRID} steps up to the largest L_k, s − 1 by linear least squares, at least 0.
 *
 * @param onsetBytes B_on, the bytes a link delivers while two inputs or more feed it before its flows reorder,
 *                   +∞ where nothing reorders
 * @param slowdown   s ≥ 1, the link's bytes per byte delivered past the onset
 */
public record GoBackNReordering(double onsetBytes, double slowdown) {
    /** No reordering: ECMP, selective repeat, and rows whose scenario never resends. */
    public static final GoBackNReordering NONE = new GoBackNReordering(Double.POSITIVE_INFINITY, 1);
    /** The scenario's hosts and hosts per leaf. */
    static final int HOSTS = 12;
    static final int HOSTS_PER_LEAF = 4;
    /** The scenario's oversubscription: each leaf has {@code HOSTS_PER_LEAF / 2} uplinks. */
    static final double OVERSUBSCRIPTION = 2;
    /** The scenario's bytes per pair: 128 KiB to 1 MiB in steps of 128 KiB but 896 KiB. */
    static final double[] PAIR_BYTES = {128 << 10, 256 << 10, 384 << 10, 512 << 10, 640 << 10, 768 << 10, 1 << 20};
    /** The onset's grid steps up to the largest L_k. */
    static final int GRID = 1024;

    public GoBackNReordering {
        if (!(onsetBytes >= 0) || !(slowdown >= 1) || slowdown == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("a reordering onset is at least 0 bytes and its slowdown in [1, ∞),"
                    + " were " + onsetBytes + " and " + slowdown);
        }
    }

    /** Whether the row resends anything past an onset. */
    boolean reorders() {
        return slowdown > 1 && onsetBytes < Double.POSITIVE_INFINITY;
    }

    /** g = R / (R + (s − 1)·max(0, R_s − B_on)) for an episode of {@code episodeBytes} R, {@code sharedBytes} R_s. */
    double factor(double episodeBytes, double sharedBytes) {
        double past = Math.max(0, sharedBytes - onsetBytes);
        return past == 0 ? 1 : episodeBytes / (episodeBytes + (slowdown - 1) * past);
    }

    /** The scenario at {@code pairBytes} per pair. */
    static TrafficPattern scenario(double pairBytes) {
        return TrafficPattern.allToAll(HOSTS, HOSTS_PER_LEAF, OVERSUBSCRIPTION, pairBytes);
    }

    /** L: the bytes one spine downlink carries in the scenario at {@code pairBytes}, h²·(leaves − 1)·S / uplinks. */
    static double downlinkBytes(double pairBytes) {
        int leaves = HOSTS / HOSTS_PER_LEAF;
        return HOSTS_PER_LEAF * HOSTS_PER_LEAF * (leaves - 1) * pairBytes / (HOSTS_PER_LEAF / OVERSUBSCRIPTION);
    }

    /**
     * The reordering of {@code key} with {@code parameters}: {@link #NONE} under ECMP, for selective repeat and where
     * the selective-repeat twin is not simulated; else {@link #fit} of the scenario's runs.
     */
    static GoBackNReordering measure(BehaviourKey key, PacketSettings parameters) {
        BehaviourKey twin = new BehaviourKey(key.flowControl(), key.congestionControl(),
                BehaviourKey.Recovery.SELECTIVE_REPEAT, key.routing());
        if (key.routing() == RoutingMode.ECMP || key.recovery() != BehaviourKey.Recovery.GO_BACK_N
                || !PatternRuns.measurable(twin)) {
            return NONE;
        }
        int sizes = PAIR_BYTES.length;
        double[] bytes = new double[sizes];
        double[] goBackN = new double[sizes];
        double[] selective = new double[sizes];
        for (int k = 0; k < sizes; k++) {
            bytes[k] = downlinkBytes(PAIR_BYTES[k]);
            goBackN[k] = PatternRuns.packetPs(scenario(PAIR_BYTES[k]), key, parameters);
            selective[k] = PatternRuns.packetPs(scenario(PAIR_BYTES[k]), twin, parameters);
        }
        return fit(bytes, goBackN, selective);
    }

    /** The (B_on, s) of least squared relative error for makespans {@code goBackN} and {@code selective} at L_k. */
    static GoBackNReordering fit(double[] bytes, double[] goBackN, double[] selective) {
        double largest = 0;
        for (double b : bytes) {
            largest = Math.max(largest, b);
        }
        double bestError = Double.POSITIVE_INFINITY;
        double bestOnset = 0;
        double bestExcess = 0;
        for (int step = 0; step < GRID; step++) {
            double onset = largest * step / GRID;
            double aa = 0;
            double ay = 0;
            double yy = 0;
            for (int k = 0; k < bytes.length; k++) {
                if (goBackN[k] < selective[k]) {
                    continue;
                }
                double a = selective[k] * Math.max(0, 1 - onset / bytes[k]) / goBackN[k];
                double y = (goBackN[k] - selective[k]) / goBackN[k];
                aa += a * a;
                ay += a * y;
                yy += y * y;
            }
            double excess = aa > 0 ? Math.max(0, ay / aa) : 0;
            double error = yy - 2 * excess * ay + excess * excess * aa;
            if (error < bestError - 1e-15) {
                bestError = error;
                bestOnset = onset;
                bestExcess = excess;
            }
        }
        return bestExcess > 0 ? new GoBackNReordering(bestOnset, 1 + bestExcess) : NONE;
    }

    /**
     * Per link handle of {@code graph}, whether it runs from one switch to another and its sending switch has no
     * link from a host or accelerator: a link past every choosing switch's choice, fed only by switches that chose
     * (a spine's downlink, a sprayed downlink group).
     */
    static boolean[] pastTheChoice(Graph graph) {
        boolean[] hostFed = new boolean[graph.nodeCount()];
        for (int link = 0; link < graph.linkCount(); link++) {
            if (graph.nodeKind(graph.linkFrom(link)) != Graph.SWITCH) {
                hostFed[graph.linkTo(link)] = true;
            }
        }
        boolean[] past = new boolean[graph.flowLinkCount()];
        for (int link = 0; link < past.length; link++) {
            past[link] = graph.joinsSwitches(link) && !hostFed[graph.linkFrom(link)];
        }
        return past;
    }
}
