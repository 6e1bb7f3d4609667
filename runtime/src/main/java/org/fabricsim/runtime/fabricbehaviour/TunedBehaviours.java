package org.fabricsim.runtime.fabricbehaviour;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.packet.Dcqcn;
import org.fabricsim.runtime.packet.Hpcc;
import org.fabricsim.runtime.packet.IbCc;
import org.fabricsim.runtime.packet.VoqScheduling;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.PacketSettings;

/**
 * The behaviour of a fabric that states its congestion control's parameters (DCQCN's Kmin, Kmax, Pmax and increase
 * timer; HPCC's η, maxStage and R_AI; InfiniBand congestion control's FECN threshold, CCTI_Increase, CCTI_Limit and
 * CCTI_Timer; a scheduled fabric's credit): measured on demand by the packet backend through the same scenarios as
 * the shipped table ({@link BehaviourScenarios}), with those parameters in place of the defaults. The shipped rows
 * are measured at the defaults, so a fabric that states none, or restates the defaults, runs on them unchanged.
 *
 * <p><b>Rate.</b> The scenarios run at {@link TrafficPattern#LINE_BYTES_PER_SECOND} (100 Gb/s); the packet
 * backend's DCQCN thresholds and HPCC's additive increase scale with the line rate ({@link Dcqcn#defaults}, {@link
 * Hpcc#defaults}). A stated value v of such a parameter is carried to the scenarios as v · d(100 Gb/s) / d(r), with
 * d the default at a line rate and r the fabric's link rate: it keeps its ratio to the default, which is what the
 * fabric's own packet run would see (Kmin as a queueing delay, R_AI as a share of the line). The other parameters
 * (Pmax, timers, η, maxStage, IB CC's, the credit) have defaults that do not depend on the rate and are taken as
 * written. A carried value equal to the scenarios' default counts as unstated.
 *
 * <p><b>Cost.</b> Measuring a row is the scenarios' packet runs: 16 incasts (64 for HPCC and ib-cc, {@link
 * BehaviourScenarios#feedbackDelayed}) and one permutation under adaptive routing or spraying, about 0.5 s on one
 * core; a measured row is kept for later calls (the last {@link #KEPT} rows), and the runs are seeded, so the same
 * fabric always gets the same row.
 */
public final class TunedBehaviours {
    /** How many measured rows are kept, least recently used first out. */
    static final int KEPT = 32;

    private static final Map<Measured, FabricBehaviour> ROWS = new LinkedHashMap<>(KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Measured, FabricBehaviour> eldest) {
            return size() > KEPT;
        }
    };

    private record Measured(BehaviourKey key, PacketSettings parameters) {
    }

    private TunedBehaviours() {
    }

    /**
     * The parameters of {@code congestionControl} (the congestion control of the row the fabric runs) that {@code
     * fabric} states, carried to the scenarios' line rate (see the class comment); {@link PacketSettings#DEFAULTS}
     * when it states none or only the defaults. The MTU and the bit-error rate are left out: the flow model reads
     * them on its own (the NIC efficiency's header share, {@code BitErrors}). O(1).
     */
    public static PacketSettings scenarioParameters(FabricSpec fabric, CongestionControl congestionControl) {
        PacketSettings stated = fabric.packet();
        double line = TrafficPattern.LINE_BYTES_PER_SECOND;
        double rate = fabric.linkBytesPerSecond();
        return switch (congestionControl) {
            case DCQCN -> {
                Dcqcn atLine = Dcqcn.defaults(line);
                Dcqcn atRate = Dcqcn.defaults(rate);
                yield new PacketSettings(0, 0,
                        carried(stated.kminBytes(), atLine.kminBytes(), atRate.kminBytes()),
                        carried(stated.kmaxBytes(), atLine.kmaxBytes(), atRate.kmaxBytes()),
                        unlessDefault(stated.pmax(), atLine.pmax()),
                        unlessDefault(stated.increaseTimerPs(), atLine.increaseTimerPs()), 0, 0, 0, 0, 0, 0, 0, 0);
            }
            case HPCC -> {
                Hpcc atLine = Hpcc.defaults(line);
                double additive = stated.hpccAdditiveBytesPerSecond() == 0 ? 0
                        : stated.hpccAdditiveBytesPerSecond() * atLine.additiveBytesPerSecond()
                                / Hpcc.defaults(rate).additiveBytesPerSecond();
                yield new PacketSettings(0, 0, 0, 0, 0, 0, unlessDefault(stated.hpccEta(), atLine.eta()),
                        (int) unlessDefault(stated.hpccMaxStage(), atLine.maxStage()),
                        unlessDefault(additive, atLine.additiveBytesPerSecond()), 0, 0, 0, 0, 0);
            }
            case INFINIBAND -> {
                IbCc defaults = IbCc.defaults();
                yield new PacketSettings(0, 0, 0, 0, 0, 0, 0, 0, 0,
                        unlessDefault(stated.ibCcThresholdBytes(), defaults.thresholdBytes()),
                        (int) unlessDefault(stated.ibCcIncrease(), defaults.cctiIncrease()),
                        (int) unlessDefault(stated.ibCcLimit(), defaults.cctiLimit()),
                        unlessDefault(stated.ibCcTimerPs(), defaults.cctiTimerPs()), 0);
            }
            case SCHEDULED -> new PacketSettings(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    (int) unlessDefault(stated.creditBytes(), VoqScheduling.defaults().creditBytes()));
            default -> PacketSettings.DEFAULTS;
        };
    }

    /** Stated {@code value} carried to the scenarios' rate: v · atLine / atRate, or 0 when unstated or the default. */
    private static long carried(long value, long atLine, long atRate) {
        return value == 0 ? 0 : unlessDefault(Math.round((double) value * atLine / atRate), atLine);
    }

    private static long unlessDefault(long value, long defaultValue) {
        return value == defaultValue ? 0 : value;
    }

    private static double unlessDefault(double value, double defaultValue) {
        return Math.abs(value - defaultValue) <= 1e-9 * defaultValue ? 0 : value;
    }

    /**
     * The behaviour of {@code key} with the congestion-control {@code parameters} ({@link #scenarioParameters}):
     * {@code table}'s row when they are the defaults, else the row the packet backend measures with them
     * (kept; see the class comment). Throws {@link IllegalArgumentException} as {@link BehaviourTable#behaviour}
     * does for a combination the packet backend does not simulate.
     */
    public static FabricBehaviour behaviour(BehaviourKey key, PacketSettings parameters, BehaviourTable table) {
        if (parameters.equals(PacketSettings.DEFAULTS) || !PatternRuns.measurable(key)) {
            return table.behaviour(key);
        }
        Measured measured = new Measured(key, parameters);
        synchronized (ROWS) {
            FabricBehaviour kept = ROWS.get(measured);
            if (kept != null) {
                return kept;
            }
        }
        FabricBehaviour row = BehaviourScenarios.measure(key, parameters,
                BehaviourScenarios.utilisation(key, parameters));
        synchronized (ROWS) {
            ROWS.put(measured, row);
        }
        return row;
    }
}
