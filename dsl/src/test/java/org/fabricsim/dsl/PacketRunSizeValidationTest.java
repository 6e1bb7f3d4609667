package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A collective benchmark on the packet backend whose largest message is more packets of the fabric's MTU than the
 * backend's 2·10⁹ packet-hops per run: the run would be refused when it starts, so the editor says so.
 */
class PacketRunSizeValidationTest extends FabricModelTest {

    /** A benchmark of {@code sizes} with {@code network} on a cluster whose scale-out fabric has {@code mtu}. */
    private Model benchmark(String mtu, String sizes, String network) throws Exception {
        return parser.parse("""
                package p
                import fabric.catalog.nvidia.*
                vendor Acme
                fabric F { vendor Acme scope scale-out open-standard link 400 Gb/s latency 1 us lossless pfc %s }
                nic Card { vendor Acme ports 1 x 400 Gb/s speaks F }
                node N { accelerators 8 x H100_SXM nics 8 x Card rail-aligned }
                cluster C { nodes 2 x N scale-out F single-switch }
                benchmark Sweep { all-reduce ring on C sizes %s %s }
                """.formatted(mtu, sizes, network));
    }

    private Set<String> codes(Model model) {
        return validation.validate(model).stream().map(Issue::getCode).collect(Collectors.toSet());
    }

    @Test
    void shouldRejectAPacketRunOfMorePacketsThanItsHopLimitAtASmallMtu() throws Exception {
        // 512 GiB / 256 B = 2^31 = 2.147e9 packets > 2e9; the largest size that fits: 2e9 × 256 B = 476.8 GiB.
        validation.assertError(benchmark("mtu 256 B", "1 GiB, 512 GiB", "network packet"), Literals.BENCHMARK,
                IssueCodes.SIZE_TOO_LARGE, "At the fabric's 256 B MTU the 512.0 GiB message is 2.15e+09 packets",
                "Write sizes up to 476.8 GiB");
        // A sweep's largest size counts: 1 GiB × 2^9 = 512 GiB ≤ 1 TiB.
        validation.assertError(benchmark("mtu 256 B", "1 GiB to 1 TiB factor 512", "network packet"),
                Literals.BENCHMARK, IssueCodes.SIZE_TOO_LARGE, "512.0 GiB message");
    }

    @Test
    void shouldAcceptAPacketRunWithinItsHopLimitOrOnTheFlowModel() throws Exception {
        // 476 GiB / 256 B = 1.997e9 packets ≤ 2e9: the model validates with no error at all.
        validation.assertNoErrors(benchmark("mtu 256 B", "476 GiB", "network packet"));
        // The default 4096 B MTU: 1 TiB / 4096 B = 2.7e8 packets.
        assertFalse(codes(benchmark("", "1 TiB", "network packet")).contains(IssueCodes.SIZE_TOO_LARGE));
        assertFalse(codes(benchmark("mtu 256 B", "1 TiB", "network flow")).contains(IssueCodes.SIZE_TOO_LARGE));
        assertFalse(codes(benchmark("mtu 256 B", "1 TiB", "")).contains(IssueCodes.SIZE_TOO_LARGE));
    }

    @Test
    void shouldRejectAStudyThatRunsTheBenchmarkOnThePacketBackend() throws Exception {
        Model model = parser.parse("""
                package p
                import fabric.catalog.nvidia.*
                vendor Acme
                fabric F { vendor Acme scope scale-out open-standard link 400 Gb/s latency 1 us lossless pfc mtu 256 B }
                nic Card { vendor Acme ports 1 x 400 Gb/s speaks F }
                node N { accelerators 8 x H100_SXM nics 8 x Card rail-aligned }
                cluster C { nodes 2 x N scale-out F single-switch }
                benchmark Sweep { all-reduce ring on C sizes 1 TiB }
                study S { simulate Sweep network packet }
                """);
        // 1 TiB / 256 B = 2^32 = 4.29e9 packets.
        validation.assertError(model, Literals.STUDY, IssueCodes.SIZE_TOO_LARGE,
                "1024 GiB message is 4.29e+09 packets");
    }
}
