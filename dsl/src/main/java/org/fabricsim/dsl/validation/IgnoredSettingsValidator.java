package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import java.util.stream.Collectors;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FabricScope;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Switch;

/**
 * Settings the language records but the simulation engine does not read yet: each says so with an
 * info on the setting, naming what it does not change and what the engine assumes instead. Every
 * other setting changes the spec the engine runs on or feeds a design check. When the engine starts
 * reading one of these settings, its check here goes.
 */
public class IgnoredSettingsValidator extends FabricCheck {
    private static final String NOT_YET = " is recorded but does not change simulated results yet: ";

    @Check
    public void checkFabricCongestionControlNotSimulated(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__CONGESTION_CONTROL)) {
            info("'congestion-control " + fabric.getCongestionControl().getLiteral() + "'" + NOT_YET
                    + "the flow model shares every link max-min fairly, as ideal congestion control would.", fabric,
                    Literals.FABRIC__CONGESTION_CONTROL, IssueCodes.CONGESTION_CONTROL_NOT_SIMULATED);
        }
    }

    @Check
    public void checkFabricLossNotSimulated(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__LOSS)) {
            String flowControl = written(fabric, Literals.FABRIC__FLOW_CONTROL)
                    ? " " + fabric.getFlowControl().getLiteral() : "";
            info("'" + fabric.getLoss().getLiteral() + flowControl + "'" + NOT_YET
                    + "the flow model never drops a packet and never pauses a link.", fabric, Literals.FABRIC__LOSS,
                    IssueCodes.LOSS_NOT_SIMULATED);
        }
    }

    @Check
    public void checkFabricRoutingNotSimulated(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__ROUTING)) {
            String policies = fabric.getRouting().stream().map(RoutingPolicy::getLiteral)
                    .collect(Collectors.joining(", "));
            info("The fabric's 'routing " + policies + "'" + NOT_YET + "a cluster's topology chooses how flows are"
                    + " routed ('routing adaptive' inside its 'scale-out' topology block; ECMP when absent).", fabric,
                    Literals.FABRIC__ROUTING, IssueCodes.FABRIC_ROUTING_NOT_SIMULATED);
        }
    }

    @Check
    public void checkSwitchBufferNotSimulated(Switch switchType) {
        if (switchType.getBuffer() != null) {
            info("A switch's 'buffer'" + NOT_YET + "the flow model has no queues, so buffers never fill or drop.",
                    switchType, Literals.SWITCH__BUFFER, IssueCodes.SWITCH_BUFFER_NOT_SIMULATED);
        }
    }

    @Check
    public void checkSwitchScheduledNotSimulated(Switch switchType) {
        if (switchType.isScheduled()) {
            info("'scheduled'" + NOT_YET + "every switch shares its links max-min fairly, scheduled or not.",
                    switchType, Literals.SWITCH__SCHEDULED, IssueCodes.SWITCH_SCHEDULED_NOT_SIMULATED);
        }
    }

    @Check
    public void checkSwitchLatencyNotSimulated(Switch switchType) {
        if (switchType.getLatency() != null) {
            info("A switch's 'latency'" + NOT_YET + "each hop takes the latency of its fabric's link"
                    + " ('link ... latency' in the fabric) and of the NIC; give the fabric the hop latency.",
                    switchType, Literals.SWITCH__LATENCY, IssueCodes.SWITCH_LATENCY_NOT_SIMULATED);
        }
    }

    @Check
    public void checkScaleUpSwitchesNotSimulated(ScaleUpDomain domain) {
        if (written(domain, Literals.SCALE_UP_DOMAIN__SWITCHES)) {
            info("'switches " + domain.getSwitches() + " x ...'" + NOT_YET + "a switched domain is one non-blocking"
                    + " switch; only whether its switch type reduces in the network counts.", domain,
                    Literals.SCALE_UP_DOMAIN__SWITCHES, IssueCodes.SCALE_UP_SWITCHES_NOT_SIMULATED);
        }
    }

    @Check
    public void checkScaleUpFabricEfficiencyNotSimulated(Fabric fabric) {
        if (fabric.getEfficiency() != null && fabric.getScope() == FabricScope.SCALE_UP) {
            info("A scale-up fabric's 'efficiency'" + NOT_YET + "scale-up links run at the accelerator's"
                    + " 'scale-up-efficiency' (or the profile's NVLink efficiency); only a scale-out fabric's counts.",
                    fabric, Literals.FABRIC__EFFICIENCY, IssueCodes.SCALE_UP_EFFICIENCY_NOT_SIMULATED);
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

    @Check
    public void checkAcceleratorTdpNotSimulated(Accelerator accelerator) {
        if (accelerator.getPower() != null) {
            info("'tdp'" + NOT_YET + "compute runs at its stated efficiency without a power cap, and a cost's"
                    + " 'power' sets the electricity bill.", accelerator, Literals.ACCELERATOR__POWER,
                    IssueCodes.TDP_NOT_SIMULATED);
        }
    }
}
