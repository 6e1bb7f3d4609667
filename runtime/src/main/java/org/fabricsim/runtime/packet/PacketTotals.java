package org.fabricsim.runtime.packet;

/**
 * The totals of a packet run.
 *
 * @param packetHops          packets serialized onto a link, summed over links
 * @param drops               packets dropped (overflow or bit errors)
 * @param trimmed             packets trimmed to their headers (trimming fabrics)
 * @param retransmittedBytes  payload bytes sent again by the transport
 * @param duplicateBytes      payload bytes that reached a receiver which already had them
 * @param cnps                congestion notification packets the receivers generated
 * @param headroomDrops       PFC packets dropped because headroom and shared pool were full (0 if lossless)
 * @param timeouts            retransmission timeouts that found no progress and resent
 * @param peakPacketsInFlight the most packets alive at once
 */
public record PacketTotals(long packetHops, long drops, long trimmed, long retransmittedBytes, long duplicateBytes,
        long cnps, long headroomDrops, long timeouts, int peakPacketsInFlight) {
}
