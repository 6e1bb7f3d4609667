package org.fabricsim.runtime.network;

import java.util.Arrays;
import java.util.Optional;

/** The selectable network models, each with the label the language and the command line use. */
public enum NetworkKind {
    /** {@link MaxMinNetwork}: flow-level max-min sharing with contention; the default ({@code flow}). */
    MAX_MIN("flow"),
    /** {@link AnalyticalNetwork}: alpha-beta with the path's bottleneck bandwidth, no sharing. */
    ANALYTICAL("analytical"),
    /** {@code org.fabricsim.runtime.packet.PacketNetwork}: packets, switch buffers, flow control, RoCE defaults. */
    PACKET("packet");

    private final String label;

    NetworkKind(String label) {
        this.label = label;
    }

    /** The name the language ({@code network packet}), the command line and the results use. */
    public String label() {
        return label;
    }

    /** The kind labelled {@code label}, if any. */
    public static Optional<NetworkKind> ofLabel(String label) {
        return Arrays.stream(values()).filter(kind -> kind.label.equals(label)).findFirst();
    }
}
