package org.fabricsim.runtime.topology;

/**
 * A multi-plane fabric: {@code planes} copies of one fabric, every NIC with one port on each
 * (Alibaba HPN's dual-plane design: each port of a 2 × 200G NIC to its own top-of-rack switch, the
 * two switches in different planes). Each port runs at the NIC rate ÷ planes.
 *
 * @param planes the number of planes, at least 2
 * @param plane  the fabric of one plane, built over every NIC port at the per-port rate
 */
public record MultiPlaneParameters(int planes, FabricParameters plane) implements FabricParameters {

    public MultiPlaneParameters {
        if (planes < 2 || plane == null) {
            throw new IllegalArgumentException("a multi-plane fabric has at least 2 planes of one fabric: " + planes);
        }
    }

    @Override
    public ScaleOutFabric build(GraphBuilder graph, int ports, double nicBytesPerSecond) {
        return new MultiPlane(this, graph, ports, nicBytesPerSecond);
    }
}
