package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.CongestionControl;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Recovery;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.ScaleOut;
import org.fabricsim.dsl.mapping.HardwareMapper;
import org.fabricsim.dsl.model.Topologies;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.spec.FabricSpec;

/**
 * Which row of the fabric behaviour table (docs/fabric-behaviour.md) a fabric runs with, where it is not the one
 * it states exactly: {@code congestion-control uec-cc} runs as Swift (its own rows), and says what that leaves out
 * on the fabric; and a stated
 * {@code recovery go-back-n} that the fabric's transport contradicts, which is an error (and a stated recovery
 * the flow model cannot read, an info), on the fabric or under a topology that sprays it. Every
 * combination the language can state has a row (FabricBehavioursTest holds it), and a combination without one is
 * an error at run time naming it, never a silent ideal.
 */
public class FabricBehaviourValidator extends FabricCheck {

    @Check
    public void checkFabricUltraEthernetCongestionControlRunsAsSwift(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__CONGESTION_CONTROL)
                && fabric.getCongestionControl() == CongestionControl.ULTRA_ETHERNET
                && HardwareMapper.flowControl(fabric).stated()) {
            info("'congestion-control uec-cc' runs as Swift, the delay-based control Ultra Ethernet's NSCC follows:"
                    + " the packet backend runs Swift, and the flow model the behaviour table's uec-cc rows, which the"
                    + " packet backend measures running it (with selective repeat and, when lossy, UE 1.0's packet"
                    + " trimming). NSCC's own response (it reads ECN marks besides delay) and UET's receiver-credit"
                    + " congestion control (RCCC) are not simulated (docs/fabric-behaviour.md, \"uec-cc\").", fabric,
                    Literals.FABRIC__CONGESTION_CONTROL, IssueCodes.UEC_CC_AS_SWIFT);
        }
    }

    /**
     * A stated recovery on a fabric that does not say how it handles overload: the flow model runs it as the ideal
     * fabric, which loses nothing, so only the packet backend reads it.
     */
    @Check
    public void checkFabricRecoveryPacketOnly(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__RECOVERY) && !HardwareMapper.flowControl(fabric).stated()) {
            info("'recovery' is read by the packet backend only ('network packet' on a benchmark, its study or"
                    + " 'fabric simulate --network packet'): the fabric does not say how it handles overload ('lossless"
                    + " pfc', 'lossless credit-based' or 'lossy'), so the flow model runs it as the ideal fabric, which"
                    + " loses nothing.", fabric, Literals.FABRIC__RECOVERY, IssueCodes.PACKET_ONLY_SETTING);
        }
    }

    /**
     * {@code recovery go-back-n} where the transport resends selectively: a spraying fabric reorders every flow
     * (go-back-N would resend each reordered window), and Ultra Ethernet's and NDP's transports resend selectively
     * (their trimming on a lossy fabric needs it, as the packet backend checks).
     */
    @Check
    public void checkFabricGoBackNWhereTransportResendsSelectively(Fabric fabric) {
        if (!written(fabric, Literals.FABRIC__RECOVERY) || fabric.getRecovery() != Recovery.GO_BACK_N) {
            return;
        }
        boolean spraying = fabric.getRouting().contains(RoutingPolicy.SPRAYING);
        FabricSpec.CongestionControl cc = FabricSpec.CongestionControl.valueOf(fabric.getCongestionControl().getName());
        if (FabricSpec.needsSelectiveRepeat(spraying, cc)) {
            String why = spraying
                    ? "the fabric sprays packets, so every flow arrives reordered and go-back-N would resend each window"
                    : "'congestion-control " + cc.words() + "' runs a transport that resends selectively (and on a"
                    + " lossy fabric trims packets, which needs selective repeat)";
            error("'recovery go-back-n' contradicts the fabric's transport: " + why + ". Remove 'recovery go-back-n'"
                    + " or write 'recovery selective-repeat'.", fabric, Literals.FABRIC__RECOVERY,
                    IssueCodes.GO_BACK_N_SELECTIVE_TRANSPORT, "selective-repeat");
        }
    }

    /**
     * A topology that states {@code routing packet-spraying} over a fabric that states {@code recovery go-back-n}:
     * the same contradiction as a spraying fabric's (every flow arrives reordered), stated in two places, so the
     * error marks the topology's routing and names both fixes. Without the stated recovery the topology's spraying
     * derives selective repeat ({@link FabricBehaviours#recovery}).
     */
    @Check
    public void checkScaleOutSprayingOverGoBackN(ScaleOut scaleOut) {
        Fabric fabric = scaleOut.getFabric();
        if (fabric == null || fabric.eIsProxy() || !written(fabric, Literals.FABRIC__RECOVERY)
                || fabric.getRecovery() != Recovery.GO_BACK_N
                || Topologies.writtenRouting(scaleOut.getTopology()) != RoutingPolicy.SPRAYING) {
            return;
        }
        error("'routing packet-spraying' reorders every flow, and fabric " + fabric.getName() + " states 'recovery"
                + " go-back-n', which would resend each reordered window: write 'recovery selective-repeat' on the"
                + " fabric (a NIC that places packets out of order, as RoCE with IRN), or route this topology by"
                + " 'adaptive' or 'ecmp'.", scaleOut.getTopology(), Topologies.routingFeature(scaleOut.getTopology()),
                IssueCodes.SPRAYING_OVER_GO_BACK_N);
    }
}
