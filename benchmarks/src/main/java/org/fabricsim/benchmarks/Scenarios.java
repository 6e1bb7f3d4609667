package org.fabricsim.benchmarks;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.NcclChannels;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FabricParameters;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.MultiPlaneParameters;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/** The benchmark workloads, shared by JMH and the scaling harness. */
public final class Scenarios {
    /** NVLink4: 450 GB/s per GPU per direction (H100/H200 datasheet). */
    static final LinkClass NVLINK = new LinkClass(450e9, 100_000);
    /** 400 Gb/s NIC and fabric links; 300 ns per hop (Quantum-2 port-to-port, hardware.md range). */
    static final LinkClass NDR = LinkClass.ofGigabitsPerSecond(400, 300_000);
    private static final int GPUS_PER_NODE = 8;

    private Scenarios() {
    }

    /**
     * DGX-like nodes (8 GPUs on an NVSwitch, 8 rail NICs) on a rail-optimized 3-tier fat-tree,
     * 1:1 (32 nodes per leaf, 32 leaves per pod). Endpoints below 8 form one partial node.
     */
    public static ClusterTopology railFatTree(int endpoints) {
        if (endpoints <= GPUS_PER_NODE) {
            return ClusterTopology.build(ClusterParameters.singleDomain(
                    ScaleUpParameters.switched(Math.max(2, endpoints), NVLINK, false)));
        }
        FatTreeParameters fabric = FatTreeParameters.threeTier(32, 32, 1.0, 1.0, NDR).withRails(GPUS_PER_NODE);
        return ClusterTopology.build(new ClusterParameters(endpoints,
                ScaleUpParameters.switched(GPUS_PER_NODE, NVLINK, false), NDR, fabric));
    }

    /** 1 GiB ring all-reduce, 8 channels, static ECMP, max-min flow model. */
    public static CollectiveRequest ringAllReduce(int endpoints) {
        return CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1L << 30, endpoints)
                .withAlgorithm(Algorithm.RING).withChannels(GPUS_PER_NODE).withRouting(RoutingMode.ECMP)
                .withStepOverheads(StepOverheads.NCCL);
    }

    /**
     * An nccl-tests all-reduce as NCCL runs it: {@code bytes}, NCCL's algorithm and protocol choice,
     * its channel count for Hopper nodes of 8 NICs, static ECMP, max-min flow model.
     */
    public static CollectiveRequest ncclAllReduce(int endpoints, long bytes) {
        int nodes = Math.max(1, endpoints / GPUS_PER_NODE);
        return CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, endpoints).withProtocol(Protocol.AUTO)
                .withChannels(NcclChannels.communicator(Generation.HOPPER, NVLINK.bytesPerSecond(),
                        nodes > 1 ? GPUS_PER_NODE : 0, nodes))
                .withRouting(RoutingMode.ECMP).withStepOverheads(StepOverheads.NCCL);
    }

    /** A 1:1 two-tier fat-tree of single-NIC endpoints, {@code hostsPerLeaf} per leaf. */
    public static ClusterTopology twoTier(int endpoints, int hostsPerLeaf) {
        return twoTier(endpoints, hostsPerLeaf, 1);
    }

    /**
     * {@link #twoTier(int, int)} on {@code planes} planes of that tree ({@link MultiPlaneParameters}), every NIC with
     * one port into each at the NIC rate ÷ planes; one plane is the tree itself.
     */
    public static ClusterTopology twoTier(int endpoints, int hostsPerLeaf, int planes) {
        FabricParameters tree = FatTreeParameters.twoTier(hostsPerLeaf, 1.0, NDR);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(endpoints, NDR,
                planes == 1 ? tree : new MultiPlaneParameters(planes, tree)));
    }

    /** Direct all-to-all of {@code bytesPerPair} between every ordered pair, ECMP, max-min. */
    public static CollectiveRequest allToAll(int endpoints, long bytesPerPair, double completionTolerance) {
        return CollectiveRequest.of(CollectiveOperation.ALL_TO_ALL, bytesPerPair * endpoints, endpoints)
                .withAlgorithm(Algorithm.DIRECT).withRouting(RoutingMode.ECMP)
                .withCompletionTolerance(completionTolerance);
    }
}
