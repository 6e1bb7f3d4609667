package org.fabricsim.dsl.validation;

import java.util.Locale;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FabricScope;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Unit;
import org.fabricsim.dsl.units.Units;

/**
 * Network rates are quoted in bits: a scale-out link, NIC port, uplink or data-centre NIC written in bytes and faster
 * than any network port made ({@value #FASTEST_PORT_BITS_PER_SECOND} bit/s, 1.6 Tb/s: 1.6T Ethernet, ConnectX-9) is
 * almost always Gb/s written GB/s ({@code link 400 GB/s} is 3.2 Tb/s, eight times what was meant). Scale-up rates
 * (NVLink's 50 GB/s a link, 900 GB/s an accelerator) are quoted in bytes and are not checked. A sketched cluster's
 * {@code link} may sketch a scale-up domain as well ({@code nodes 1 x 72 accelerators link 900 GB/s}), so there only
 * a network port's speed in bytes ({@value #PORT_SPEEDS}) is asked about.
 */
public class NetworkRateValidator extends FabricCheck {
    /** The fastest network port shipping, 1.6 Tb/s, in bit/s. */
    static final double FASTEST_PORT_BITS_PER_SECOND = 1.6e12;

    /** Rates of one network port or link: a NIC's ports, a tier's uplinks, a data-centre network's NIC. */
    private static final Set<EStructuralFeature> NETWORK_PORT_RATES = Set.of(Literals.NIC__PORT_RATE,
            Literals.TIER_LEVEL__UPLINK_RATE, Literals.DATA_CENTRE_NETWORK__NIC_RATE);

    /** Network port speeds in Gb/s (Ethernet and InfiniBand, HDR to 1.6T): the numbers a sketch's link is asked about. */
    static final String PORT_SPEEDS = "100, 200, 400, 800, 1600";
    private static final Set<String> PORT_SPEED_VALUES = Set.of(PORT_SPEEDS.split(", "));

    @Check
    public void checkNetworkRateWrittenInBits(Quantity quantity) {
        EObject owner = quantity.eContainer();
        EStructuralFeature feature = quantity.eContainingFeature();
        boolean scaleOutLink = owner instanceof Fabric fabric && feature == Literals.FABRIC__LINK_RATE
                && fabric.getScope() == FabricScope.SCALE_OUT;
        boolean sketchedPortSpeed = feature == Literals.CLUSTER__LINK_RATE
                && PORT_SPEED_VALUES.contains(quantity.getValue());
        if (!scaleOutLink && !sketchedPortSpeed && !NETWORK_PORT_RATES.contains(feature)
                || !inBytes(quantity.getUnit())) {
            return;
        }
        double bitsPerSecond = Units.bytesPerSecond(quantity) * 8;
        if (bitsPerSecond <= FASTEST_PORT_BITS_PER_SECOND || bitsPerSecond > UnitsValidator.MAX_DATA_RATE) {
            return; // the 1 Pb/s bound reports a larger rate itself
        }
        String written = quantity.getValue() + " " + quantity.getUnit().getLiteral();
        String inBits = quantity.getValue() + " " + quantity.getUnit().getLiteral().replace('B', 'b');
        warning(String.format(Locale.ROOT, "%s is %,.1f Tb/s, faster than any network port made (1.6 Tb/s). Network"
                + " rates are quoted in bits: did you mean %s?", written, bitsPerSecond / 1e12, inBits), quantity, null,
                IssueCodes.NETWORK_RATE_IN_BYTES, inBits);
    }

    private static boolean inBytes(Unit unit) {
        return unit == Unit.MBYTE_PER_SECOND || unit == Unit.GBYTE_PER_SECOND || unit == Unit.TBYTE_PER_SECOND;
    }
}
