package org.fabricsim.runtime.topology;

/**
 * The in-network aggregation (SHARP) resources of a scale-out fabric's switches: how many
 * streaming aggregation trees may be active at once, per switch or per switch port. A streaming
 * aggregation tree reduces at line rate (the bandwidth path NCCL's CollNet uses); a tree the
 * switches cannot host is refused by the aggregation manager, and the job runs without in-network
 * reduction.
 *
 * <p>Sources: NVIDIA SHARP Rev 3.13.0, General Information, "Capabilities and Limitations":
 * Quantum (HDR, SHARPv2) "the number of SHARP streaming aggregation operations is limited to one
 * active tree per switch"; Quantum-2 (NDR, SHARPv3) "Multiple SHARP streaming aggregation operations
 * can be operated in parallel by a single Quantum-2 switch. The limit is one active tree per port."
 * Quantum-X800 (XDR, SHARPv4) is not listed there; it is assumed to keep Quantum-2's per-port limit.
 *
 * @param treesPerSwitch active streaming trees one switch hosts, or 0 for no per-switch limit
 * @param treesPerPort   active streaming trees one switch port (directed link out of a switch or into
 *                       one) carries, or 0 for no per-port limit
 */
public record AggregationResources(int treesPerSwitch, int treesPerPort) {
    /** Quantum HDR, SHARPv2: one active streaming tree per switch. */
    public static final AggregationResources SHARP_V2 = new AggregationResources(1, 0);
    /** Quantum-2 NDR, SHARPv3, and (assumed) Quantum-X800 XDR, SHARPv4: one active tree per port. */
    public static final AggregationResources SHARP_V3 = new AggregationResources(0, 1);

    public AggregationResources {
        if (treesPerSwitch < 0 || treesPerPort < 0) {
            throw new IllegalArgumentException("aggregation tree limits are non-negative");
        }
    }
}
