package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Cost;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FabricScope;
import org.fabricsim.dsl.fabric.FatTreeTopology;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.PoolRole;
import org.fabricsim.dsl.fabric.RailOptimizedTopology;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.ScaleUpTopology;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.mapping.HardwareMapper;
import org.fabricsim.dsl.model.Topologies;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.topology.ScheduledSwitches;

/**
 * Settings the language records but the simulation engine does not read yet: each says so with an
 * info on the setting, naming what it does not change and what the engine assumes instead. Every
 * other setting changes the spec the engine runs on or feeds a design check. When the engine starts
 * reading one of these settings, its check here goes.
 */
public class IgnoredSettingsValidator extends FabricCheck {
    private static final String NOT_YET = " is recorded but does not change simulated results yet: ";

    /**
     * A congestion control on a fabric that states no flow control changes nothing. On one that does, it
     * selects the behaviour row.
     */
    @Check
    public void checkFabricCongestionControlNotSimulated(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__CONGESTION_CONTROL) && !HardwareMapper.flowControl(fabric).stated()) {
            String setting = "'congestion-control " + fabric.getCongestionControl().getLiteral() + "'";
            info(setting + NOT_YET + "the fabric does not say how it handles overload ('lossless pfc', 'lossless"
                    + " credit-based' or 'lossy'), so it runs as the ideal fabric, max-min fair.", fabric,
                    Literals.FABRIC__CONGESTION_CONTROL, IssueCodes.CONGESTION_CONTROL_NOT_SIMULATED);
        }
    }

    @Check
    public void checkFabricLossNotSimulated(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__LOSS) && fabric.getScope() == FabricScope.SCALE_UP) {
            info("A scale-up fabric's '" + fabric.getLoss().getLiteral() + "'" + NOT_YET + "scale-up links keep their"
                    + " ideal capacity; only a scale-out fabric's flow control selects its measured behaviour.", fabric,
                    Literals.FABRIC__LOSS, IssueCodes.LOSS_NOT_SIMULATED);
        } else if (HardwareMapper.flowControl(fabric) == FabricSpec.FlowControl.LOSSLESS) {
            info("'lossless'" + NOT_YET + "it does not say how ('pfc', 'credit-based' or 'link-level-retry'), so the"
                    + " flow model runs the fabric as the ideal, never dropping and never pausing.", fabric,
                    Literals.FABRIC__LOSS, IssueCodes.LOSS_NOT_SIMULATED);
        }
    }

    /**
     * A cluster routes by its scale-out fabric's first policy of spraying, adaptive, ECMP; a scale-up fabric's
     * policies route nothing (a domain's traffic crosses its own links or switch, {@code ClusterLayout}), so each
     * is named where it is written.
     */
    @Check
    public void checkFabricRoutingNotSimulated(Fabric fabric) {
        List<RoutingPolicy> routing = fabric.getRouting();
        if (fabric.getScope() == FabricScope.SCALE_UP) {
            for (int i = 0; i < routing.size(); i++) {
                info("A scale-up fabric's 'routing " + routing.get(i).getLiteral() + "'" + NOT_YET + "a scale-up"
                        + " domain's traffic crosses its own links or its switch directly and is never routed; a"
                        + " scale-out fabric's routing picks ECMP, adaptive or spraying.", fabric,
                        Literals.FABRIC__ROUTING, i, IssueCodes.FABRIC_ROUTING_NOT_SIMULATED);
            }
            return;
        }
        RoutingPolicy used = routing.contains(RoutingPolicy.SPRAYING) ? RoutingPolicy.SPRAYING
                : routing.contains(RoutingPolicy.ADAPTIVE) ? RoutingPolicy.ADAPTIVE : RoutingPolicy.ECMP;
        if (routing.stream().allMatch(used::equals)) {
            return;
        }
        String policies = routing.stream().map(RoutingPolicy::getLiteral).collect(Collectors.joining(", "));
        info("The fabric's 'routing " + policies + "'" + NOT_YET + "a cluster on it routes by '" + used.getLiteral()
                + "' (packet spraying if listed, else adaptive if listed, else ECMP) unless its topology states its"
                + " own 'routing'; the others change nothing.", fabric, Literals.FABRIC__ROUTING,
                IssueCodes.FABRIC_ROUTING_NOT_SIMULATED);
    }

    /**
     * A switch's buffer moves where the flow model drops (a tail-drop fabric without congestion control) and
     * where PFC pauses a held-back backlog; on a switch none of whose fabrics does either it changes only the
     * packet backend.
     */
    @Check
    public void checkSwitchBufferNotSimulated(Switch switchType) {
        if (switchType.getBuffer() == null || switchType.getFabrics().stream().anyMatch(fabric -> !fabric.eIsProxy()
                && FabricBehaviours.readsSwitchBuffer(HardwareMapper.flowControl(fabric),
                        FabricSpec.CongestionControl.valueOf(fabric.getCongestionControl().getName())))) {
            return;
        }
        info("A switch's 'buffer' sizes the packet backend's queues ('network packet'); the flow model reads it only"
                + " on a fabric that drops without congestion control ('lossy': a queue may hold half of it) or pauses"
                + " by PFC without one ('lossless pfc': it pauses at 1/9 of it), and this switch speaks neither. A"
                + " credit-based fabric's credit is the link's (64 x 4 KiB) whatever the shared buffer, a congestion"
                + " control keeps queues short, and a fabric that states no flow control runs as the ideal.", switchType,
                Literals.SWITCH__BUFFER, IssueCodes.SWITCH_BUFFER_NOT_SIMULATED);
    }

    /**
     * A scheduled switch runs a fabric's traffic as {@code congestion-control scheduled} where the fabric states
     * its flow control and no congestion control ({@code ScheduledSwitches}); on a switch none of whose fabrics
     * does, the flag changes nothing.
     */
    @Check
    public void checkSwitchScheduledNotSimulated(Switch switchType) {
        if (switchType.isScheduled()
                && switchType.getFabrics().stream().noneMatch(IgnoredSettingsValidator::leavesItToTheSwitches)) {
            info("'scheduled'" + NOT_YET + "a scheduled switch schedules a scale-out fabric that says how it takes"
                    + " overload ('lossless pfc', 'lossless credit-based' or 'lossy') and states no congestion control of"
                    + " its own, and this switch speaks none such (a scale-up domain is never scheduled); the fabric's"
                    + " own row runs.", switchType,
                    Literals.SWITCH__SCHEDULED, IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED);
        }
    }

    /**
     * A network schedules its traffic only when every switch a packet crosses does: a topology that names a
     * scheduled switch beside an unscheduled one runs its fabric's own row.
     */
    @Check
    public void checkTopologyScheduledNotSimulated(Topology topology) {
        List<Switch> named = Topologies.namedSwitches(topology);
        if (named.stream().anyMatch(Switch::isScheduled) && !named.stream().allMatch(Switch::isScheduled)) {
            info("'scheduled' on " + names(named, true) + NOT_YET + "a network schedules its traffic only when"
                    + " every switch it names is scheduled, and " + names(named, false) + " is not; the fabric's own"
                    + " row runs.", topology, null, IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED);
        }
    }

    private static String names(List<Switch> switches, boolean scheduled) {
        return switches.stream().filter(s -> s.isScheduled() == scheduled).map(Switch::getName).distinct()
                .collect(Collectors.joining(", "));
    }

    /**
     * Whether a scale-out network of {@code fabric} would run scheduled on scheduled switches; a scale-up fabric never
     * does (only a cluster's scale-out and data-centre networks are scheduled, {@code ClusterMapper.network}).
     */
    private static boolean leavesItToTheSwitches(Fabric fabric) {
        return !fabric.eIsProxy() && fabric.getScope() != FabricScope.SCALE_UP && ScheduledSwitches.leavesItToTheSwitches(HardwareMapper.flowControl(fabric),
                FabricSpec.CongestionControl.valueOf(fabric.getCongestionControl().getName()));
    }

    /**
     * The builder lays a tree out by rails only on a rail-optimized network of rail-aligned nodes (NIC k serves
     * accelerator k; {@code TreeSpecs.rails}): a fat-tree's {@code rails} is never read.
     */
    @Check
    public void checkFatTreeRailsNotSimulated(FatTreeTopology tree) {
        if (written(tree, Literals.FAT_TREE_TOPOLOGY__RAILS)) {
            info("A fat-tree's 'rails " + tree.getRails() + "'" + NOT_YET + "a fat-tree puts the nodes' NIC ports on"
                    + " its leaves in node order, whatever their rail; a 'rail-optimized' network builds one leaf group"
                    + " per rail.", tree, Literals.FAT_TREE_TOPOLOGY__RAILS, IssueCodes.RAILS_NOT_SIMULATED);
        }
    }

    /**
     * A rail-optimized network (scale-out or data-centre) of nodes whose NICs are not {@code rail-aligned}: no
     * NIC belongs to a rail, so the builder lays it out as a fat-tree without rails. The cluster's first node
     * group sets the layout, as in the spec the engine runs on.
     */
    @Check
    public void checkClusterRailsNotSimulated(Cluster cluster) {
        Node node = cluster.getGroups().isEmpty() ? null : cluster.getGroups().get(0).getNode();
        if (node == null || node.eIsProxy() || node.getNic() == null || node.isRailAligned()) {
            return;
        }
        Stream.of(cluster.getScaleOut() == null ? null : cluster.getScaleOut().getTopology(),
                cluster.getDataCentre() == null ? null : cluster.getDataCentre().getTopology())
                .filter(Objects::nonNull).filter(RailOptimizedTopology.class::isInstance)
                .map(RailOptimizedTopology.class::cast).filter(rail -> rail.getRails() > 1)
                .forEach(rail -> info("'rails " + rail.getRails() + "'" + NOT_YET + node.getName() + "'s NICs are not"
                        + " 'rail-aligned' (NIC k serving accelerator k), so no NIC belongs to a rail and the network"
                        + " is built as a fat-tree without rails: write 'nics " + node.getNics() + " x "
                        + node.getNic().getName() + " rail-aligned' if they are.", rail,
                        Literals.RAIL_OPTIMIZED_TOPOLOGY__RAILS, IssueCodes.RAILS_NOT_SIMULATED));
    }

    /**
     * A rail-optimized network has at least two switch tiers as built (ClusterTopologies.builtTiers: t + 1 for a
     * stated t &lt; 2): its rail leaves, and the spines that join the rails. A written {@code tiers 1} is built as
     * {@code tiers 2}; a rail-only network (leaves without spines) is not built.
     */
    @Check
    public void checkRailTiersNotSimulated(RailOptimizedTopology rail) {
        if (written(rail, Literals.RAIL_OPTIMIZED_TOPOLOGY__TIERS) && rail.getTiers() == 1) {
            info("A rail-optimized network's 'tiers 1'" + NOT_YET + "it is built with two tiers, its rail leaves and"
                    + " the spines that join the rails (a rail-only network, without spines, is not built), as"
                    + " 'tiers 2' is.", rail, Literals.RAIL_OPTIMIZED_TOPOLOGY__TIERS,
                    IssueCodes.RAIL_TIERS_NOT_SIMULATED);
        }
    }

    @Check
    public void checkScaleUpSwitchesNotSimulated(ScaleUpDomain domain) {
        if (written(domain, Literals.SCALE_UP_DOMAIN__SWITCHES)
                && domain.getTopology() == ScaleUpTopology.FULL_MESH) {
            info("'switches " + domain.getSwitches() + " x ...'" + NOT_YET + "a full mesh links its accelerators"
                    + " directly, pair by pair, through no switch; a 'switched' or 'rack-scale' domain reads the"
                    + " count.", domain, Literals.SCALE_UP_DOMAIN__SWITCHES,
                    IssueCodes.SCALE_UP_SWITCHES_NOT_SIMULATED);
        }
    }

    @Check
    public void checkStudyToleranceNotSimulated(Study study) {
        boolean collective = study.getWorkload() instanceof Benchmark benchmark && benchmark.getExpertParallel() == null;
        if (study.getTolerance() != null && !collective) {
            info("'tolerance'" + NOT_YET + "for this workload: collective benchmarks solve with it; training keeps"
                    + " its own 2 %, serving and expert-parallel kernels solve exactly.", study, Literals.STUDY__TOLERANCE,
                    IssueCodes.TOLERANCE_NOT_SIMULATED);
        }
    }

    /**
     * A {@code kv-transfer} line moves a KV cache from a prefill pool to a decode pool; a deployment without both
     * hands no cache over, so the line changes nothing.
     */
    @Check
    public void checkInferenceKvTransferNotSimulated(Inference inference) {
        boolean written = written(inference, Literals.INFERENCE__KV_TRANSFER)
                || written(inference, Literals.INFERENCE__KV_OVER);
        boolean prefill = inference.getPools().stream().anyMatch(p -> p.getRole() == PoolRole.PREFILL);
        boolean decode = inference.getPools().stream().anyMatch(p -> p.getRole() == PoolRole.DECODE);
        if (written && !(prefill && decode)) {
            info("'kv-transfer'" + NOT_YET + "no pool hands a KV cache to another; it moves the cache from a"
                    + " 'prefill pool' to a 'decode pool', and this deployment does not have both.", inference,
                    written(inference, Literals.INFERENCE__KV_TRANSFER) ? Literals.INFERENCE__KV_TRANSFER
                            : Literals.INFERENCE__KV_OVER, IssueCodes.KV_TRANSFER_NOT_SIMULATED);
        }
    }

    @Check
    public void checkAcceleratorTdpNotSimulated(Accelerator accelerator) {
        if (accelerator.getPower() != null) {
            info("'tdp'" + NOT_YET + "compute runs at its stated efficiency without a power cap, and a cost's"
                    + " 'power' sets the electricity bill.", accelerator, Literals.ACCELERATOR__POWER,
                    IssueCodes.TDP_NOT_SIMULATED);
        }
    }

    /**
     * A rent wins: a cost with {@code accelerator-hour} charges it per accelerator-hour whatever its capital, power
     * and PUE ({@code CostSpec.dollarsPerHour}), which then change no figure.
     */
    @Check
    public void checkCostCapitalNotSimulated(Cost cost) {
        if (cost.getAcceleratorHour() != null
                && (cost.getCapex() != null || cost.getPower() != null || written(cost, Literals.COST__PUE))) {
            info("'capex', 'power' and 'pue'" + NOT_YET + "the cost states a rent, 'accelerator-hour', and a rent is"
                    + " the whole hourly cost (hardware, power and cooling included). Remove the rent to cost the"
                    + " capital plus power, or the others to keep the rent.", cost, null,
                    IssueCodes.CAPITAL_COST_NOT_SIMULATED);
        }
    }
}
