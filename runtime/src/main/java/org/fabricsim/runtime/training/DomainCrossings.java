package org.fabricsim.runtime.training;

import java.util.function.IntBinaryOperator;

import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * How a placement's rings and expert groups cross the scale-up domains of a topology: the hops of a ring that leave a
 * domain, their share along each axis and over the expert data-parallel groups, and whether an expert group spans
 * domains. {@link FabricPatterns} lays its ring steps out by them; {@link FabricCollectiveTimer} scales its solved
 * steps by the shares.
 */
final class DomainCrossings {
    private final ClusterTopology topology;
    private final Placement placement;

    DomainCrossings(ClusterTopology topology, Placement placement) {
        this.topology = topology;
        this.placement = placement;
    }

    /**
     * How many hops of the ring of {@code size} members that {@code shift} steps through from {@code rank}
     * (member j to member j + 1, the last back to {@code rank}) leave a scale-up domain; 0 when the group
     * lies in one domain. O(size).
     */
    int crossingHops(int rank, int size, IntBinaryOperator shift) {
        int crossing = 0;
        for (int j = 0; j < size; j++) {
            crossing += topology.sameDomain(shift.applyAsInt(rank, j), shift.applyAsInt(rank, j + 1)) ? 0 : 1;
        }
        return crossing;
    }

    /** By axis ordinal, the share of the hops of rank 0's ring along the axis that leave a domain. O(ranks). */
    double[] axisCrossingShares() {
        double[] shares = new double[Axis.values().length];
        for (Axis axis : Axis.values()) {
            int size = placement.size(axis);
            shares[axis.ordinal()] = (double) crossingHops(0, size, (r, j) -> placement.shift(r, axis, j)) / size;
        }
        return shares;
    }

    /** The share of the hops of rank 0's expert data-parallel ring ({@link Placement#expertDataShift}) off-domain. */
    double expertDataCrossingShare() {
        return (double) crossingHops(0, placement.expertData(), placement::expertDataShift) / placement.expertData();
    }

    /** Whether some rank's expert group has a member in another scale-up domain. O(ranks · group). */
    boolean expertGroupsCrossDomains() {
        int n = placement.accelerators();
        boolean crosses = false;
        for (int rank = 0; rank < n; rank++) {
            for (int member : placement.expertGroup(rank)) {
                crosses |= !topology.sameDomain(rank, member);
            }
        }
        return crosses;
    }
}
