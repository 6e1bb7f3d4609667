package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.validation.References.resolved;
import static org.fabricsim.dsl.validation.References.same;

import static org.fabricsim.runtime.analysis.LockIn.simpleName;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.spec.ClusterSpec;

import com.google.inject.Inject;

/**
 * Vendor lock-in, decided by {@link LockIn}: the seam between scale-up and scale-out, single-source
 * fabrics, fabrics tied to one accelerator vendor, and such a fabric carrying another vendor's
 * accelerators (an error: it cannot work). Warnings sit on the cluster, where the decision is made;
 * a catalog fabric's own definition is never flagged.
 */
public class LockInValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkNodeScaleUpAcceptsAccelerator(Node node) {
        if (node.getScaleUp() == null) {
            return;
        }
        Fabric fabric = node.getScaleUp().getFabric();
        Accelerator accelerator = node.getAccelerator();
        if (!resolved(fabric) || !resolved(accelerator) || !resolved(fabric.getAcceleratorLock())
                || !resolved(accelerator.getVendor())) {
            return;
        }
        if (!same(fabric.getAcceleratorLock(), accelerator.getVendor())) {
            error(mismatch(fabric.getName(), fabric.getAcceleratorLock().getName(), accelerator.getName(),
                    accelerator.getVendor().getName(), "scale-up"), node.getScaleUp(), Literals.SCALE_UP_DOMAIN__FABRIC,
                    IssueCodes.ACCELERATOR_MISMATCH, fabric.getName(), fabric.getAcceleratorLock().getName());
        }
    }

    @Check
    public void checkClusterScaleOutAcceptsAccelerator(Cluster cluster) {
        LockIn lockIn = lockIn(cluster);
        LockIn.FabricLock out = lockIn == null ? null : lockIn.scaleOut();
        if (out != null && out.verdict() == LockIn.Verdict.ACCELERATOR_MISMATCH) {
            Fabric fabric = cluster.getScaleOut().getFabric();
            ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
            error(mismatch(fabric.getName(), simpleName(out.acceleratorVendor()), spec.node().accelerator().name(),
                    simpleName(lockIn.acceleratorVendor()), "scale-out"), cluster.getScaleOut(),
                    Literals.SCALE_OUT__FABRIC, IssueCodes.ACCELERATOR_MISMATCH, fabric.getName(),
                    simpleName(out.acceleratorVendor()));
        }
    }

    @Check
    public void checkClusterFabricsWithoutSeam(Cluster cluster) {
        LockIn lockIn = lockIn(cluster);
        if (lockIn != null && lockIn.seam()) {
            LockIn.FabricLock up = lockIn.scaleUp();
            LockIn.FabricLock out = lockIn.scaleOut();
            warning("Seam: scale-up " + simpleName(up.fabric()) + " (" + simpleName(up.vendor()) + ") meets scale-out "
                    + simpleName(out.fabric()) + " (" + simpleName(out.vendor()) + "). This is a seam at the busiest point"
                    + " in the system: two lock-in decisions. Keep tensor- and expert-parallel traffic inside the"
                    + " scale-up domain, or choose scale-up and scale-out fabrics of one family.",
                    cluster.getScaleOut(), Literals.SCALE_OUT__FABRIC, IssueCodes.LOCK_IN_SEAM,
                    simpleName(up.fabric()), simpleName(out.fabric()));
        }
    }

    @Check
    public void checkClusterFabricsNotSingleVendor(Cluster cluster) {
        LockIn lockIn = lockIn(cluster);
        if (lockIn != null && lockIn.singleVendor()) {
            LockIn.FabricLock up = lockIn.scaleUp();
            String lock = up.acceleratorVendor().isEmpty() ? ""
                    : ", and " + simpleName(up.fabric()) + " works only with " + simpleName(up.acceleratorVendor())
                            + " accelerators";
            warning("Single-vendor lock-in: scale-up " + simpleName(up.fabric()) + " and scale-out "
                    + simpleName(lockIn.scaleOut().fabric()) + " are both single-source from " + simpleName(up.vendor())
                    + lock + ". Price the whole network from one supplier, or compare an open scale-out fabric"
                    + " (RoCE, Ultra Ethernet) to keep a second source.", cluster, Literals.ELEMENT__NAME,
                    IssueCodes.LOCK_IN_SINGLE_VENDOR, simpleName(up.vendor()));
        }
    }

    /** Each fabric's own lock-in, where the single-vendor warning does not already cover both fabrics. */
    @Check
    public void checkClusterFabricNotLockedIn(Cluster cluster) {
        LockIn lockIn = lockIn(cluster);
        if (lockIn == null || lockIn.singleVendor()) {
            return;
        }
        for (LockIn.FabricLock fabric : lockIn.fabrics()) {
            fabricLock(cluster, fabric);
        }
    }

    /** The cluster's lock-in decision, decided once per validation run; null when the cluster does not map. */
    private LockIn lockIn(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null || cluster.getGroups().isEmpty() || cluster.getGroups().get(0).getNode() == null) {
            return null;
        }
        return CheckedSpecs.cached(getContext(), cluster, "lock-in", c -> LockIn.of(spec));
    }

    private void fabricLock(Cluster cluster, LockIn.FabricLock fabric) {
        String name = simpleName(fabric.fabric());
        if (fabric.verdict() == LockIn.Verdict.ACCELERATOR_LOCK) {
            warning("Lock-in: " + fabric.role() + " " + name + " works only with "
                    + simpleName(fabric.acceleratorVendor()) + " accelerators, so the accelerator and the network"
                    + " are one purchase. If a second accelerator source matters, compare an open "
                    + fabric.role() + " fabric" + (fabric.role().equals("scale-up") ? " such as UALink." : "."),
                    cluster, Literals.ELEMENT__NAME, IssueCodes.LOCK_IN_ACCELERATOR, name,
                    simpleName(fabric.acceleratorVendor()));
        } else if (fabric.verdict() == LockIn.Verdict.SINGLE_SOURCE) {
            warning("Lock-in: " + fabric.role() + " " + name + " is single-source (only " + simpleName(fabric.vendor())
                    + " supplies it). Plan for one supplier's prices and lead times, or compare an open standard"
                    + (fabric.role().equals("scale-out") ? " such as RoCE or Ultra Ethernet." : " such as UALink."),
                    cluster, Literals.ELEMENT__NAME, IssueCodes.LOCK_IN_SINGLE_SOURCE, name,
                    simpleName(fabric.vendor()));
        }
    }

    private static String mismatch(String fabric, String lock, String accelerator, String acceleratorVendor,
            String role) {
        return fabric + " works only with " + lock + " accelerators, but " + simpleName(accelerator) + " is "
                + acceleratorVendor + "'s: it cannot work. Use a " + role
                + " fabric that works with these accelerators, or an open standard.";
    }
}
