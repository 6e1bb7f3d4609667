package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.CongestionControl;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.mapping.HardwareMapper;

/**
 * Which row of the fabric behaviour table (docs/fabric-behaviour.md) a fabric runs with, where it is not the one
 * it states: {@code congestion-control uec-cc} runs as none with trimming, and says so on the fabric. Every
 * combination the language can state has a row (FabricBehavioursTest holds it), and a combination without one is
 * an error at run time naming it, never a silent ideal.
 */
public class FabricBehaviourValidator extends FabricCheck {

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
}
