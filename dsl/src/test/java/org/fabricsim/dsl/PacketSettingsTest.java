package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Diagnostic;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.PacketSettings;
import org.junit.jupiter.api.Test;

/** A fabric's packet settings: what they map to, the ranges the editor enforces, and the info that only packet runs read them. */
class PacketSettingsTest extends FabricModelTest {

    /** A scale-out fabric with {@code extra} inside its block. */
    private Model fabric(String extra) throws Exception {
        return parser.parse("""
                vendor V
                fabric F {
                    vendor V
                    scope scale-out
                    open-standard
                    link 400 Gb/s latency 1 us
                    %s
                }
                """.formatted(extra));
    }

    /** The packet settings the mapper gives fabric {@code F} with {@code extra}, through a cluster on it. */
    private PacketSettings mapped(String extra) throws Exception {
        Model model = parser.parse("""
                package p
                import fabric.catalog.nvidia.*
                fabric F { vendor NVIDIA scope scale-out open-standard link 400 Gb/s %s }
                node N { accelerators 8 x H100_SXM nics 8 x ConnectX7 rail-aligned }
                cluster C { nodes 2 x N scale-out F single-switch }
                """.formatted(extra));
        List<Cluster> clusters = EcoreUtil2.typeSelect(model.getElements(), Cluster.class);
        return mapper.toCluster(clusters.get(0)).scaleOut().fabric().packet();
    }

    @Test
    void shouldMapEveryPacketSettingInBaseUnits() throws Exception {
        PacketSettings settings = mapped("""
                lossless credit-based
                mtu 2 KiB
                bit-error-rate 2.5e-12
                congestion-control dcqcn { kmin 100 KB kmax 400 KB pmax 20 % increase-timer 300 us }
                """);
        // 2 KiB = 2048 B; 100 KB = 100,000 B; 20 % = 0.2; 300 us = 3e8 ps.
        assertEquals(new PacketSettings(2048, 2.5e-12, 100_000, 400_000, 0.2, 300_000_000L, 0, 0, 0, 0, 0, 0, 0, 0), settings);
    }

    @Test
    void shouldLeaveUnwrittenSettingsAtTheBackendsDefaults() throws Exception {
        assertEquals(PacketSettings.DEFAULTS, mapped("lossless pfc"));
    }

    @Test
    void shouldSayThatOnlyThePacketBackendReadsAnMtuBesideAStatedEfficiency() throws Exception {
        validation.assertIssue(fabric("mtu 4096 B efficiency 90 %"), Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING,
                Severity.INFO, "'mtu' is read by the packet backend only");
        validation.assertNoIssue(fabric(""), Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING);
    }

    @Test
    void shouldStayQuietOnAnMtuAndABitErrorRateTheFlowModelReads() throws Exception {
        validation.assertNoIssue(fabric("mtu 1024 B"), Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING);
        validation.assertNoIssue(fabric("bit-error-rate 1e-12"), Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING);
    }

    @Test
    void shouldScaleTheNicEfficiencyByTheMtusHeaderShare() throws Exception {
        // (1024 / 1086) / (4096 / 4158) = 0.942910 / 0.985089 = 0.957182; 9216 B: 0.993317 / 0.985089 = 1.008353.
        assertEquals(0.957182, mapped("mtu 1024 B").headerShareAgainstDefault(), 1e-6);
        assertEquals(1.008353, mapped("mtu 9216 B").headerShareAgainstDefault(), 1e-6);
        assertEquals(1.0, mapped("mtu 4096 B").headerShareAgainstDefault());
        assertEquals(1.0, mapped("").headerShareAgainstDefault());
    }

    @Test
    void shouldRefuseAnMtuOutsideWhatFabricsCarry() throws Exception {
        validation.assertError(fabric("mtu 16 KiB"), Literals.FABRIC, IssueCodes.PACKET_SETTING_RANGE,
                "An MTU of 16384 B is outside what fabrics carry: write 256 B to 9216 B");
        validation.assertError(fabric("mtu 128 B"), Literals.FABRIC, IssueCodes.PACKET_SETTING_RANGE);
        validation.assertNoErrors(fabric("mtu 9216 B"), Literals.FABRIC, IssueCodes.PACKET_SETTING_RANGE);
    }

    @Test
    void shouldRefuseABitErrorRateThePacketBackendCannotFinishOrThatIsNotANumber() throws Exception {
        validation.assertError(fabric("bit-error-rate 1e-3"), Literals.FABRIC, IssueCodes.PACKET_SETTING_RANGE,
                "'bit-error-rate 1e-3' is not a rate the packet backend simulates");
        // '1x' is a syntax error at the 'x', which the range check no longer repeats (no follow-on noise, session 67).
        List<String> errors = validation.validate(fabric("bit-error-rate 1x")).stream()
                .filter(issue -> issue.getSeverity() == Severity.ERROR).map(Issue::getCode).toList();
        assertEquals(List.of(Diagnostic.SYNTAX_DIAGNOSTIC), errors);
        validation.assertNoErrors(fabric("bit-error-rate 0.000001"), Literals.FABRIC, IssueCodes.PACKET_SETTING_RANGE);
    }

    @Test
    void shouldRefuseDcqcnParametersOutOfOrderOrOnAnotherCongestionControl() throws Exception {
        validation.assertError(fabric("congestion-control dcqcn { kmin 400 KB kmax 100 KB }"),
                Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE, "Kmin must be below Kmax");
        validation.assertError(fabric("congestion-control dcqcn { pmax 150 % }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "at most 100 %");
        validation.assertError(fabric("congestion-control hpcc { kmin 1 KB }"), Literals.FABRIC,
                IssueCodes.PACKET_SETTING_RANGE, "are DCQCN's");
        Model valid = fabric("congestion-control dcqcn { kmin 100 KB kmax 400 KB pmax 20 % increase-timer 300 us }");
        validation.assertNoErrors(valid, Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE);
        // The flow model runs the fabric on the row the packet backend measures with them: no packet-only info.
        validation.assertNoIssue(valid, Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING);
    }

    @Test
    void shouldMapHpccsParametersInBaseUnits() throws Exception {
        PacketSettings settings = mapped("congestion-control hpcc { eta 90 % max-stage 3 additive-increase 160 Mb/s }");
        // 90 % = 0.9; 160 Mb/s = 20,000,000 B/s.
        assertEquals(new PacketSettings(0, 0, 0, 0, 0, 0, 0.9, 3, 20e6, 0, 0, 0, 0, 0), settings);
    }

    @Test
    void shouldRefuseHpccParametersOutOfRangeOrOnAnotherCongestionControl() throws Exception {
        validation.assertError(fabric("congestion-control hpcc { eta 120 % }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "eta is HPCC's target utilisation");
        validation.assertError(fabric("congestion-control hpcc { eta 0 % }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "eta is HPCC's target utilisation");
        validation.assertError(fabric("congestion-control hpcc { max-stage 0 }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "write 1 to 100");
        validation.assertError(fabric("congestion-control hpcc { max-stage 101 }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "write 1 to 100");
        // The link is 400 Gb/s: an additive increase of 400 Gb/s is not below it.
        validation.assertError(fabric("congestion-control hpcc { additive-increase 400 Gb/s }"),
                Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE, "less than the link rate");
        validation.assertError(fabric("congestion-control dcqcn { eta 95 % }"), Literals.FABRIC,
                IssueCodes.PACKET_SETTING_RANGE, "are HPCC's");
        Model valid = fabric("congestion-control hpcc { eta 95 % max-stage 5 additive-increase 160 Mb/s }");
        validation.assertNoErrors(valid, Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE);
        validation.assertNoErrors(valid, Literals.FABRIC, IssueCodes.PACKET_SETTING_RANGE);
        // The flow model runs the fabric on the row the packet backend measures with them: no packet-only info.
        validation.assertNoIssue(valid, Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING);
        validation.assertNoErrors(fabric("congestion-control hpcc { max-stage 100 eta 100 % }"),
                Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE);
    }

    @Test
    void shouldMapInfinibandCongestionControlsParametersInBaseUnits() throws Exception {
        PacketSettings settings = mapped(
                "congestion-control ib-cc { fecn-threshold 32 KiB ccti-increase 2 ccti-limit 63 ccti-timer 20.48 us }");
        // 32 KiB = 32,768 B; 20.48 us = 20 × 1.024 us = 20,480,000 ps.
        assertEquals(new PacketSettings(0, 0, 0, 0, 0, 0, 0, 0, 0, 32_768, 2, 63, 20_480_000L, 0), settings);
    }

    @Test
    void shouldRefuseInfinibandCongestionControlParametersOutOfRangeOrOnAnotherCongestionControl() throws Exception {
        validation.assertError(fabric("congestion-control ib-cc { ccti-increase 0 }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "write 1 to 255");
        validation.assertError(fabric("congestion-control ib-cc { ccti-increase 256 }"),
                Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE, "write 1 to 255");
        validation.assertError(fabric("congestion-control ib-cc { ccti-limit 16384 }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "write 1 to 16383");
        validation.assertError(fabric("congestion-control ib-cc { ccti-limit 0 }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "write 1 to 16383");
        // 65,535 × 1.024 us = 67.10784 ms is the largest timer: 68 ms is over it.
        validation.assertError(fabric("congestion-control ib-cc { ccti-timer 68 ms }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "at most 67.1 ms");
        validation.assertError(fabric("congestion-control ib-cc { fecn-threshold 0 B }"),
                Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE, "more than 0 B");
        validation.assertError(fabric("congestion-control dcqcn { ccti-limit 127 }"), Literals.FABRIC,
                IssueCodes.PACKET_SETTING_RANGE, "are InfiniBand congestion control's");
        Model valid = fabric("""
                lossless credit-based
                congestion-control ib-cc { fecn-threshold 64 KiB ccti-increase 255 ccti-limit 16383 ccti-timer 67 ms }
                """);
        validation.assertNoErrors(valid, Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE);
        validation.assertNoErrors(valid, Literals.FABRIC, IssueCodes.PACKET_SETTING_RANGE);
        // The flow model runs the fabric on the row the packet backend measures with them: no packet-only info.
        validation.assertNoIssue(valid, Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING);
    }

    @Test
    void shouldMapAScheduledFabricsCreditInBytes() throws Exception {
        // 4 KiB = 4,096 B.
        assertEquals(new PacketSettings(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4096),
                mapped("congestion-control scheduled { credit 4 KiB }"));
    }

    @Test
    void shouldRefuseAScheduledFabricsCreditOutOfRangeOrOnAnotherCongestionControl() throws Exception {
        validation.assertError(fabric("congestion-control scheduled { credit 0 B }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "write from 1 B to 16 KiB");
        // 16 KiB = 16,384 B is the largest credit: 16,385 B is over it.
        validation.assertError(fabric("congestion-control scheduled { credit 16385 B }"),
                Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE, "write from 1 B to 16 KiB");
        validation.assertError(fabric("congestion-control dcqcn { credit 1 KiB }"), Literals.CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE, "is a scheduled fabric's egress credit");
        Model valid = fabric("lossless credit-based congestion-control scheduled { credit 16 KiB }");
        validation.assertNoErrors(valid, Literals.CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE);
        // The flow model runs the fabric on the row the packet backend measures with them: no packet-only info.
        validation.assertNoIssue(valid, Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING);
    }
}
