package org.fabricsim.runtime.spec;

/**
 * A network interface.
 *
 * @param name                qualified name
 * @param vendor              the maker
 * @param ports               network ports
 * @param portBytesPerSecond  rate of one port in one direction, bytes per second
 * @param hostBytesPerSecond  its PCIe host link in one direction, bytes per second
 * @param latencyPs           NIC traversal latency, picoseconds
 */
public record NicSpec(String name, String vendor, int ports, double portBytesPerSecond, double hostBytesPerSecond,
        long latencyPs) {

    public NicSpec {
        Specs.requireName(name);
        Specs.requirePositive("ports", ports);
        Specs.requirePositive("portBytesPerSecond", portBytesPerSecond);
        Specs.requireNonNegative("hostBytesPerSecond", hostBytesPerSecond);
        Specs.requireNonNegative("latencyPs", latencyPs);
    }

    /** Network bandwidth of the whole NIC in one direction. */
    public double bytesPerSecond() {
        return ports * portBytesPerSecond;
    }
}
