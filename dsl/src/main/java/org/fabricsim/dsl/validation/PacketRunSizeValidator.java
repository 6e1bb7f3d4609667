package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import java.util.Collections;
import java.util.Locale;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.NetworkBackend;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.packet.RunEstimate;
import org.fabricsim.runtime.packet.RunLimits;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.spec.ScaleOutSpec;

import com.google.inject.Inject;

/**
 * A collective benchmark on the packet backend ({@code network packet} on the benchmark or its study) whose largest
 * message is more packets of the fabric's MTU than the backend's run limit of packet-hops ({@link RunLimits#defaults},
 * 2·10⁹). A run moves at least its message (a send/recv or a collective of two ranks exactly that, more ranks more;
 * docs/packet-backend.md, 'Run size'), each packet over at least one link, so the run would be refused when it starts
 * ({@link RunEstimate#check}); one flow also holds at most {@link RunEstimate#MAX_PACKETS_PER_FLOW} packets. Within
 * the 1 TiB a size may be ({@link BenchmarkSizesValidator}) only an MTU below 550 B reaches the limit. A collective of
 * user-defined phases is left to the run: a phase may move a share of the message.
 */
public class PacketRunSizeValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkBenchmarkPacketRunSize(Benchmark benchmark) {
        if (written(benchmark, Literals.BENCHMARK__NETWORK) && benchmark.getNetwork() == NetworkBackend.PACKET) {
            check(benchmark, benchmark, Literals.BENCHMARK__NETWORK);
        }
    }

    @Check
    public void checkStudyPacketRunSize(Study study) {
        if (written(study, Literals.STUDY__NETWORK) && study.getNetwork() == NetworkBackend.PACKET
                && study.getWorkload() instanceof Benchmark benchmark) {
            check(benchmark, study, Literals.STUDY__NETWORK);
        }
    }

    private void check(Benchmark benchmark, EObject owner, EStructuralFeature feature) {
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        if (spec == null || !spec.phases().isEmpty() || spec.ranks() < 2) {
            return;
        }
        long largestBytes = Collections.max(spec.sizesBytes());
        int mtuBytes = mtuBytes(spec);
        double packets = Math.ceil((double) largestBytes / mtuBytes);
        long limit = RunLimits.defaults().maxPacketHops();
        if (packets > limit) {
            error(String.format(Locale.ROOT, "At the fabric's %d B MTU the %.4g GiB message is %.3g packets, each"
                    + " crossing at least one link: more than the packet backend's limit of %.3g packet-hops per run,"
                    + " which it refuses before starting (docs/packet-backend.md, 'Run size'). Write sizes up to"
                    + " %.4g GiB, a larger 'mtu' on the fabric, or 'network flow'.", mtuBytes,
                    largestBytes / (double) (1L << 30), packets, (double) limit,
                    limit * (double) mtuBytes / (1L << 30)), owner, feature, IssueCodes.SIZE_TOO_LARGE);
        }
    }

    /** The MTU the benchmark's packet run uses: its scale-out fabric's, or the backend's default. */
    private static int mtuBytes(CollectiveBenchmarkSpec spec) {
        ScaleOutSpec scaleOut = spec.routedCluster().scaleOut();
        int stated = scaleOut == null ? 0 : scaleOut.fabric().packet().mtuBytes();
        return stated > 0 ? stated : PacketSettings.DEFAULT_MTU_BYTES;
    }
}
