package org.fabricsim.runtime.spec;

/**
 * A switch.
 *
 * @param name                qualified name
 * @param vendor              the maker
 * @param radix               ports
 * @param portBytesPerSecond  rate of one port in one direction, bytes per second
 * @param latencyPs           port-to-port latency, picoseconds
 * @param bufferBytes         packet buffer, bytes; 0 when unknown
 * @param inNetworkReduction  it can reduce data in the switch
 * @param scheduled           a scheduled (VOQ, credit) fabric switch rather than a shallow-buffer one
 */
public record SwitchSpec(String name, String vendor, int radix, double portBytesPerSecond, long latencyPs,
        long bufferBytes, boolean inNetworkReduction, boolean scheduled) {

    public SwitchSpec {
        Specs.requireName(name);
        Specs.requirePositive("radix", radix);
        Specs.requirePositive("portBytesPerSecond", portBytesPerSecond);
        Specs.requireNonNegative("latencyPs", latencyPs);
        Specs.requireNonNegative("bufferBytes", bufferBytes);
    }
}
