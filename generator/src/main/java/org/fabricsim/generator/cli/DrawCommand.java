package org.fabricsim.generator.cli;

import org.fabricsim.runtime.picture.TopologyPicture;
import org.fabricsim.runtime.spec.ClusterSpec;

import picocli.CommandLine.Command;

/**
 * {@code fabric draw}: writes a cluster's network as SVG (tiers, rails, pods, planes and
 * oversubscription; {@link TopologyPicture}), one file per cluster of the model.
 */
@Command(name = "draw", mixinStandardHelpOptions = true,
        description = "Draws each cluster of the model as SVG: its switch tiers with counts, links and"
                + " oversubscription, its rails, pods and planes (a large cluster summarized with its counts);"
                + " writes CLUSTER.svg beside the model unless -o names the file.")
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
}
