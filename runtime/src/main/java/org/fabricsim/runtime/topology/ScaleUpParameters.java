package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.collective.Calibration;

/**
 * Scale-up domains: consecutive groups of {@code domainSize} accelerators (a node, or a rack).
 *
 * <ul>
 * <li>{@link Kind#SWITCHED}: every accelerator has one link to, and one from, a non-blocking
 * domain switch (NVSwitch-like; {@code link} is the per-accelerator rate in one direction). With
 * {@code inSwitchReduction} the switch reduces (NVLS). A rack-scale domain (NVL72-like) is the
 * same with 72 accelerators.</li>
 * <li>{@link Kind#FULL_MESH}: a direct link between every ordered pair of accelerators of the
 * domain (MI300X-like; {@code link} is the per-pair rate).</li>
 * <li>{@link Kind#IN_GRAPH}: domains found in a fabric given as a whole graph ({@link
 * GraphFabricParameters}, an imported InfraGraph): the graph's own links and switches carry their
 * traffic, so the builder adds no link; the domains group the accelerators for the collectives
 * ({@code link} is the rate found between an accelerator and its domain).</li>
 * <li>{@link Kind#NONE}: no scale-up fabric, every accelerator is its own domain.</li>
 * </ul>
 *
 * @param kind              the kind of domain
 * @param domainSize        accelerators per domain
 * @param link              the link class, see the kinds
 * @param inSwitchReduction whether the domain switch reduces (SWITCHED only)
 * @param inSwitchEfficiency share of the link rate in-switch reduction traffic achieves, in (0, 1]
 *                          ({@link Calibration#nvlsEfficiency}; the default profile's unless set with
 *                          {@link #withInSwitchEfficiency})
 */
public record ScaleUpParameters(Kind kind, int domainSize, LinkClass link, boolean inSwitchReduction,
        double inSwitchEfficiency) {

    /** The kinds of scale-up domain. */
    public enum Kind {
        NONE, SWITCHED, FULL_MESH, IN_GRAPH
    }

    public ScaleUpParameters {
        if (kind == Kind.NONE) {
            domainSize = 1;
        } else if (domainSize < 2 || link == null) {
            throw new IllegalArgumentException("a scale-up domain needs a link class and at least 2 accelerators");
        }
        if (inSwitchReduction && kind != Kind.SWITCHED) {
            throw new IllegalArgumentException("in-switch reduction needs a switched domain");
        }
        if (!(inSwitchEfficiency > 0 && inSwitchEfficiency <= 1)) {
            throw new IllegalArgumentException("the in-switch efficiency must lie in (0, 1], was " + inSwitchEfficiency);
        }
    }

    /** A domain with the default profile's in-switch efficiency. */
    public ScaleUpParameters(Kind kind, int domainSize, LinkClass link, boolean inSwitchReduction) {
        this(kind, domainSize, link, inSwitchReduction, Calibration.DEFAULT.nvlsEfficiency());
    }

    /** This domain with in-switch reduction traffic at {@code efficiency} of the link rate. */
    public ScaleUpParameters withInSwitchEfficiency(double efficiency) {
        return new ScaleUpParameters(kind, domainSize, link, inSwitchReduction, efficiency);
    }

    /** No scale-up fabric. */
    public static ScaleUpParameters none() {
        return new ScaleUpParameters(Kind.NONE, 1, null, false);
    }

    /** A switched (NVSwitch-like) domain. */
    public static ScaleUpParameters switched(int domainSize, LinkClass perAccelerator, boolean inSwitchReduction) {
        return new ScaleUpParameters(Kind.SWITCHED, domainSize, perAccelerator, inSwitchReduction);
    }

    /** A rack-scale switched domain of 72 accelerators (NVL72-like). */
    public static ScaleUpParameters rackScale72(LinkClass perAccelerator, boolean inSwitchReduction) {
        return switched(72, perAccelerator, inSwitchReduction);
    }

    /** Domains of {@code domainSize} found in a whole-graph fabric, reached at {@code link}. */
    public static ScaleUpParameters inGraph(int domainSize, LinkClass link) {
        return new ScaleUpParameters(Kind.IN_GRAPH, domainSize, link, false);
    }

    /** Whether the builder lays this domain's own links (switched or full mesh), which routes inside it take. */
    public boolean buildsLinks() {
        return kind == Kind.SWITCHED || kind == Kind.FULL_MESH;
    }

    /** A full mesh (MI300X-like). */
    public static ScaleUpParameters fullMesh(int domainSize, LinkClass perPair) {
        return new ScaleUpParameters(Kind.FULL_MESH, domainSize, perPair, false);
    }
}
