package org.fabricsim.runtime.topology;

/**
 * A whole cluster: accelerators in scale-up domains, each with a NIC into one scale-out fabric.
 *
 * @param accelerators number of accelerators (a multiple of the domain size)
 * @param scaleUp      the scale-up domains
 * @param nicLink      the NIC link class (accelerator ↔ its leaf or router), null without scale-out or on a
 *                     direct fabric
 * @param scaleOut     the scale-out fabric, null when the cluster is a single scale-up domain
 * @param dataCentre   a second network beside the scale-out fabric (between pods), or null
 */
public record ClusterParameters(int accelerators, ScaleUpParameters scaleUp, LinkClass nicLink,
        FabricParameters scaleOut, DataCentreParameters dataCentre) {

    public ClusterParameters {
        if (accelerators < 1 || scaleUp == null) {
            throw new IllegalArgumentException("a cluster needs at least one accelerator and scale-up parameters");
        }
        if (accelerators % scaleUp.domainSize() != 0) {
            throw new IllegalArgumentException(accelerators + " accelerators do not fill domains of "
                    + scaleUp.domainSize());
        }
        if ((scaleOut == null || scaleOut.direct()) != (nicLink == null)) {
            throw new IllegalArgumentException("a switched scale-out fabric and a NIC link go together; a direct one"
                    + " has no NIC link");
        }
        if (scaleOut == null && severalDomains(accelerators, scaleUp.domainSize())) {
            throw new IllegalArgumentException("more than one scale-up domain needs a scale-out fabric");
        }
        if (dataCentre != null && scaleOut == null) {
            throw new IllegalArgumentException("a data-centre network is a second network beside a scale-out fabric");
        }
    }

    /**
     * Whether {@code accelerators} fill more than one scale-up domain of {@code domainSize}, which only a scale-out
     * fabric joins.
     */
    public static boolean severalDomains(int accelerators, int domainSize) {
        return accelerators / domainSize > 1;
    }

    /** A cluster with one scale-out network. */
    public ClusterParameters(int accelerators, ScaleUpParameters scaleUp, LinkClass nicLink,
            FabricParameters scaleOut) {
        this(accelerators, scaleUp, nicLink, scaleOut, null);
    }

    /** This cluster with {@code network} as its data-centre network beside the scale-out fabric. */
    public ClusterParameters withDataCentre(DataCentreParameters network) {
        return new ClusterParameters(accelerators, scaleUp, nicLink, scaleOut, network);
    }

    /** Accelerators on one scale-out fabric, without scale-up. */
    public static ClusterParameters scaleOutOnly(int accelerators, LinkClass nicLink, FabricParameters fabric) {
        return new ClusterParameters(accelerators, ScaleUpParameters.none(), nicLink, fabric);
    }

    /** Accelerators that are the routers of a direct fabric (a torus), without scale-up. */
    public static ClusterParameters direct(int accelerators, FabricParameters fabric) {
        return new ClusterParameters(accelerators, ScaleUpParameters.none(), null, fabric);
    }

    /** One scale-up domain, without scale-out. */
    public static ClusterParameters singleDomain(ScaleUpParameters scaleUp) {
        return new ClusterParameters(scaleUp.domainSize(), scaleUp, null, null);
    }
}
