package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.topology.Graph;

/**
 * What the model says about the fabric a packet run simulates: whether it is lossless, its congestion
 * control, the switches' buffer and the fabric's packet settings. {@link #at} turns it into the
 * backend's parameters: the RoCE defaults ({@link PacketConfig#roce}) at the graph's fastest link
 * rate, with every stated value in place of its default.
 *
 * @param flowControl       the fabric's flow control: tail drop when not lossless, link credits when credit-based,
 *                          PFC otherwise ({@link FabricSpec.FlowControl})
 * @param congestionControl the fabric's congestion control; the backend models none, DCQCN, HPCC, InfiniBand's
 *                          ({@code ib-cc}: FECN/BECN, {@link IbCc}), Ultra Ethernet's ({@code uec-cc}: Swift,
 *                          {@link Swift}, as UET's NSCC follows it, with selective repeat and, on a lossy fabric,
 *                          trimming), receiver-driven pull ({@code receiver-driven}: NDP, {@link Pulls}, with the
 *                          same transport) and a scheduled fabric ({@code scheduled}: request/grant virtual output
 *                          queues, {@link VoqScheduler})
 * @param switchBufferBytes the switches' shared buffer, or 0 for the default
 * @param settings          MTU, bit-error rate, DCQCN, HPCC, IB CC and scheduled fabric parameters (0 = default)
 * @param recovery          the fabric's stated recovery, which wins; when {@link FabricSpec.Recovery#UNSTATED},
 *                          selective repeat for the Ultra Ethernet and NDP transports, go-back-N otherwise
 */
public record PacketFabric(FabricSpec.FlowControl flowControl, FabricSpec.CongestionControl congestionControl,
        long switchBufferBytes, PacketSettings settings, FabricSpec.Recovery recovery) {

    /** A lossless fabric without congestion control and with every default: what {@link PacketConfig#roce} runs. */
    public static final PacketFabric ROCE = new PacketFabric(FabricSpec.FlowControl.PFC,
            FabricSpec.CongestionControl.NONE, 0, PacketSettings.DEFAULTS);

    public PacketFabric {
        if (flowControl == null || congestionControl == null || settings == null || recovery == null
                || switchBufferBytes < 0) {
            throw new IllegalArgumentException("a packet fabric needs its flow control, congestion control,"
                    + " settings and recovery");
        }
    }

    /** A fabric that does not state its recovery: the transport's own ({@link FabricSpec.Recovery#UNSTATED}). */
    public PacketFabric(FabricSpec.FlowControl flowControl, FabricSpec.CongestionControl congestionControl,
            long switchBufferBytes, PacketSettings settings) {
        this(flowControl, congestionControl, switchBufferBytes, settings, FabricSpec.Recovery.UNSTATED);
    }

    /** The scale-out {@code fabric} of a cluster whose switches buffer {@code switchBufferBytes} (0 when unknown). */
    public static PacketFabric of(FabricSpec fabric, long switchBufferBytes) {
        return new PacketFabric(fabric.flowControl(), fabric.congestionControl(), switchBufferBytes, fabric.packet(),
                fabric.recovery());
    }

    /**
     * The backend's parameters at {@code graph}'s fastest link rate ({@link #at}), after checking that a run moving
     * {@code totalBytes} over paths of up to {@code maxPathLinks} links fits their {@link RunLimits} ({@link
     * PacketRunTooLargeException} otherwise, from {@link RunEstimate}). O(links).
     */
    PacketConfig checkedAt(Graph graph, double totalBytes, int maxPathLinks) {
        double fastest = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            fastest = Math.max(fastest, graph.linkBytesPerSecond(link));
        }
        PacketConfig config = at(fastest);
        RunEstimate.of(config, graph, totalBytes, 0, maxPathLinks).check(config.limits());
        return config;
    }

    /**
     * The backend's parameters for links of {@code lineBytesPerSecond}: DCQCN's and HPCC's defaults scale with
     * it ({@link Dcqcn#defaults}, {@link Hpcc#defaults}); a stated Kmin, Kmax, Pmax or increase timer, η,
     * maxStage or R_AI, IB CC's threshold, CCTI_Increase, CCTI_Limit or CCTI_Timer, a scheduled fabric's credit
     * replaces its default; the stated virtual lanes split every port's queues. The stated recovery replaces the transport's; trimming (the Ultra Ethernet and NDP
     * transports on a lossy fabric) needs selective repeat ({@link PacketConfig}; the editor rejects go-back-N there).
     */
    public PacketConfig at(double lineBytesPerSecond) {
        PacketConfig config = PacketConfig.roce(lineBytesPerSecond).withVirtualLanes(settings.lanes());
        if (settings.mtuBytes() > 0) {
            config = config.withMtuBytes(settings.mtuBytes());
        }
        if (switchBufferBytes > 0) {
            PacketConfig.Buffer buffer = config.buffer();
            config = config.withBuffer(new PacketConfig.Buffer(switchBufferBytes, buffer.dynamicAlpha(),
                    buffer.pfcReserveBytes(), buffer.pfcResumeOffsetBytes(), buffer.pfcShift(), buffer.creditPackets()));
        }
        PacketConfig.FlowControl mechanism = !flowControl.lossless() ? PacketConfig.FlowControl.LOSSY
                : flowControl.creditBased() ? PacketConfig.FlowControl.CREDIT : PacketConfig.FlowControl.PFC;
        config = withCongestionParameters(config.withFlowControl(mechanism).withBitErrorRate(settings.bitErrorRate()),
                settings).withCongestionControl(modelled(congestionControl));
        // The UE 1.0 and NDP transports: selective retransmission, and packet trimming where the fabric would drop.
        boolean selectiveTransport = congestionControl.trimsAndResendsSelectively();
        boolean selective = recovery == FabricSpec.Recovery.UNSTATED ? selectiveTransport
                : recovery == FabricSpec.Recovery.SELECTIVE_REPEAT;
        return config.withRecovery(selective ? PacketConfig.Recovery.SELECTIVE_REPEAT : PacketConfig.Recovery.GO_BACK_N)
                .withTrimming(selectiveTransport && mechanism == PacketConfig.FlowControl.LOSSY);
    }

    /**
     * {@code config} with every congestion-control parameter {@code settings} states (DCQCN's Kmin, Kmax, Pmax and
     * increase timer, HPCC's η, maxStage and R_AI, IB CC's threshold, CCTI_Increase, CCTI_Limit and CCTI_Timer, a
     * scheduled fabric's credit) in place of the one {@code config} holds; the rest as they are. O(1).
     */
    public static PacketConfig withCongestionParameters(PacketConfig config, PacketSettings settings) {
        return config.withDcqcn(dcqcn(config.dcqcn(), settings)).withHpcc(hpcc(config.hpcc(), settings))
                .withIbCc(ibCc(config.ibCc(), settings))
                .withScheduling(settings.creditBytes() > 0 ? new VoqScheduling(settings.creditBytes()) : config.scheduling());
    }

    private static Dcqcn dcqcn(Dcqcn defaults, PacketSettings settings) {
        return new Dcqcn(settings.kminBytes() > 0 ? settings.kminBytes() : defaults.kminBytes(),
                settings.kmaxBytes() > 0 ? settings.kmaxBytes() : defaults.kmaxBytes(),
                settings.pmax() > 0 ? settings.pmax() : defaults.pmax(), defaults.g(), defaults.alphaIntervalPs(),
                defaults.decreaseIntervalPs(),
                settings.increaseTimerPs() > 0 ? settings.increaseTimerPs() : defaults.increaseTimerPs(),
                defaults.fastRecoverySteps(), defaults.additiveBytesPerSecond(), defaults.hyperBytesPerSecond(),
                defaults.minBytesPerSecond(), defaults.cnpIntervalPs());
    }

    private static Hpcc hpcc(Hpcc defaults, PacketSettings settings) {
        return new Hpcc(settings.hpccEta() > 0 ? settings.hpccEta() : defaults.eta(),
                settings.hpccMaxStage() > 0 ? settings.hpccMaxStage() : defaults.maxStage(),
                settings.hpccAdditiveBytesPerSecond() > 0 ? settings.hpccAdditiveBytesPerSecond()
                        : defaults.additiveBytesPerSecond(), defaults.minBytesPerSecond());
    }

    private static IbCc ibCc(IbCc defaults, PacketSettings settings) {
        return new IbCc(settings.ibCcThresholdBytes() > 0 ? settings.ibCcThresholdBytes() : defaults.thresholdBytes(),
                settings.ibCcIncrease() > 0 ? settings.ibCcIncrease() : defaults.cctiIncrease(),
                settings.ibCcLimit() > 0 ? settings.ibCcLimit() : defaults.cctiLimit(), defaults.cctiMin(),
                settings.ibCcTimerPs() > 0 ? settings.ibCcTimerPs() : defaults.cctiTimerPs(), defaults.cctShift(),
                defaults.victimMask());
    }

    /**
     * The backend's model of {@code congestionControl} as written (none, DCQCN, HPCC, ib-cc as {@link IbCc}, uec-cc
     * as Swift, receiver-driven as NDP's pull, scheduled as {@link VoqScheduler}'s request/grant credits).
     */
    public static PacketConfig.CongestionControl modelled(FabricSpec.CongestionControl congestionControl) {
        return switch (congestionControl) {
            case NONE -> PacketConfig.CongestionControl.NONE;
            case DCQCN -> PacketConfig.CongestionControl.DCQCN;
            case HPCC -> PacketConfig.CongestionControl.HPCC;
            case INFINIBAND -> PacketConfig.CongestionControl.IB_CC;
            case RECEIVER_DRIVEN -> PacketConfig.CongestionControl.NDP;
            case ULTRA_ETHERNET -> PacketConfig.CongestionControl.SWIFT;
            case SCHEDULED -> PacketConfig.CongestionControl.SCHEDULED;
        };
    }
}
