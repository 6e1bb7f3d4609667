package org.fabricsim.runtime.analysis;

/**
 * What the switches of a switched scale-up domain (NVSwitch, NVLink Switch) carry.
 *
 * <p>s switches of k ports at r bytes/s per direction switch at most C = s·k·r bytes/s per direction; the
 * domain's n accelerators inject n·b, b each (per direction). Each switch port takes one accelerator link, so
 * with C ≥ n·b every link is wired and every accelerator runs at b; with C &lt; n·b the ports run out before the
 * links do and the accelerators share them, each at C/n:
 * <pre>  b_eff = min(b, s·k·r / n).</pre>
 * The catalog's domains are exactly non-blocking or better: DGX H100 4 × 64 × 25 GB/s = 6.4 TB/s against
 * 8 × 450 GB/s = 3.6 TB/s; HGX B200 2 × 72 × 50 GB/s = 7.2 TB/s = 8 × 900 GB/s; GB200 NVL72 18 × 72 × 50 GB/s =
 * 64.8 TB/s = 72 × 900 GB/s (NVIDIA's "130 TB/s" is both directions). Two NVSwitch3 chips for eight H100s would
 * wire 128 of their 144 links: 400 GB/s each. The share is continuous: where the ports do not split into whole
 * links per accelerator, the count rounds to the same average. Every method is O(1).
 */
public final class ScaleUpSwitching {
    /** Relative slack under which a domain counts as non-blocking (rates written in different units). */
    private static final double SLACK = 1e-9;

    private ScaleUpSwitching() {
    }

    /** Bytes per second per direction that s switches of k ports at r switch: s·k·r. */
    public static double switchingBytesPerSecond(int switches, int ports, double portBytesPerSecond) {
        return (double) switches * ports * portBytesPerSecond;
    }

    /**
     * Each accelerator's scale-up rate per direction, min(b, s·k·r / n).
     *
     * @param domainSize n, the accelerators the switches join
     * @param acceleratorBytesPerSecond b, one accelerator's scale-up rate per direction
     * @param switches s
     * @param ports k, per switch
     * @param portBytesPerSecond r, per port and direction
     */
    public static double bytesPerSecondPerAccelerator(int domainSize, double acceleratorBytesPerSecond, int switches,
            int ports, double portBytesPerSecond) {
        double share = switchingBytesPerSecond(switches, ports, portBytesPerSecond) / domainSize;
        return blocking(domainSize, acceleratorBytesPerSecond, switches, ports, portBytesPerSecond)
                ? share : acceleratorBytesPerSecond;
    }

    /** Whether s·k·r &lt; n·b, beyond rounding: the switches cannot carry every accelerator at its rate. */
    public static boolean blocking(int domainSize, double acceleratorBytesPerSecond, int switches, int ports,
            double portBytesPerSecond) {
        double injected = domainSize * acceleratorBytesPerSecond;
        return switchingBytesPerSecond(switches, ports, portBytesPerSecond) < injected * (1 - SLACK);
    }

    /** The fewest switches of k ports at r that carry n accelerators at b: ⌈n·b / (k·r)⌉, beyond rounding. */
    public static int switchesNeeded(int domainSize, double acceleratorBytesPerSecond, int ports,
            double portBytesPerSecond) {
        double ratio = domainSize * acceleratorBytesPerSecond / switchingBytesPerSecond(1, ports, portBytesPerSecond);
        return (int) Math.ceil(ratio * (1 - SLACK));
    }
}
