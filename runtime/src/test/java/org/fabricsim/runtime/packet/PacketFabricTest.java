package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.FabricSpec.FlowControl;
import org.fabricsim.runtime.spec.PacketSettings;
import org.junit.jupiter.api.Test;

/** What a model states about its fabric reaches the packet backend; what it leaves out keeps the sourced default. */
class PacketFabricTest {

    @Test
    void shouldRunTheRoceDefaultsWhenTheModelStatesNothing() {
        assertEquals(PacketConfig.roce(PacketFixtures.LINE), PacketFabric.ROCE.at(PacketFixtures.LINE));
    }

    @Test
    void shouldTakeEveryStatedSettingInPlaceOfItsDefault() {
        PacketSettings settings = new PacketSettings(2048, 1e-9, 50_000, 200_000, 0.5, 100_000_000L, 0, 0, 0, 0, 0, 0, 0, 0);
        PacketConfig config = new PacketFabric(FlowControl.LOSSY, CongestionControl.DCQCN, 1L << 20, settings)
                .at(PacketFixtures.LINE);
        assertEquals(2048, config.mtuBytes());
        assertEquals(62, config.headerBytes(), "the RoCEv2 headers stay");
        assertEquals(PacketConfig.FlowControl.LOSSY, config.flowControl());
        assertEquals(1L << 20, config.buffer().switchBytes());
        assertEquals(1e-9, config.bitErrorRate());
        assertEquals(PacketConfig.CongestionControl.DCQCN, config.congestionControl());
        assertTrue(config.ecn(), "DCQCN needs ECN marking");
        assertEquals(50_000, config.dcqcn().kminBytes());
        assertEquals(200_000, config.dcqcn().kmaxBytes());
        assertEquals(0.5, config.dcqcn().pmax());
        assertEquals(100_000_000L, config.dcqcn().increaseTimerPs());
        // Not stated: g stays the published 1/256 (Dcqcn.defaults).
        assertEquals(1.0 / 256, config.dcqcn().g());
    }

    @Test
    void shouldRunALosslessCreditBasedFabricOnCreditsAndALosslessOneOnPfc() {
        for (FlowControl credits : new FlowControl[] {FlowControl.CREDIT_BASED, FlowControl.LINK_LEVEL_RETRY}) {
            assertEquals(PacketConfig.FlowControl.CREDIT, flowControl(credits), credits.name());
        }
        assertEquals(PacketConfig.FlowControl.PFC, flowControl(FlowControl.PFC));
        assertEquals(PacketConfig.FlowControl.PFC, flowControl(FlowControl.LOSSLESS), "a bare 'lossless'");
        assertEquals(PacketConfig.FlowControl.LOSSY, flowControl(FlowControl.UNSTATED), "no loss stated");
        assertEquals(PacketConfig.FlowControl.PFC, PacketFabric.ROCE.at(PacketFixtures.LINE).flowControl());
    }

    private static PacketConfig.FlowControl flowControl(FlowControl stated) {
        return new PacketFabric(stated, CongestionControl.NONE, 0, PacketSettings.DEFAULTS).at(PacketFixtures.LINE)
                .flowControl();
    }

    @Test
    void shouldRunInfinibandCongestionControlWithItsStatedParametersInPlaceOfTheDefaults() {
        PacketConfig defaults = new PacketFabric(FlowControl.CREDIT_BASED, CongestionControl.INFINIBAND, 0,
                PacketSettings.DEFAULTS).at(PacketFixtures.LINE);
        assertEquals(PacketConfig.CongestionControl.IB_CC, defaults.congestionControl());
        assertEquals(IbCc.defaults(), defaults.ibCc());
        // Threshold 32 KiB = 32,768 B, CCTI_Increase 2, CCTI_Limit 63, CCTI_Timer 20 × 1.024 µs = 20,480,000 ps;
        // CCTI_Min and the table's shift keep their defaults (0 and 3).
        PacketConfig stated = new PacketFabric(FlowControl.CREDIT_BASED, CongestionControl.INFINIBAND, 0,
                new PacketSettings(0, 0, 0, 0, 0, 0, 0, 0, 0, 32_768, 2, 63, 20_480_000L, 0)).at(PacketFixtures.LINE);
        assertEquals(new IbCc(32_768, 2, 63, 0, 20_480_000L, 3, IbCc.VictimMask.END_NODE_PORTS), stated.ibCc());
        assertFalse(stated.ecn(), "IB CC marks FECN by its own threshold, not DCQCN's ECN");
    }

    @Test
    void shouldCarryTheStatedMtuAtLineRateTimesItsPayloadEfficiency() {
        // MTU 2048: a packet is 2048 + 62 = 2110 wire bytes, T = 2110 / 12.5e9 s = 168,800 ps. As in
        // PacketLineRateTest, N packets back to back over host -> switch -> host finish at (N + 1)·T.
        int packets = 1000;
        PacketConfig config = new PacketFabric(FlowControl.PFC, CongestionControl.NONE, 0,
                new PacketSettings(2048, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).at(PacketFixtures.LINE);
        long finish = PacketFixtures.run(PacketFixtures.star(2), config, new int[][] {{0, 3}},
                new double[] {packets * 2048.0})[0];
        assertEquals((packets + 1) * 168_800L, finish);
    }

    /**
     * A scheduled fabric runs request/grant credits of DNX's 1024-byte credit ({@link VoqScheduling#defaults}) on its
     * stated flow control, with the RoCE NIC's go-back-N: the scheduler is a congestion control, not a transport.
     */
    @Test
    void shouldRunAScheduledFabricAsRequestGrantCreditsOnItsFlowControl() {
        PacketConfig config = new PacketFabric(FlowControl.LOSSY, CongestionControl.SCHEDULED, 0,
                PacketSettings.DEFAULTS).at(PacketFixtures.LINE);
        assertEquals(PacketConfig.CongestionControl.SCHEDULED, config.congestionControl());
        assertEquals(1024, config.scheduling().creditBytes());
        assertEquals(PacketConfig.FlowControl.LOSSY, config.flowControl());
        assertEquals(PacketConfig.Recovery.GO_BACK_N, config.recovery());
        assertEquals(4096, new PacketFabric(FlowControl.LOSSY, CongestionControl.SCHEDULED, 0,
                new PacketSettings(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4096)).at(PacketFixtures.LINE).scheduling()
                        .creditBytes(), "a stated credit replaces the default");
    }
}
