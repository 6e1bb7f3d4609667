package org.fabricsim.runtime.topology;

/**
 * A built cluster with one part failed or slowed: a re-routable cable or switch of the scale-out
 * fabric down (its links stay in the graph and carry nothing, so link handles stay valid), or one
 * accelerator's cable running below its rate. Each answer is the same {@link ClusterTopology}
 * otherwise: its graph's other links, domains, buffers and in-network reduction unchanged.
 */
public final class DegradedTopologies {
    private DegradedTopologies() {
    }

    /**
     * {@code topology} with one re-routable cable failed, both its directions: the one the traffic
     * of accelerator 0 can take ({@link ScaleOutFabric#reroutableCable}). Needs {@link
     * ClusterTopology#reroutableLinks} &gt; 0. O(links).
     */
    public static ClusterTopology withoutCable(ClusterTopology topology) {
        Graph graph = topology.graph();
        ScaleOutFabric scaleOut = topology.scaleOutFabric();
        return topology.with(graph, scaleOut.without(PartLinks.flags(graph, scaleOut.reroutableCable(0))));
    }

    /**
     * {@code topology} with one re-routable switch failed, every link into and out of it: one that
     * carries the traffic of accelerator 0 ({@link ScaleOutFabric#reroutableSwitch}). Needs
     * {@link ClusterTopology#reroutableSwitches} &gt; 0. O(links).
     */
    public static ClusterTopology withoutSwitch(ClusterTopology topology) {
        Graph graph = topology.graph();
        ScaleOutFabric scaleOut = topology.scaleOutFabric();
        return topology.with(graph, scaleOut.without(PartLinks.around(graph, scaleOut.reroutableSwitch(0))));
    }

    /**
     * {@code topology} with the cable of {@code accelerator} running at {@code speed} of its rate, both
     * directions: its NIC cable, or without NICs its scale-up and torus links (a straggling
     * link: a cable trained down to a lower rate, a flapping port). O(links).
     */
    public static ClusterTopology withSlowLink(ClusterTopology topology, int accelerator, double speed) {
        Graph graph = topology.graph();
        int[] links = topology.hasNics()
                ? new int[] {topology.nicUplink(accelerator), topology.nicDownlink(accelerator)}
                : PartLinks.of(graph, accelerator);
        return topology.with(graph.withScaledRates(links, speed), topology.scaleOutFabric());
    }
}
