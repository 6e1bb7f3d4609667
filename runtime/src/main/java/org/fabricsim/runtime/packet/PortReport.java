package org.fabricsim.runtime.packet;

/**
 * What one port (the egress of one link) went through in a packet run.
 *
 * @param link               the link
 * @param sentBytes          wire bytes serialized onto it
 * @param retransmittedBytes payload bytes of retransmitted packets among them
 * @param drops              packets dropped at its queue (overflow) or corrupted on it (bit errors)
 * @param ecnMarks           packets marked when leaving its queue
 * @param pausePs            time its queues were paused by PFC, summed over priorities, picoseconds
 * @param queueP50Bytes      median egress queue depth seen by arriving packets
 * @param queueP99Bytes      99th percentile of the same
 */
public record PortReport(int link, long sentBytes, long retransmittedBytes, long drops, long ecnMarks, long pausePs,
        long queueP50Bytes, long queueP99Bytes) {
}
