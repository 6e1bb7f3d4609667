package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;

/** Small clusters for tests. */
final class Clusters {
    private Clusters() {
    }

    /** n accelerators on one non-blocking switch; every link B bytes/s and λ ps, so α = 2λ per hop pair. */
    static ClusterTopology singleSwitch(int ranks, double bytesPerSecond, long linkLatencyPs) {
        LinkClass link = new LinkClass(bytesPerSecond, linkLatencyPs);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(ranks, link, FatTreeParameters.singleSwitch(link)));
    }

    /** A two-tier fat-tree with all links at B. */
    static ClusterTopology twoTier(int ranks, int hostsPerLeaf, double oversubscription, double bytesPerSecond) {
        LinkClass link = new LinkClass(bytesPerSecond, 0);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(ranks, link,
                FatTreeParameters.twoTier(hostsPerLeaf, oversubscription, link)));
    }
}
