package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.picture.TopologyPicture;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fabric draw}: writes a cluster's network as SVG (tiers, rails, pods, planes and
 * oversubscription; {@link TopologyPicture}), one file per cluster of the model.
 */
@Command(name = "draw", mixinStandardHelpOptions = true,
        description = "Draws each cluster of the model as SVG: its switch tiers with counts, links and"
                + " oversubscription, its rails, pods and planes (a large cluster summarized with its counts);"
                + " writes CLUSTER.svg beside the model unless -o names the file.")
final class DrawCommand implements Callable<Integer> {
    @Parameters(paramLabel = "MODEL", description = "the .fabric model")
    Path file;

    @Option(names = "--cluster", paramLabel = "NAME", description = "draw only this cluster (simple or qualified name)")
    String clusterName;

    @Option(names = { "-o", "--output" }, paramLabel = "FILE", description = "the SVG file (one cluster only)")
    Path output;

    @Option(names = "--force", description = "replace existing output files")
    boolean force;

    @Option(names = "--workspace", paramLabel = "DIR", description = "the folder whose models imports resolve against")
    Path workspaceRoot;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path absolute = ModelWorkspace.requireModelFile(file).toAbsolutePath().normalize();
        ModelWorkspace workspace = FabricCli.loadValid(List.of(absolute), workspaceRoot, spec.commandLine().getErr());
        Model model = workspace.models().get(absolute);
        List<Cluster> clusters = model == null ? List.of() : model.getElements().stream()
                .filter(Cluster.class::isInstance).map(Cluster.class::cast)
                .filter(c -> clusterName == null || c.getName().equals(clusterName)
                        || qualified(model, c).equals(clusterName))
                .toList();
        if (clusters.isEmpty()) {
            throw new UserError(file + ": no cluster" + (clusterName == null ? "" : " named '" + clusterName + "'")
                    + " to draw; add a cluster, or name one the model defines", ExitCodes.MODEL_ERRORS);
        }
        if (output != null && clusters.size() > 1) {
            throw new UserError(file + " defines " + clusters.size() + " clusters but -o names one file; choose one"
                    + " with --cluster", ExitCodes.USAGE);
        }
        for (Cluster cluster : clusters) {
            Path target = output != null ? output : absolute.resolveSibling(cluster.getName() + ".svg");
            OutputFiles.write(target, TopologyPicture.render(workspace.mapper().toCluster(cluster)), force);
            spec.commandLine().getOut().println(target);
        }
        return ExitCodes.OK;
    }

    private static String qualified(Model model, Cluster cluster) {
        return model.getName() == null ? cluster.getName() : model.getName() + "." + cluster.getName();
    }
}
