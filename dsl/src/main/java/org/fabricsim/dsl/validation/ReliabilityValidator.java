package org.fabricsim.dsl.validation;

import java.math.BigDecimal;
import java.util.Locale;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FailureDomain;
import org.fabricsim.dsl.fabric.FailureRate;
import org.fabricsim.dsl.fabric.Mtbf;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Reliability;
import org.fabricsim.dsl.model.Checkpoints;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * A reliability the failure model can run: positive failure rates, a checkpoint shorter than the
 * interval between checkpoints, no more spare nodes and no failure domain larger than the cluster
 * has nodes, and straggler figures that are fractions. Each error says how to fix it.
 */
public class ReliabilityValidator extends FabricCheck {

    @Check
    public void checkMtbfPositive(Mtbf mtbf) {
        if (Units.valueOf(mtbf.getTime()) <= 0) {
            error("An MTBF must be greater than zero: write the measured mean time between failures of one "
                    + mtbf.getComponent().getLiteral() + ", such as 'mtbf " + mtbf.getComponent().getLiteral()
                    + " 50000 h', or remove the line if it never fails.", mtbf, Literals.MTBF__TIME,
                    IssueCodes.RELIABILITY_RATE_NOT_POSITIVE);
        }
    }

    @Check
    public void checkRatePositive(FailureRate rate) {
        if (new BigDecimal(rate.getPerThousandNodeDays()).signum() <= 0) {
            error("A failure rate must be greater than zero: write the published failures per 1,000 node-days, such"
                    + " as 'rate " + rate.getComponent().getLiteral() + " 0.57 per-1000-node-days', or remove the"
                    + " line.", rate, Literals.FAILURE_RATE__PER_THOUSAND_NODE_DAYS,
                    IssueCodes.RELIABILITY_RATE_NOT_POSITIVE);
        }
    }

    @Check
    public void checkCheckpointShorterThanInterval(Reliability reliability) {
        // A quantity of the wrong dimension is the units check's to report.
        if (reliability.getCheckpointInterval() == null || !of(reliability.getCheckpointInterval(), Dimension.TIME)
                || !of(reliability.getCheckpointTime(), Dimension.TIME)
                || !of(reliability.getCheckpointSize(), Dimension.DATA_SIZE)
                || !of(reliability.getStorageBandwidth(), Dimension.DATA_RATE)) {
            return;
        }
        double interval = Units.seconds(reliability.getCheckpointInterval());
        double checkpoint = Checkpoints.seconds(reliability);
        if (interval > 0 && checkpoint > interval) {
            error(String.format(Locale.ROOT, "A checkpoint takes %.4g s, longer than the %.4g s between"
                    + " checkpoints: the job would spend most of its time writing them. Checkpoint less often (an"
                    + " interval well above the checkpoint time) or write faster.", checkpoint, interval), reliability,
                    Literals.RELIABILITY__CHECKPOINT_INTERVAL, IssueCodes.CHECKPOINT_LONGER_THAN_INTERVAL);
        }
    }

    /** Spares and failure domains are nodes of the cluster: neither may exceed its node count. */
    @Check
    public void checkReliabilityWithinCluster(Cluster cluster) {
        Reliability reliability = cluster.getReliability();
        if (reliability == null || reliability.eIsProxy()) {
            return;
        }
        int nodes = cluster.getGroups().stream().mapToInt(NodeGroup::getCount).sum();
        if (reliability.getSpares() > nodes) {
            error("'" + reliability.getName() + "' keeps " + reliability.getSpares() + " spare nodes but cluster "
                    + cluster.getName() + " has " + nodes + ": spares are nodes of the cluster the job does not use."
                    + " Keep at most " + nodes + " spares, or add nodes.", cluster, Literals.CLUSTER__RELIABILITY,
                    IssueCodes.TOO_MANY_SPARES, Integer.toString(nodes));
        }
        for (FailureDomain domain : reliability.getDomains()) {
            if (domain.getSize() > nodes) {
                error("'" + reliability.getName() + "' has a " + domain.getKind() + " of " + domain.getSize()
                        + " nodes but cluster " + cluster.getName() + " has " + nodes + ": a failure domain is a"
                        + " part of the cluster. Write at most " + nodes + " nodes (the nodes one "
                        + domain.getKind() + " takes down), or add nodes.", cluster, Literals.CLUSTER__RELIABILITY,
                        IssueCodes.DOMAIN_LARGER_THAN_CLUSTER, Integer.toString(nodes));
            }
        }
    }

    @Check
    public void checkStragglersAreFractions(Reliability reliability) {
        if (reliability.getStragglerShare() == null) {
            return;
        }
        if (new BigDecimal(reliability.getStragglerShare()).compareTo(BigDecimal.ONE) > 0) {
            error("A straggler share is the fraction of productive time one part is slow, at most 1: write"
                    + " 0.05 for 5 % of the time.", reliability, Literals.RELIABILITY__STRAGGLER_SHARE,
                    IssueCodes.STRAGGLER_NOT_A_FRACTION);
        }
        BigDecimal speed = new BigDecimal(reliability.getStragglerSpeed());
        if (speed.signum() <= 0 || speed.compareTo(BigDecimal.ONE) > 0) {
            error("A straggler speed is the slow part's speed, as a fraction of its full rate above 0 and at most"
                    + " 1: write 0.7 for a part that runs at 70 %.", reliability, Literals.RELIABILITY__STRAGGLER_SPEED,
                    IssueCodes.STRAGGLER_NOT_A_FRACTION);
        }
    }

    /** Whether {@code quantity} is absent or of {@code dimension}. */
    private static boolean of(Quantity quantity, Dimension dimension) {
        return quantity == null || Units.dimensionOf(quantity) == dimension;
    }
}
