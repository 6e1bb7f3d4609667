package org.fabricsim.dsl.mapping;

import static org.fabricsim.dsl.model.Written.written;

import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.CongestionParameters;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Loss;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.Openness;
import org.fabricsim.dsl.fabric.PrecisionRate;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.ScaleUpTopology;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.units.ScientificNumber;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.analysis.ScaleUpSwitching;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;

import com.google.inject.Inject;

/** The hardware part of {@link SpecMapper}: accelerators, fabrics, NICs, switches, nodes and their scale-up domains. */
public final class HardwareMapper {
    @Inject
    private SpecNames names;

    NodeSpec toNode(Node node) {
        AcceleratorSpec accelerator = toAccelerator(node.getAccelerator());
        ScaleUpSpec scaleUp = node.getScaleUp() == null ? null : toScaleUp(node.getScaleUp(), node);
        NicSpec nic = node.getNic() == null ? null : toNic(node.getNic(), node);
        return new NodeSpec(names.qualifiedName(node), accelerator, node.getAccelerators(), scaleUp, nic,
                node.getNics(), node.isRailAligned());
    }

    /**
     * A domain's rate per accelerator is the accelerator's scale-up rate (or the fabric's link rate), capped by
     * what its stated switches carry ({@link ScaleUpSwitching}: min(b, s·k·r / n)); a full mesh has no switches.
     */
    private ScaleUpSpec toScaleUp(ScaleUpDomain domain, Node node) {
        FabricSpec fabric = toFabric(domain.getFabric());
        int size = domain.getDomainSize() > 0 ? domain.getDomainSize() : node.getAccelerators();
        double rate = domainBytesPerSecond(node.getAccelerator(), domain);
        Switch switchType = domain.getSwitchType();
        double perAccelerator = switchesCount(domain) ? ScaleUpSwitching.bytesPerSecondPerAccelerator(size, rate,
                domain.getSwitches(), switchType.getPorts(), Units.bytesPerSecond(switchType.getPortRate())) : rate;
        boolean reduction = fabric.inNetworkReduction()
                && (domain.getSwitchType() == null || domain.getSwitchType().isInNetworkReduction());
        return new ScaleUpSpec(fabric, ScaleUpSpec.Kind.valueOf(domain.getTopology().getName()), size, perAccelerator,
                reduction);
    }

    /**
     * Whether the domain's switch count caps its rate: a switched or rack-scale domain that names s switches of
     * a resolved type with ports and a port rate. A full mesh has no switches.
     */
    public static boolean switchesCount(ScaleUpDomain domain) {
        Switch switchType = domain.getSwitchType();
        return domain.getTopology() != ScaleUpTopology.FULL_MESH && domain.getSwitches() > 0 && switchType != null
                && !switchType.eIsProxy() && switchType.getPorts() > 0 && switchType.getPortRate() != null;
    }

    /**
     * An accelerator's rate into its scale-up domain per direction: its scale-up ports × their rate, else the
     * domain fabric's link rate; 0 where neither is stated.
     */
    public static double domainBytesPerSecond(Accelerator accelerator, ScaleUpDomain domain) {
        double own = scaleUpBytesPerSecond(accelerator);
        Fabric fabric = domain.getFabric();
        return own > 0 || fabric == null || fabric.eIsProxy() || fabric.getLinkRate() == null ? own
                : Units.bytesPerSecond(fabric.getLinkRate());
    }

    /** An accelerator's scale-up rate per direction: its ports × their rate, 0 where it states none. */
    public static double scaleUpBytesPerSecond(Accelerator accelerator) {
        return accelerator.getScaleUpPortRate() == null ? 0
                : accelerator.getScaleUpPorts() * Units.bytesPerSecond(accelerator.getScaleUpPortRate());
    }

    AcceleratorSpec toAccelerator(Accelerator accelerator) {
        return new AcceleratorSpec(names.qualifiedName(accelerator), names.vendor(accelerator.getVendor()),
                peak(accelerator, org.fabricsim.dsl.fabric.Precision.BF16), peak(accelerator, org.fabricsim.dsl.fabric.Precision.FP8),
                Units.bytes(accelerator.getMemory()), Units.bytesPerSecond(accelerator.getMemoryBandwidth()),
                Units.fractionOrZero(accelerator.getEfficiency()), Units.fractionOrZero(accelerator.getFp8Efficiency()),
                scaleUpBytesPerSecond(accelerator), Units.fractionOrZero(accelerator.getScaleUpEfficiency()),
                accelerator.getArchitecture() == null ? "" : accelerator.getArchitecture(),
                accelerator.getComputeUnits(),
                accelerator.getReservedMemory() == null ? 0 : Units.bytes(accelerator.getReservedMemory()),
                peak(accelerator, org.fabricsim.dsl.fabric.Precision.FP4),
                Units.fractionOrZero(accelerator.getMemoryEfficiency()));
    }

    private static double peak(Accelerator accelerator, org.fabricsim.dsl.fabric.Precision precision) {
        for (PrecisionRate rate : accelerator.getCompute()) {
            if (rate.getPrecision() == precision) {
                return Units.flopsPerSecond(rate.getRate());
            }
        }
        return 0;
    }

    FabricSpec toFabric(Fabric fabric) {
        String lock = fabric.getAcceleratorLock() == null ? "" : names.vendor(fabric.getAcceleratorLock());
        FabricSpec.CongestionControl congestion = FabricSpec.CongestionControl.valueOf(
                fabric.getCongestionControl().getName());
        return new FabricSpec(names.qualifiedName(fabric), names.vendor(fabric.getVendor()),
                FabricSpec.FabricScope.valueOf(fabric.getScope().getName()),
                fabric.getOpenness() == Openness.OPEN_STANDARD, lock,
                Units.bytesPerSecond(fabric.getLinkRate()), latencyPs(fabric.getLatency()), flowControl(fabric), congestion,
                fabric.getRouting().contains(RoutingPolicy.ADAPTIVE),
                fabric.getRouting().contains(RoutingPolicy.SPRAYING),
                fabric.isInNetworkReduction(), written(fabric, Literals.FABRIC__FLOWS_PER_PEER)
                        ? fabric.getFlowsPerPeer() : FabricSpec.DEFAULT_FLOWS_PER_PEER,
                Units.fractionOrZero(fabric.getEfficiency()), packetSettings(fabric),
                written(fabric, Literals.FABRIC__RECOVERY)
                        ? FabricSpec.Recovery.valueOf(fabric.getRecovery().getName()) : FabricSpec.Recovery.UNSTATED);
    }

    /**
     * How the fabric states it takes loss: nothing ({@code UNSTATED}), {@code lossy}, a bare {@code lossless},
     * or {@code lossless} and how ({@code pfc}, {@code credit-based}, {@code link-level-retry}).
     */
    public static FabricSpec.FlowControl flowControl(Fabric fabric) {
        if (!written(fabric, Literals.FABRIC__LOSS)) {
            return FabricSpec.FlowControl.UNSTATED;
        }
        if (fabric.getLoss() == Loss.LOSSY) {
            return FabricSpec.FlowControl.LOSSY;
        }
        return written(fabric, Literals.FABRIC__FLOW_CONTROL)
                ? FabricSpec.FlowControl.valueOf(fabric.getFlowControl().getName()) : FabricSpec.FlowControl.LOSSLESS;
    }

    /**
     * What only the packet backend reads: the fabric's {@code mtu}, {@code bit-error-rate} and the parameters of
     * DCQCN, HPCC, InfiniBand congestion control and a scheduled fabric, and its {@code virtual-lanes}; 0 where not
     * written.
     */
    private static PacketSettings packetSettings(Fabric fabric) {
        CongestionParameters cc = fabric.getCongestionParameters();
        return new PacketSettings(fabric.getMtu() == null ? 0 : Math.toIntExact(Units.bytes(fabric.getMtu())),
                fabric.getBitErrorRate() == null ? 0 : ScientificNumber.value(fabric.getBitErrorRate()),
                cc == null || cc.getKmin() == null ? 0 : Units.bytes(cc.getKmin()),
                cc == null || cc.getKmax() == null ? 0 : Units.bytes(cc.getKmax()),
                cc == null || cc.getPmax() == null ? 0 : Units.fraction(cc.getPmax()),
                cc == null || cc.getIncreaseTimer() == null ? 0 : Units.picoseconds(cc.getIncreaseTimer()),
                cc == null || cc.getEta() == null ? 0 : Units.fraction(cc.getEta()),
                cc == null ? 0 : cc.getMaxStage(),
                cc == null || cc.getAdditiveIncrease() == null ? 0 : Units.bytesPerSecond(cc.getAdditiveIncrease()),
                cc == null || cc.getFecnThreshold() == null ? 0 : Units.bytes(cc.getFecnThreshold()),
                cc == null ? 0 : cc.getCctiIncrease(), cc == null ? 0 : cc.getCctiLimit(),
                cc == null || cc.getCctiTimer() == null ? 0 : Units.picoseconds(cc.getCctiTimer()),
                cc == null || cc.getCredit() == null ? 0
                        : (int) Math.min(Integer.MAX_VALUE, Math.max(0, Units.bytes(cc.getCredit()))),
                fabric.getVirtualLanes());
    }

    /** {@code nic} in {@code node}: its host link as trained in the node's slot ({@link Pcie#trainedBytesPerSecond}). */
    private NicSpec toNic(Nic nic, Node node) {
        double host = Pcie.trainedBytesPerSecond(nic.getPcie(), node.getPcie());
        return new NicSpec(names.qualifiedName(nic), names.vendor(nic.getVendor()), nic.getPorts(),
                Units.bytesPerSecond(nic.getPortRate()), host, latencyPs(nic.getLatency()));
    }

    SwitchSpec toSwitch(Switch switchType) {
        long buffer = switchType.getBuffer() == null ? 0 : Units.bytes(switchType.getBuffer());
        return new SwitchSpec(names.qualifiedName(switchType), names.vendor(switchType.getVendor()),
                switchType.getPorts(), Units.bytesPerSecond(switchType.getPortRate()),
                latencyPs(switchType.getLatency()), buffer, switchType.isInNetworkReduction(),
                switchType.isScheduled());
    }

    private static long latencyPs(Quantity latency) {
        return latency == null ? 0 : Units.picoseconds(latency);
    }
}
