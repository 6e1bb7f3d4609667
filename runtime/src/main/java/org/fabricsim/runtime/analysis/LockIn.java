package org.fabricsim.runtime.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;

/**
 * Vendor lock-in of a cluster's network: for each fabric its vendor, whether it is an open
 * multi-vendor standard or single-source, and which accelerators it is locked to; and whether the
 * scale-up and scale-out fabrics meet at a seam.
 *
 * <p><b>Seam.</b> The scale-up and scale-out fabrics meet at the busiest point of the system
 * (every byte that leaves a scale-up domain crosses it). They form a seam when they are different
 * technologies from different makers: their vendors (maker or standards body) differ, or one is an
 * open standard and the other a single-source product. A seam means two lock-in decisions. Two
 * single-source fabrics from one vendor (NVLink with InfiniBand) are not a seam but one decision
 * that covers the whole network: {@link #singleVendor()}. Two open fabrics of one standards
 * body (Gaudi 3's RoCE scale-up with RoCE scale-out) are neither.
 *
 * <p><b>Whose fabric.</b> A fabric's vendor and openness are those of the fabric as the model runs it, not of its wire
 * protocol: Spectrum-X carries RoCEv2, an open standard, but its adaptive routing (the NIC placing packets that arrive
 * out of order) and its congestion control need NVIDIA's switches and NICs at both ends, so the catalog's {@code
 * SpectrumX} is single-source NVIDIA, and with NVLink it is one decision, not a seam (session 72).
 *
 * <p>Vendor names are the specs' qualified names; {@link #simpleName} shortens them for people.
 * Cost: O(1).
 *
 * @param cluster            the cluster's qualified name
 * @param acceleratorVendor  the vendor of the cluster's accelerators
 * @param fabrics            scale-up first (when there is one), then scale-out (when there is one)
 * @param seam               whether scale-up and scale-out meet at a seam
 * @param singleVendor       whether both are single-source from one vendor (one lock-in decision for the whole network)
 */
public record LockIn(String cluster, String acceleratorVendor, List<FabricLock> fabrics, boolean seam,
        boolean singleVendor) {

    public LockIn {
        fabrics = List.copyOf(fabrics);
    }

    /** How one fabric relates to the accelerators it carries. */
    public enum Verdict {
        /** An open standard not tied to one accelerator vendor. */
        OPEN,
        /** Only one company makes it. */
        SINGLE_SOURCE,
        /** It works only with one vendor's accelerators, and those are the cluster's. */
        ACCELERATOR_LOCK,
        /** It works only with one vendor's accelerators, and the cluster's are another vendor's: it cannot work. */
        ACCELERATOR_MISMATCH
    }

    /**
     * One fabric's lock-in facts.
     *
     * @param role               "scale-up" or "scale-out"
     * @param fabric             the fabric's qualified name
     * @param vendor             its vendor (maker or standards body)
     * @param openStandard       an open multi-vendor standard
     * @param acceleratorVendor  the only accelerator vendor it works with, or "" for any
     * @param verdict            what that means for this cluster
     */
    public record FabricLock(String role, String fabric, String vendor, boolean openStandard, String acceleratorVendor,
            Verdict verdict) {
    }

    /** The lock-in facts of a cluster. */
    public static LockIn of(ClusterSpec cluster) {
        NodeSpec node = cluster.node();
        String accelerators = node.accelerator().vendor();
        List<FabricLock> fabrics = new ArrayList<>();
        FabricSpec up = node.scaleUp() == null ? null : node.scaleUp().fabric();
        FabricSpec out = cluster.scaleOut() == null ? null : cluster.scaleOut().fabric();
        if (up != null) {
            fabrics.add(lock("scale-up", up, accelerators));
        }
        if (out != null) {
            fabrics.add(lock("scale-out", out, accelerators));
        }
        return new LockIn(cluster.name(), accelerators, fabrics, seam(up, out), singleVendor(up, out));
    }

    /** Whether two fabrics meeting at the scale-up/scale-out boundary form a seam. */
    public static boolean seam(FabricSpec up, FabricSpec out) {
        return up != null && out != null
                && (!up.vendor().equals(out.vendor()) || up.openStandard() != out.openStandard());
    }

    /** Whether both fabrics are single-source from the same vendor. */
    public static boolean singleVendor(FabricSpec up, FabricSpec out) {
        return up != null && out != null && !up.openStandard() && !out.openStandard()
                && up.vendor().equals(out.vendor());
    }

    /** The verdict for one fabric carrying {@code acceleratorVendor}'s accelerators. */
    public static FabricLock lock(String role, FabricSpec fabric, String acceleratorVendor) {
        Verdict verdict;
        if (!fabric.acceleratorVendor().isEmpty()) {
            verdict = fabric.acceleratorVendor().equals(acceleratorVendor) ? Verdict.ACCELERATOR_LOCK
                    : Verdict.ACCELERATOR_MISMATCH;
        } else {
            verdict = fabric.openStandard() ? Verdict.OPEN : Verdict.SINGLE_SOURCE;
        }
        return new FabricLock(role, fabric.name(), fabric.vendor(), fabric.openStandard(), fabric.acceleratorVendor(),
                verdict);
    }

    /** The scale-up fabric's facts, or null. */
    public FabricLock scaleUp() {
        return fabrics.stream().filter(f -> f.role().equals("scale-up")).findFirst().orElse(null);
    }

    /** The scale-out fabric's facts, or null. */
    public FabricLock scaleOut() {
        return fabrics.stream().filter(f -> f.role().equals("scale-out")).findFirst().orElse(null);
    }

    /** The last segment of a qualified name. */
    public static String simpleName(String qualified) {
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? qualified : qualified.substring(dot + 1);
    }

    /** A few lines for people: one per fabric, then the seam. */
    public String summary() {
        StringBuilder text = new StringBuilder("Lock-in of ").append(simpleName(cluster)).append(":\n");
        if (fabrics.isEmpty()) {
            text.append("  no fabrics: nothing locks this cluster to a network vendor\n");
        }
        for (FabricLock fabric : fabrics) {
            text.append("  ").append(fabric.role()).append(' ').append(simpleName(fabric.fabric())).append(": ")
                    .append(simpleName(fabric.vendor())).append(", ")
                    .append(fabric.openStandard() ? "open standard" : "single-source");
            if (!fabric.acceleratorVendor().isEmpty()) {
                text.append(", ").append(simpleName(fabric.acceleratorVendor())).append(" accelerators only");
                if (fabric.verdict() == Verdict.ACCELERATOR_MISMATCH) {
                    text.append(" (these are ").append(simpleName(acceleratorVendor)).append("'s: it cannot work)");
                }
            }
            text.append('\n');
        }
        if (seam) {
            text.append("  seam: ").append(simpleName(scaleUp().fabric())).append(" / ")
                    .append(simpleName(scaleOut().fabric()))
                    .append(" at the busiest point in the system: two lock-in decisions\n");
        } else if (singleVendor) {
            text.append("  no seam, but single-vendor lock-in: both fabrics come only from ")
                    .append(simpleName(scaleUp().vendor())).append('\n');
        } else if (fabrics.size() == 2) {
            text.append("  no seam\n");
        }
        return text.toString();
    }

    /** The same facts as JSON-ready maps with stable keys. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("cluster", cluster);
        json.put("acceleratorVendor", acceleratorVendor);
        List<Object> list = new ArrayList<>();
        for (FabricLock fabric : fabrics) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("role", fabric.role());
            entry.put("fabric", fabric.fabric());
            entry.put("vendor", fabric.vendor());
            entry.put("openStandard", fabric.openStandard());
            entry.put("acceleratorVendor", fabric.acceleratorVendor());
            entry.put("verdict", fabric.verdict().name());
            list.add(entry);
        }
        json.put("fabrics", list);
        json.put("seam", seam);
        json.put("singleVendor", singleVendor);
        return json;
    }
}
