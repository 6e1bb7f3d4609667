package org.fabricsim.generator.cli;

import java.util.List;

import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudyRunner;

/** {@code simulate --network flow|packet|analytical}: the network model every collective benchmark of a run uses. */
final class NetworkOption {
    private NetworkOption() {
    }

    /**
     * {@code programs} on the {@code network} model when it is given (null: as written): it must be a known
     * model, and a model other than flow needs programs that simulate collective benchmarks only.
     */
    static List<StudySpec> apply(String network, List<StudySpec> programs) {
        if (network == null) {
            return programs;
        }
        NetworkKind kind = NetworkKind.ofLabel(network).orElseThrow(() -> new UserError("--network takes"
                + " 'flow', 'packet' or 'analytical', not '" + network + "'", ExitCodes.USAGE));
        for (StudySpec program : programs) {
            for (WorkloadSpec workload : program.workloads()) {
                if (kind != NetworkKind.MAX_MIN && !(workload instanceof CollectiveBenchmarkSpec)) {
                    throw new UserError("--network " + network + " runs collective benchmarks only, and '"
                            + program.name() + "' simulates " + StudyRunner.kind(workload) + "; choose a"
                            + " collective benchmark with --study, or leave --network out", ExitCodes.USAGE);
                }
            }
        }
        return programs.stream().map(program -> program.withNetwork(kind)).toList();
    }
}
