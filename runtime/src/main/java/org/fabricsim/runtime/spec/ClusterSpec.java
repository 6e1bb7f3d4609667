package org.fabricsim.runtime.spec;

import java.util.ArrayList;
import java.util.List;

/**
 * A cluster of nodes and its scale-out network. The nodes are one type ({@code node}), or groups
 * of several types placed in written order: node i belongs to the first group whose running count
 * exceeds i, and so do its accelerators.
 *
 * @param name                 qualified name
 * @param node                 the node type; of a mixed cluster, the first group's
 * @param nodes                number of nodes, all groups together
 * @param scaleOut             the scale-out network, or null for a single node
 * @param maxOversubscription  the design policy's largest acceptable oversubscription; 0 for none
 * @param cost                 what it costs, or null
 * @param reliability          how it fails, or null
 * @param groups               the node groups in placement order when they are of more than one type;
 *                             empty when every node is {@code node} (a single group is normalized away)
 * @param dataCentre           a second network beside the scale-out fabric, joining pods, or null
 */
public record ClusterSpec(String name, NodeSpec node, int nodes, ScaleOutSpec scaleOut, double maxOversubscription,
        CostSpec cost, ReliabilitySpec reliability, List<NodeGroupSpec> groups, DataCentreSpec dataCentre) {

    public ClusterSpec {
        Specs.requireName(name);
        Specs.requirePositive("nodes", nodes);
        Specs.requireNonNegative("maxOversubscription", maxOversubscription);
        groups = groups == null || groups.stream().allMatch(g -> g.node().equals(node)) ? List.of() : List.copyOf(groups);
        if (!groups.isEmpty()) {
            if (!groups.get(0).node().equals(node)
                    || groups.stream().mapToLong(NodeGroupSpec::nodes).sum() != nodes) {
                throw new IllegalArgumentException("the node groups must start with the node type and add up to "
                        + nodes + " nodes");
            }
            if (groups.stream().anyMatch(g -> g.node().accelerators() != node.accelerators())) {
                throw new IllegalArgumentException("the node groups must have the same accelerators per node");
            }
        }
    }

    /** A cluster with one scale-out network. */
    public ClusterSpec(String name, NodeSpec node, int nodes, ScaleOutSpec scaleOut, double maxOversubscription,
            CostSpec cost, ReliabilitySpec reliability, List<NodeGroupSpec> groups) {
        this(name, node, nodes, scaleOut, maxOversubscription, cost, reliability, groups, null);
    }

    /** A cluster of one node type. */
    public ClusterSpec(String name, NodeSpec node, int nodes, ScaleOutSpec scaleOut, double maxOversubscription,
            CostSpec cost, ReliabilitySpec reliability) {
        this(name, node, nodes, scaleOut, maxOversubscription, cost, reliability, List.of());
    }

    /** Accelerators per node (the same in every group). */
    public int acceleratorsPerNode() {
        return node.accelerators();
    }

    /** Total accelerators, the endpoints of the fabric. */
    public int accelerators() {
        return Math.multiplyExact(nodes, node.accelerators());
    }

    /** Whether the nodes are of more than one type. */
    public boolean mixed() {
        return !groups.isEmpty();
    }

    /** The node groups in placement order: one group of {@code node} when the cluster is not mixed. */
    public List<NodeGroupSpec> nodeGroups() {
        return groups.isEmpty() ? List.of(new NodeGroupSpec(node, nodes)) : groups;
    }

    /**
     * The distinct accelerator types of the first {@code accelerators} accelerators, in placement
     * order. O(groups).
     */
    public List<AcceleratorSpec> acceleratorTypes(int accelerators) {
        List<AcceleratorSpec> types = new ArrayList<>();
        long first = 0;
        for (NodeGroupSpec group : nodeGroups()) {
            if (first >= accelerators) {
                break;
            }
            if (!types.contains(group.node().accelerator())) {
                types.add(group.node().accelerator());
            }
            first += (long) group.nodes() * node.accelerators();
        }
        return types;
    }

    /**
     * The mean BF16 peak of the first {@code accelerators} accelerators: the peak an MFU of a job on
     * them divides by (a mixed cluster's fast accelerators count at their own peak). O(groups).
     */
    public double meanBf16FlopsPerSecond(int accelerators) {
        double sum = 0;
        long left = accelerators;
        for (NodeGroupSpec group : nodeGroups()) {
            long here = Math.min(left, (long) group.nodes() * node.accelerators());
            sum += here * group.node().accelerator().bf16FlopsPerSecond();
            left -= here;
        }
        return sum / accelerators;
    }

    /** The smallest HBM of the first {@code accelerators} accelerators, what every rank's share must fit. */
    public long smallestMemoryBytes(int accelerators) {
        return acceleratorTypes(accelerators).stream().mapToLong(AcceleratorSpec::memoryBytes).min().orElse(0);
    }

    /**
     * This cluster cut down to its first {@code count} nodes, as a benchmark on them sees it; a direct torus
     * becomes the torus of the leading dimensions those nodes fill ({@link TopologySpec.Torus#leading}), and
     * stays whole when they fill none (the validator refuses such a benchmark). A dragonfly (scale-out or
     * data-centre) keeps the whole cluster's ⌈accelerators ÷ routers⌉ ports per router, so the nodes stay on the
     * first routers, contiguous in group 0 onwards, as a tree keeps its hosts per leaf.
     */
    public ClusterSpec withNodes(int count) {
        DataCentreSpec keptDataCentre = dataCentre == null || count >= nodes ? dataCentre
                : new DataCentreSpec(placed(dataCentre.network()), dataCentre.nicBytesPerSecond());
        if (groups.isEmpty()) {
            ScaleOutSpec network = count < nodes ? placed(scaleOut) : scaleOut;
            TopologySpec.Torus cut = count < nodes && scaleOut != null
                    && scaleOut.topology() instanceof TopologySpec.Torus torus
                            ? torus.leading(count * node.accelerators()) : null;
            if (cut != null) {
                network = new ScaleOutSpec(scaleOut.fabric(), cut, scaleOut.routing());
            }
            return new ClusterSpec(name, node, count, network, maxOversubscription, cost, reliability, groups,
                    keptDataCentre);
        }
        List<NodeGroupSpec> kept = new ArrayList<>();
        int left = count;
        for (NodeGroupSpec group : nodeGroups()) {
            if (left > 0) {
                kept.add(new NodeGroupSpec(group.node(), Math.min(left, group.nodes())));
                left -= group.nodes();
            }
        }
        return new ClusterSpec(name, node, count, count < nodes ? placed(scaleOut) : scaleOut, maxOversubscription,
                cost, reliability, kept, keptDataCentre);
    }

    /** {@code network} with a dragonfly's ports per router fixed at this whole cluster's; any other as it is. */
    private ScaleOutSpec placed(ScaleOutSpec network) {
        if (network == null || !(network.topology() instanceof TopologySpec.Dragonfly fly)) {
            return network;
        }
        return new ScaleOutSpec(network.fabric(), fly.withEndpointsPerRouter(fly.portsPerRouter(accelerators())),
                network.routing());
    }

    /**
     * This cluster as a job on a slice of its optical torus sees it: the nodes that fill the slice's Π shape
     * accelerators, on the torus the optical circuit switches wire for {@code shape} ({@link TopologySpec.Torus#slice}).
     */
    public ClusterSpec withSlice(List<Integer> shape) {
        if (scaleOut == null || !(scaleOut.topology() instanceof TopologySpec.Torus torus)) {
            throw new IllegalArgumentException("a slice needs a torus of optical cubes: " + name);
        }
        int accelerators = shape.stream().reduce(1, Math::multiplyExact);
        if (accelerators % node.accelerators() != 0 || accelerators / node.accelerators() > nodes) {
            throw new IllegalArgumentException("a slice of " + accelerators + " accelerators is not whole nodes of "
                    + name);
        }
        return withNodes(accelerators / node.accelerators())
                .withScaleOut(new ScaleOutSpec(scaleOut.fabric(), torus.slice(shape), scaleOut.routing()));
    }

    /** This cluster on another scale-out network, with the same nodes. */
    public ClusterSpec withScaleOut(ScaleOutSpec network) {
        return new ClusterSpec(name, node, nodes, network, maxOversubscription, cost, reliability, groups, dataCentre);
    }

    /**
     * One of {@code pods} equal pods of this cluster, as its data-centre network joins them: its first
     * nodes ÷ pods nodes, a torus cut along its last dimension (which {@code pods} must divide), without
     * the data-centre network.
     */
    public ClusterSpec pod(int pods) {
        if (nodes % pods != 0) {
            throw new IllegalArgumentException(pods + " pods must divide the " + nodes + " nodes of " + name);
        }
        ClusterSpec pod = withNodes(nodes / pods);
        if (scaleOut != null && scaleOut.topology() instanceof TopologySpec.Torus torus) {
            List<Integer> dimensions = new ArrayList<>(torus.dimensions());
            int last = dimensions.size() - 1;
            if (dimensions.get(last) % pods != 0) {
                throw new IllegalArgumentException(pods + " pods must divide the torus's last dimension, "
                        + dimensions.get(last));
            }
            dimensions.set(last, dimensions.get(last) / pods);
            pod = pod.withScaleOut(new ScaleOutSpec(scaleOut.fabric(),
                    torus.reshaped(dimensions),
                    scaleOut.routing()));
        }
        return pod.withDataCentre(null);
    }

    /** This cluster with {@code network} as its data-centre network beside the scale-out fabric. */
    public ClusterSpec withDataCentre(DataCentreSpec network) {
        return new ClusterSpec(name, node, nodes, scaleOut, maxOversubscription, cost, reliability, groups, network);
    }
}
