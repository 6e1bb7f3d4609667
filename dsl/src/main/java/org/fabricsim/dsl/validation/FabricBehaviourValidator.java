package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.CongestionControl;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.mapping.HardwareMapper;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;

import com.google.inject.Inject;

/**
 * Which row of the fabric behaviour table (docs/fabric-behaviour.md) a cluster's scale-out fabric runs
 * with, as {@link FabricBehaviours} chooses it from the mapped spec: a combination without a row is an
 * error on the cluster naming it and how to produce the table (never a silent ideal), and
 * {@code congestion-control uec-cc}, which runs as none with trimming, says so on the fabric.
 */
public class FabricBehaviourValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkFabricUltraEthernetCongestionControlRunsAsTrimming(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__CONGESTION_CONTROL)
                && fabric.getCongestionControl() == CongestionControl.ULTRA_ETHERNET
                && HardwareMapper.flowControl(fabric).stated()) {
            info("'congestion-control uec-cc' runs without congestion control in the flow model: Ultra Ethernet's"
                    + " NSCC is not simulated there (with 'network packet' it runs as Swift, the delay-based control NSCC"
                    + " follows); UE 1.0's packet trimming (on a lossy fabric) and selective retransmission stand in"
                    + " for it, so the fabric runs the behaviour table's row with 'congestion-control none',"
                    + " selective repeat and, when lossy, 'lossy trimming' (docs/fabric-behaviour.md).", fabric,
                    Literals.FABRIC__CONGESTION_CONTROL, IssueCodes.UEC_CC_TRIMMING);
        }
    }

    @Check
    public void checkClusterFabricBehaviourMeasured(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null || spec.scaleOut() == null || cluster.getScaleOut() == null) {
            return;
        }
        BehaviourKey key = FabricBehaviours.key(spec.scaleOut().fabric(), ClusterTopologies.routing(spec));
        if (key == null) {
            return;
        }
        String why = BehaviourTable.shipped().missing(key);
        if (why != null) {
            error("The scale-out fabric runs as '" + key.describe() + "', which the fabric behaviour table has no"
                    + " row for: " + why + " (docs/fabric-behaviour.md).", cluster.getScaleOut(),
                    Literals.SCALE_OUT__FABRIC, IssueCodes.BEHAVIOUR_MISSING, key.describe());
        }
    }
}
