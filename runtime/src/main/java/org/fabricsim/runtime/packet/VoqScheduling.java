package org.fabricsim.runtime.packet;

/**
 * A scheduled fabric's parameters (Broadcom DNX: Jericho line cards over Ramon fabric elements; Arista 7800R and
 * Cisco 8000 "scheduled fabric"; Meta's Disaggregated Scheduled Fabric): the ingress keeps a virtual output queue per
 * egress port and sends nothing until that port's egress credit scheduler grants it credits; the scheduler grants one
 * credit of {@code creditBytes} every {@code creditBytes} / port rate, round robin over the VOQs that asked, so the
 * egress port is never offered more than it drains ({@link VoqScheduler} runs it).
 *
 * @param creditBytes the worth of one credit, bytes of wire, positive
 */
public record VoqScheduling(int creditBytes) {
    public VoqScheduling {
        if (creditBytes <= 0) {
            throw new IllegalArgumentException("a scheduled fabric's credit must be worth at least one byte, not "
                    + creditBytes);
        }
    }

    /**
     * A credit of 1024 bytes: the credit size of Broadcom DNX (Jericho2) systems as Extreme Networks' SLX-OS 20.3.4a
     * documents its egress scheduling ("You must use a credit request/grant mechanism to perform egress scheduling
     * QoS"; the maximum credit size is 1024 bytes; "QoS egress scheduling", SLX-OS 20.3.4a Management Configuration
     * Guide). Assumed: the largest size is the one configured (fewer credit messages per byte).
     */
    public static VoqScheduling defaults() {
        return new VoqScheduling(1024);
    }
}
