package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;

/**
 * A set of flows, all started at once, on a small leaf–spine fabric of 100 Gb/s links (1 µs
 * each): the unit on which the packet backend and the flow model are compared.
 *
 * @param name             what the pattern is, for provenance and reports
 * @param hosts            endpoints
 * @param hostsPerLeaf     endpoints per leaf switch; all of them means one switch
 * @param oversubscription leaf oversubscription (downlinks : uplinks), ≥ 1
 * @param src              sender of flow f
 * @param dst              receiver of flow f
 * @param bytes            payload bytes of flow f
 */
public record TrafficPattern(String name, int hosts, int hostsPerLeaf, double oversubscription, int[] src, int[] dst,
        double[] bytes) {
    /** 100 Gb/s: the line rate of every link of a pattern's fabric. */
    public static final double LINE_BYTES_PER_SECOND = 12.5e9;
    /** Per-link latency. */
    public static final long LATENCY_PS = 1_000_000;

    public TrafficPattern {
        if (src.length != dst.length || src.length != bytes.length || src.length == 0) {
            throw new IllegalArgumentException("a pattern needs as many senders, receivers and sizes, at least one");
        }
        src = src.clone();
        dst = dst.clone();
        bytes = bytes.clone();
    }

    /** {@code degree} senders (hosts 1..degree) of {@code bytesEach} to host 0, on one switch. */
    public static TrafficPattern incast(int degree, double bytesEach) {
        return incast(degree, 1, bytesEach);
    }

    /**
     * {@code degree} senders (hosts 1..degree), each starting {@code flowsPerSender} flows of {@code
     * bytesEach} to host 0, on one switch.
     */
    public static TrafficPattern incast(int degree, int flowsPerSender, double bytesEach) {
        int flows = degree * flowsPerSender;
        int[] src = new int[flows];
        int[] dst = new int[flows];
        double[] bytes = new double[flows];
        for (int f = 0; f < flows; f++) {
            src[f] = f % degree + 1;
            bytes[f] = bytesEach;
        }
        return new TrafficPattern("incast " + degree + ":1, " + mib(bytesEach) + " each"
                + (flowsPerSender > 1 ? ", " + flowsPerSender + " flows per sender" : "") + ", one switch",
                degree + 1, degree + 1, 1, src, dst, bytes);
    }

    /**
     * The same incast across a leaf uplink, paths of 4 links instead of 2: {@code degree} senders (hosts
     * 0..degree − 1, one leaf of {@code degree} hosts oversubscribed {@code degree}:1, hence one uplink), each
     * starting {@code flowsPerSender} flows of {@code bytesEach} to its partner on the second leaf (host i +
     * degree). The uplink is offered {@code degree} times its capacity with {@code flowsPerSender} flows
     * per sender, as the one-switch incast's receiver link is; no receiver link is overloaded.
     */
    public static TrafficPattern uplinkIncast(int degree, int flowsPerSender, double bytesEach) {
        int flows = degree * flowsPerSender;
        int[] src = new int[flows];
        int[] dst = new int[flows];
        double[] bytes = new double[flows];
        for (int f = 0; f < flows; f++) {
            src[f] = f % degree;
            dst[f] = degree + f % degree;
            bytes[f] = bytesEach;
        }
        return new TrafficPattern("uplink incast " + degree + ":1, " + mib(bytesEach) + " each"
                + (flowsPerSender > 1 ? ", " + flowsPerSender + " flows per sender" : "") + ", across one leaf uplink",
                2 * degree, degree, degree, src, dst, bytes);
    }

    /**
     * The victim-flow experiment of Zhu et al. (SIGCOMM'15, §2) across a leaf–spine fabric of 2 leaves of 4
     * hosts, 4:1 (one spine): hosts 0 and 1 send {@code bytesEach} each to host 4 on the second leaf, hosts
     * 5 and 6 do so too when {@code localSenders} (then host 4's link is the bottleneck of three input
     * links, the spine's and two hosts'), and the victim, host 2, sends {@code bytesEach} to host 7: it
     * shares the uplink and the spine's downlink with hosts 0 and 1 but not their bottleneck.
     */
    public static TrafficPattern victim(double bytesEach, boolean localSenders) {
        int[] src = localSenders ? new int[] {0, 1, 5, 6, 2} : new int[] {0, 1, 2};
        int[] dst = localSenders ? new int[] {4, 4, 4, 4, 7} : new int[] {4, 4, 7};
        double[] bytes = new double[src.length];
        java.util.Arrays.fill(bytes, bytesEach);
        return new TrafficPattern("victim behind " + (localSenders ? "a 4:1 incast" : "two flows") + ", "
                + mib(bytesEach) + " each, across the spine", 8, 4, 4.0, src, dst, bytes);
    }

    /**
     * Host i sends {@code bytesEach} to host (i + hostsPerLeaf) mod hosts on a leaf–spine fabric
     * of {@code oversubscription}: every flow crosses the spine.
     */
    public static TrafficPattern permutation(int hosts, int hostsPerLeaf, double oversubscription, double bytesEach) {
        int[] src = new int[hosts];
        int[] dst = new int[hosts];
        double[] bytes = new double[hosts];
        for (int i = 0; i < hosts; i++) {
            src[i] = i;
            dst[i] = (i + hostsPerLeaf) % hosts;
            bytes[i] = bytesEach;
        }
        return new TrafficPattern("permutation across the spine, " + hosts + " hosts, " + hostsPerLeaf + " per leaf, "
                + oversubscription + ":1, " + mib(bytesEach) + " each", hosts, hostsPerLeaf, oversubscription, src,
                dst, bytes);
    }

    /**
     * Every host sends {@code bytesPerPair} to every other host, on a leaf–spine fabric of {@code
     * oversubscription}.
     */
    public static TrafficPattern allToAll(int hosts, int hostsPerLeaf, double oversubscription, double bytesPerPair) {
        int flows = hosts * (hosts - 1);
        int[] src = new int[flows];
        int[] dst = new int[flows];
        double[] bytes = new double[flows];
        int f = 0;
        for (int i = 0; i < hosts; i++) {
            for (int j = 0; j < hosts; j++) {
                if (i != j) {
                    src[f] = i;
                    dst[f] = j;
                    bytes[f++] = bytesPerPair;
                }
            }
        }
        return new TrafficPattern("all-to-all, " + hosts + " hosts, " + hostsPerLeaf + " per leaf, "
                + oversubscription + ":1, " + mib(bytesPerPair) + " per pair", hosts, hostsPerLeaf, oversubscription,
                src, dst, bytes);
    }

    /**
     * One ring step: {@code order[i]} sends {@code bytesEach} to {@code order[i + 1]} (cyclically),
     * on a leaf–spine fabric of {@code oversubscription} with {@code hosts} hosts.
     */
    public static TrafficPattern ring(int hosts, int hostsPerLeaf, double oversubscription, int[] order,
            double bytesEach) {
        int n = order.length;
        int[] src = new int[n];
        int[] dst = new int[n];
        double[] bytes = new double[n];
        for (int i = 0; i < n; i++) {
            src[i] = order[i];
            dst[i] = order[(i + 1) % n];
            bytes[i] = bytesEach;
        }
        return new TrafficPattern("ring step over " + n + " of " + hosts + " hosts, " + hostsPerLeaf + " per leaf, "
                + oversubscription + ":1, " + mib(bytesEach) + " each", hosts, hostsPerLeaf, oversubscription, src,
                dst, bytes);
    }

    /** The same flows on the fabric of {@code totalHosts} hosts (hosts beyond this pattern's stay idle). */
    public TrafficPattern onFabricOf(int totalHosts) {
        return new TrafficPattern(name, totalHosts, hostsPerLeaf, oversubscription, src, dst, bytes);
    }

    /** This pattern and {@code other} at once, on this pattern's fabric (which must be {@code other}'s). */
    public TrafficPattern plus(TrafficPattern other) {
        if (other.hosts != hosts || other.hostsPerLeaf != hostsPerLeaf || other.oversubscription != oversubscription) {
            throw new IllegalArgumentException("patterns run together share one fabric");
        }
        int n = flows();
        int m = other.flows();
        int[] s = java.util.Arrays.copyOf(src, n + m);
        int[] d = java.util.Arrays.copyOf(dst, n + m);
        double[] b = java.util.Arrays.copyOf(bytes, n + m);
        System.arraycopy(other.src, 0, s, n, m);
        System.arraycopy(other.dst, 0, d, n, m);
        System.arraycopy(other.bytes, 0, b, n, m);
        return new TrafficPattern(name + " + " + other.name, hosts, hostsPerLeaf, oversubscription, s, d, b);
    }

    /** The topology of the pattern, every link at {@code bytesPerSecond}. */
    public ClusterTopology topology(double bytesPerSecond) {
        LinkClass link = new LinkClass(bytesPerSecond, LATENCY_PS);
        FatTreeParameters fabric = hostsPerLeaf >= hosts ? FatTreeParameters.singleSwitch(link)
                : FatTreeParameters.twoTier(hostsPerLeaf, oversubscription, link);
        return ClusterTopology.build(ClusterParameters.scaleOutOnly(hosts, link, fabric));
    }

    /** Flows of the pattern. */
    public int flows() {
        return src.length;
    }

    /** Total payload bytes. */
    public double totalBytes() {
        double sum = 0;
        for (double b : bytes) {
            sum += b;
        }
        return sum;
    }

    static String mib(double bytes) {
        return bytes >= 1 << 20 ? bytes / (1 << 20) + " MiB" : bytes / 1024 + " KiB";
    }
}
