package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.List;

import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.spec.ClusterSpec;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A command that writes one file per cluster of a valid model ({@code draw}, {@code export}): every
 * cluster, or the one {@code --cluster} names; CLUSTER.EXTENSION beside the model unless {@code -o}
 * names the file.
 */
abstract class PerClusterCommand extends ModelCommand {
    @Parameters(paramLabel = "MODEL", description = "the .fabric model")
    Path file;

    @Option(names = "--cluster", paramLabel = "NAME", description = "only this cluster (simple or qualified name)")
    String clusterName;

    @Option(names = { "-o", "--output" }, paramLabel = "FILE", description = "the output file (one cluster only)")
    Path output;

    @Option(names = "--force", description = "replace existing output files")
    boolean force;

    /** What the command does with a cluster, for messages ("draw"). */
    abstract String verb();

    /** The extension of the file written beside the model ("svg"). */
    abstract String extension();

    /** The text written for {@code cluster}. */
    abstract String render(ClusterSpec cluster);

    @Override
    public Integer call() {
        // Diagnostics name the file as typed, as validate's do; files are written beside its absolute path.
        Path typed = ModelWorkspace.requireModelFile(file);
        Path absolute = typed.toAbsolutePath().normalize();
        ModelWorkspace workspace = loadValid(List.of(typed));
        Model model = workspace.models().get(typed);
        List<Cluster> clusters = model == null ? List.of() : model.getElements().stream()
                .filter(Cluster.class::isInstance).map(Cluster.class::cast)
                .filter(c -> clusterName == null || c.getName().equals(clusterName)
                        || qualified(model, c).equals(clusterName))
                .toList();
        if (clusters.isEmpty()) {
            throw new UserError(file + ": no cluster" + (clusterName == null ? "" : " named '" + clusterName + "'")
                    + " to " + verb() + "; add a cluster, or name one the model defines", ExitCodes.MODEL_ERRORS);
        }
        if (output != null && clusters.size() > 1) {
            throw new UserError(file + " defines " + clusters.size() + " clusters but -o names one file; choose one"
                    + " with --cluster", ExitCodes.USAGE);
        }
        for (Cluster cluster : clusters) {
            Path target = output != null ? output : absolute.resolveSibling(cluster.getName() + "." + extension());
            write(target, render(workspace.mapper().toCluster(cluster)));
        }
        if (output == null) {
            writeJobFiles(workspace, model, absolute, clusters);
        }
        return ExitCodes.OK;
    }

    /**
     * Files beside the model for the jobs on {@code clusters}, when no {@code -o} names the one
     * output; none unless a command says otherwise.
     */
    void writeJobFiles(ModelWorkspace workspace, Model model, Path absolute, List<Cluster> clusters) {
    }

    /** Writes {@code text} to {@code target} as this command's options allow and prints the path. */
    void write(Path target, String text) {
        OutputFiles.write(target, text, force);
        spec.commandLine().getOut().println(target);
    }

    private static String qualified(Model model, Cluster cluster) {
        return model.getName() == null ? cluster.getName() : model.getName() + "." + cluster.getName();
    }
}
