package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/** Which links belong to the scale-up fabric, where no congestion control or flow-control loss applies. */
final class ScaleUpLinks {

    private ScaleUpLinks() {
    }

    /**
     * Per link handle, whether it belongs to the scale-up fabric: an accelerator-to-accelerator link, or an
     * accelerator's own port into a switched scale-up domain. The flow control never derates these. O(links).
     */
    static boolean[] of(ClusterTopology topology) {
        Graph graph = topology.graph();
        boolean[] scaleUp = new boolean[graph.linkCount()];
        for (int link = 0; link < scaleUp.length; link++) {
            scaleUp[link] = graph.nodeKind(graph.linkFrom(link)) == Graph.ACCELERATOR
                    && graph.nodeKind(graph.linkTo(link)) == Graph.ACCELERATOR;
        }
        if (topology.scaleUpKind() == ScaleUpParameters.Kind.SWITCHED) {
            for (int accelerator = 0; accelerator < topology.accelerators(); accelerator++) {
                scaleUp[topology.scaleUpUplink(accelerator)] = true;
                scaleUp[topology.scaleUpDownlink(accelerator)] = true;
            }
        }
        return scaleUp;
    }
}
