package org.fabricsim.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class LockInTest {
    private static final FabricSpec NVLINK = fabric("NVLink4", "NVIDIA", FabricSpec.FabricScope.SCALE_UP, false, "NVIDIA");
    private static final FabricSpec INFINIBAND = fabric("InfiniBand_NDR", "NVIDIA", FabricSpec.FabricScope.SCALE_OUT,
            false, "");
    private static final FabricSpec ROCE = fabric("RoCEv2", "IBTA", FabricSpec.FabricScope.SCALE_OUT, true, "");

    static FabricSpec fabric(String name, String vendor, FabricSpec.FabricScope scope, boolean open, String lock) {
        return new FabricSpec(name, vendor, scope, open, lock, 50e9, 0, true, FabricSpec.CongestionControl.NONE, false,
                false, false, FabricSpec.DEFAULT_FLOWS_PER_PEER);
    }

    static ClusterSpec cluster(String acceleratorVendor, FabricSpec up, FabricSpec out) {
        AcceleratorSpec gpu = new AcceleratorSpec("g", acceleratorVendor, 1, 0, 1, 1, 0, 0);
        NodeSpec node = new NodeSpec("node", gpu, 8, new ScaleUpSpec(up, ScaleUpSpec.Kind.SWITCHED, 8, 450e9, false),
                new NicSpec("n", "v", 1, 50e9, 0, 0), 8, true);
        TopologySpec single = new TopologySpec.SingleSwitch(new SwitchSpec("s", "v", 64, 50e9, 0, 0, false, false));
        return new ClusterSpec("meta.C", node, 2, new ScaleOutSpec(out, single, ScaleOutSpec.Routing.ECMP), 0, null,
                null);
    }

    @Test
    void shouldFindAnNvlinkEthernetSeamOnADgxOnRoce() {
        LockIn lockIn = LockIn.of(cluster("NVIDIA", NVLINK, ROCE));
        assertTrue(lockIn.seam());
        assertFalse(lockIn.singleVendor());
        assertEquals(LockIn.Verdict.ACCELERATOR_LOCK, lockIn.scaleUp().verdict());
        assertEquals(LockIn.Verdict.OPEN, lockIn.scaleOut().verdict());
        assertTrue(lockIn.summary().contains("seam: NVLink4 / RoCEv2"), lockIn.summary());
    }

    @Test
    void shouldCallNvlinkWithInfinibandSingleVendorLockInNotASeam() {
        LockIn lockIn = LockIn.of(cluster("NVIDIA", NVLINK, INFINIBAND));
        assertFalse(lockIn.seam());
        assertTrue(lockIn.singleVendor());
        assertEquals(LockIn.Verdict.SINGLE_SOURCE, lockIn.scaleOut().verdict());
    }

    @Test
    void shouldFindNvlinkUnusableWithAnotherVendorsAccelerators() {
        LockIn lockIn = LockIn.of(cluster("AMD", NVLINK, ROCE));
        assertEquals(LockIn.Verdict.ACCELERATOR_MISMATCH, lockIn.scaleUp().verdict());
    }

    @Test
    void shouldSeeNoSeamBetweenTwoOpenFabricsOfOneStandardsBody() {
        FabricSpec roceScaleUp = fabric("Gaudi3_ScaleUp", "IBTA", FabricSpec.FabricScope.SCALE_UP, true, "");
        LockIn lockIn = LockIn.of(cluster("Intel", roceScaleUp, ROCE));
        assertFalse(lockIn.seam());
        assertFalse(lockIn.singleVendor());
    }
}
