package org.fabricsim.runtime.network;

/** The selectable network models. */
public enum NetworkKind {
    /** {@link MaxMinNetwork}: flow-level max-min sharing with contention. */
    MAX_MIN,
    /** {@link AnalyticalNetwork}: alpha-beta with the path's bottleneck bandwidth, no sharing. */
    ANALYTICAL,
    /** {@code org.fabricsim.runtime.packet.PacketNetwork}: packets, switch buffers, flow control, RoCE defaults. */
    PACKET
}
