package org.fabricsim.runtime.interop;

import org.fabricsim.runtime.topology.Graph;

/** The InfraGraph names of the {@link Graph} node kinds: device and instance name, component choice. */
final class NodeKinds {
    /** The number of node kinds, {@link Graph#ACCELERATOR} to {@link Graph#NIC}. */
    static final int COUNT = 3;

    private NodeKinds() {
    }

    /** The device and instance name of a kind. */
    static String name(byte kind) {
        return switch (kind) {
            case Graph.ACCELERATOR -> "accelerator";
            case Graph.SWITCH -> "switch";
            default -> "nic";
        };
    }

    /** The component name and InfraGraph {@code choice} of a kind. */
    static String component(byte kind) {
        return switch (kind) {
            case Graph.ACCELERATOR -> "xpu";
            case Graph.SWITCH -> "switch";
            default -> "nic";
        };
    }
}
