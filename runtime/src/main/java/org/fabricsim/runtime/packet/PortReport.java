package org.fabricsim.runtime.packet;

/**
 * What one port (the egress of one link) went through in a packet run.
 *
 * @param link               the link
 * @param fromNode           the node the link leaves (the switch or NIC that owns the port)
 * @param toNode             the node it reaches
 * @param sentBytes          wire bytes serialized onto it
 * @param retransmittedBytes payload bytes of retransmitted packets among them
 * @param drops              packets dropped at its queue (overflow) or corrupted on it (bit errors)
 * @param trimmed            packets trimmed to their headers at its queue (trimming fabrics)
 * @param ecnMarks           packets marked when leaving its queue
 * @param pausePs            time its queues were paused by PFC, summed over priorities, picoseconds
 * @param peakQueueBytes     the most bytes its egress queue held, just after an admission (all priorities)
 * @param meanQueueBytes     mean egress queue depth seen by arriving packets, bytes (0 with no arrival)
 * @param queueP50Bytes      median egress queue depth seen by arriving packets
 * @param queueP99Bytes      99th percentile of the same
 */
public record PortReport(int link, int fromNode, int toNode, long sentBytes, long retransmittedBytes, long drops,
        long trimmed, long ecnMarks, long pausePs, long peakQueueBytes, double meanQueueBytes, long queueP50Bytes,
        long queueP99Bytes) {
}
