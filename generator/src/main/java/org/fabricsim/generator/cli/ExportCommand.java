package org.fabricsim.generator.cli;

import org.fabricsim.runtime.interop.InfraGraphExport;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fabric export --infragraph}: writes each cluster's built network as an InfraGraph
 * {@code Infrastructure} object ({@link InfraGraphExport}), the input of InfraGraph's {@code
 * set_graph} and of the simulators that read it.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Exports each cluster of the model as the graph FabricSim builds (accelerators, switches, NICs,"
                + " links with their rates and latencies) in InfraGraph " + InfraGraphExport.SCHEMA_VERSION
                + " JSON; writes CLUSTER.infragraph.json beside the model unless -o names the file.")
final class ExportCommand extends PerClusterCommand {
    @Option(names = "--infragraph", required = true, description = "write InfraGraph JSON (the one format so far)")
    boolean infragraph;

    @Override
    String verb() {
        return "export";
    }

    @Override
    String extension() {
        return "infragraph.json";
    }

    @Override
    String render(ClusterSpec cluster) {
        ClusterTopology topology = ClusterTopologies.build(cluster);
        try {
            return InfraGraphExport.write(topology.graph(), cluster.name(), topology.describe());
        } catch (IllegalArgumentException e) {
            throw new UserError(file + ": cluster '" + cluster.name() + "' cannot be exported: " + e.getMessage(),
                    ExitCodes.MODEL_ERRORS);
        }
    }
}
