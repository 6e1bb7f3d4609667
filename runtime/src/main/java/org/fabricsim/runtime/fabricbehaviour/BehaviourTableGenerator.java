package org.fabricsim.runtime.fabricbehaviour;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.fabricsim.runtime.Version;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.PacketSettings;

/**
 * The one command that measures the {@link BehaviourTable}: every combination the packet backend
 * simulates (flow control × congestion control none, DCQCN, HPCC, InfiniBand's, receiver-driven pull, scheduled or
 * Ultra Ethernet's as Swift × recovery × routing; trimming with selective repeat only, receiver-driven pull and
 * uec-cc with their own transports only)
 * through {@link
 * BehaviourScenarios}, written with its provenance (date, code version, scenarios) to the path
 * given as the first argument, by default the runtime's resource. Run from the repository root:
 * {@link BehaviourTable#COMMAND}. The second argument, when present, is the code version to record
 * (e.g. {@code $(git rev-parse --short HEAD)}).
 */
public final class BehaviourTableGenerator {
    static final String DEFAULT_PATH = "runtime/src/main/resources/org/fabricsim/runtime/fabricbehaviour/"
            + BehaviourTable.RESOURCE;

    private BehaviourTableGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : DEFAULT_PATH);
        String code = "FabricSim " + Version.NUMBER + (args.length > 1 ? ", commit " + args[1] : "");
        long startNanos = System.nanoTime();
        BehaviourTable table = generate(code);
        Files.writeString(out, table.write(), StandardCharsets.UTF_8);
        System.out.printf("%d behaviours written to %s in %.1f s%n", table.behaviours().size(), out,
                (System.nanoTime() - startNanos) / 1e9);
    }

    /** Measures every combination the packet backend simulates. */
    static BehaviourTable generate(String codeVersion) {
        List<FabricBehaviour> rows = new ArrayList<>();
        for (BehaviourKey.FlowControl flowControl : BehaviourKey.FlowControl.values()) {
            for (CongestionControl cc : PatternRuns.SIMULATED) {
                for (BehaviourKey.Recovery recovery : BehaviourKey.Recovery.values()) {
                    if (!PatternRuns.measurable(new BehaviourKey(flowControl, cc, recovery, RoutingMode.ECMP))) {
                        continue;
                    }
                    double[] u = BehaviourScenarios.utilisation(
                            new BehaviourKey(flowControl, cc, recovery, RoutingMode.ECMP), PacketSettings.DEFAULTS);
                    for (RoutingMode routing : RoutingMode.values()) {
                        rows.add(BehaviourScenarios.measure(new BehaviourKey(flowControl, cc, recovery, routing),
                                PacketSettings.DEFAULTS, u));
                    }
                }
            }
        }
        List<String> provenance = List.of(
                "FabricSim fabric behaviour table: measured by the packet backend, read by the flow model"
                        + " (docs/fabric-behaviour.md)",
                "generated " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " by " + codeVersion,
                "command: " + BehaviourTable.COMMAND,
                "packet backend: PacketConfig.roce defaults at 100 Gb/s (docs/packet-backend.md) with each row's"
                        + " flow control (lossy trimming: tail drop with trimming), recovery, congestion control (uec-cc:"
                        + " Swift) and routing",
                "u<k>m<m>: incast scenarios of k senders, each sending its 1 MiB as m flows (m = "
                        + Arrays.toString(FabricBehaviour.FLOWS_PER_SENDER) + "): " + incastNames(0, 0),
                "u<k>m<m>l4: the same across a leaf uplink, paths of 4 links (HPCC, ib-cc, uec-cc; the others hold"
                        + " the one-switch 1 MiB values): " + incastNames(1, 0),
                "u<k>m<m>b4, u<k>m<m>l4b4: both with 4 MiB per sender (HPCC, ib-cc, uec-cc): " + incastNames(0, 1)
                        + "; " + incastNames(1, 1),
                "multipath (adaptive and spraying rows; 1 under ECMP): " + BehaviourScenarios.PERMUTATION.name(),
                "reorder-onset-mib, reorder-slowdown (go-back-N adaptive and spraying rows beside their selective-repeat"
                        + " twins; Infinity and 1 elsewhere): " + reorderingNames());
        return new BehaviourTable(rows, provenance);
    }

    private static String reorderingNames() {
        List<String> names = new ArrayList<>();
        for (double pairBytes : GoBackNReordering.PAIR_BYTES) {
            names.add(GoBackNReordering.scenario(pairBytes).name());
        }
        return String.join("; ", names);
    }

    private static String incastNames(int pathIndex, int sizeIndex) {
        List<String> names = new ArrayList<>();
        for (int degree : FabricBehaviour.INCAST_DEGREES) {
            for (int flows : FabricBehaviour.FLOWS_PER_SENDER) {
                names.add(BehaviourScenarios.incast(pathIndex, degree, flows, FabricBehaviour.SENDER_BYTES[sizeIndex])
                        .name());
            }
        }
        return String.join("; ", names);
    }
}
