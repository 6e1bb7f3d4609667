package org.fabricsim.runtime.collective;

/**
 * NCCL's communication protocols. {@link #LL} stores 4 bytes of data with a 4-byte flag per 8-byte
 * word (lowest latency, half the bandwidth); {@link #LL128} stores 120 data bytes with an 8-byte
 * flag per 128-byte line; {@link #SIMPLE} moves whole buffers behind a memory fence (full bandwidth,
 * the highest latency). {@link #AUTO} lets the tuner choose by size, as NCCL does.
 */
public enum Protocol {
    /** Chosen per size by NCCL's cost model. */
    AUTO("auto"),
    /** Low latency: 8-byte stores with an inline flag. */
    LL("LL"),
    /** Low latency on 128-byte lines. */
    LL128("LL128"),
    /** Bulk transfers with fences. */
    SIMPLE("Simple");

    private final String label;

    Protocol(String label) {
        this.label = label;
    }

    /** The name NCCL's logs and the language use: {@code LL}, {@code LL128}, {@code Simple}, {@code auto}. */
    public String label() {
        return label;
    }

    /** The concrete protocols, in NCCL's index order. */
    public static final Protocol[] CONCRETE = { LL, LL128, SIMPLE };
}
