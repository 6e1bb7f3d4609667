package org.fabricsim.runtime;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;

/** Cluster specs for runtime tests. */
public final class TestClusters {
    private TestClusters() {
    }

    /** Generic accelerators, one NIC port each at {@code bytesPerSecond}, all on one switch: the quickstart's shape. */
    public static ClusterSpec singleSwitch(int nodes, int perNode, double bytesPerSecond, long hopLatencyPs) {
        AcceleratorSpec accelerator = new AcceleratorSpec("t.A", "generic", 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec("t.N", "generic", 1, bytesPerSecond, 0, 0);
        FabricSpec fabric = new FabricSpec("t.F", "generic", FabricSpec.FabricScope.SCALE_OUT, true, "",
                bytesPerSecond, hopLatencyPs, true, FabricSpec.CongestionControl.NONE, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER);
        SwitchSpec switchSpec = new SwitchSpec("t.S", "generic", nodes * perNode, bytesPerSecond, 0, 0, false, false);
        NodeSpec node = new NodeSpec("t.Node", accelerator, perNode, null, nic, perNode, true);
        return new ClusterSpec("t.C", node, nodes,
                new ScaleOutSpec(fabric, new TopologySpec.SingleSwitch(switchSpec), ScaleOutSpec.Routing.ECMP), 0,
                null, null);
    }
}
