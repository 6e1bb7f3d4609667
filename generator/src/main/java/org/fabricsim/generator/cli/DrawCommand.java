package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.List;

import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.runtime.picture.ParallelGroupsPicture;
import org.fabricsim.runtime.picture.TopologyPicture;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

import picocli.CommandLine.Command;

/**
 * {@code fabric draw}: writes a cluster's network as SVG (tiers, rails, pods, planes and
 * oversubscription; {@link TopologyPicture}), one file per cluster of the model, and for every
 * training job on a drawn cluster where its TP, CP, PP and DP groups land ({@link ParallelGroupsPicture}).
 */
@Command(name = "draw", mixinStandardHelpOptions = true,
        description = "Draws each cluster of the model as SVG: its switch tiers with counts, links and"
                + " oversubscription, its rails, pods and planes (a large cluster summarized with its counts);"
                + " writes CLUSTER.svg beside the model unless -o names the file, and JOB.svg for each training job"
                + " on a drawn cluster: where its TP, CP, PP and DP groups land.")
final class DrawCommand extends PerClusterCommand {
    @Override
    String verb() {
        return "draw";
    }

    @Override
    String extension() {
        return "svg";
    }

    @Override
    String render(ClusterSpec cluster) {
        return TopologyPicture.render(cluster);
    }

    @Override
    void writeJobFiles(ModelWorkspace workspace, Model model, Path absolute, List<Cluster> clusters) {
        for (Training training : model.getElements().stream().filter(Training.class::isInstance)
                .map(Training.class::cast).filter(t -> clusters.contains(t.getCluster())).toList()) {
            TrainingSpec job = workspace.mapper().toTraining(training);
            write(absolute.resolveSibling(training.getName() + "." + extension()),
                    ParallelGroupsPicture.render(job.name(), job.cluster(), job.parallel()));
        }
    }
}
