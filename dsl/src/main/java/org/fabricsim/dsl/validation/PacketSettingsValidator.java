package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.CongestionControl;
import org.fabricsim.dsl.fabric.CongestionParameters;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.ScientificNumber;
import org.fabricsim.dsl.units.Units;

/**
 * A fabric's packet-level settings ({@code mtu}, {@code bit-error-rate}, DCQCN's
 * {@code congestion-control dcqcn { kmin .. kmax .. pmax .. increase-timer .. }}): within the ranges
 * the packet backend simulates. The flow model reads DCQCN's parameters on the row the packet backend measures with
 * them (runtime {@code TunedBehaviours}), an MTU only as the header share that scales the profile's NIC efficiency
 * (an info says so beside a fabric's stated {@code efficiency}) and a bit-error rate as the goodput its resends
 * leave ({@code BitErrors}).
 */
public class PacketSettingsValidator extends FabricCheck {
    /** The smallest MTU: InfiniBand's 256 B (IBTA specification, MTU 256 to 4096 B). */
    static final long MIN_MTU_BYTES = 256;
    /**
     * The largest MTU: 9216 B, the largest jumbo frame merchant Ethernet switches accept (NVIDIA
     * Spectrum and Broadcom Tomahawk datasheets: MTU up to 9216 B); InfiniBand stops at 4096 B.
     */
    static final long MAX_MTU_BYTES = 9216;
    /**
     * The largest bit-error rate: 1e-6. A full RoCE packet (4158 B, 33,264 bits) is then corrupted on
     * a link with probability 1 − (1 − 1e-6)^33264 = 3.3%; at 1e-5 it is 28% per link, and go-back-N
     * over a few hops barely progresses. Ethernet links are specified at 1e-12 or better (IEEE 802.3).
     */
    static final double MAX_BIT_ERROR_RATE = 1e-6;

    private static final String PACKET_ONLY = " is read by the packet backend only ('network packet' on a benchmark,"
            + " its study or 'fabric simulate --network packet'): ";

    @Check
    public void checkFabricMtuInRange(Fabric fabric) {
        if (fabric.getMtu() == null || Units.dimensionOf(fabric.getMtu()) != Dimension.DATA_SIZE) {
            return;
        }
        long bytes = Units.bytes(fabric.getMtu());
        if (bytes < MIN_MTU_BYTES || bytes > MAX_MTU_BYTES) {
            error("An MTU of " + bytes + " B is outside what fabrics carry: write " + MIN_MTU_BYTES + " B to "
                    + MAX_MTU_BYTES + " B (RoCE and InfiniBand 4096 B, Ethernet jumbo frames up to 9216 B).", fabric,
                    Literals.FABRIC__MTU, IssueCodes.PACKET_SETTING_RANGE,
                    String.valueOf(bytes < MIN_MTU_BYTES ? MIN_MTU_BYTES : MAX_MTU_BYTES));
        } else if (fabric.getEfficiency() != null) {
            info("'mtu'" + PACKET_ONLY + "the flow model scales the profile's NIC efficiency by the MTU's header"
                    + " share, and this fabric states its own 'efficiency', the share it achieves at its MTU.", fabric,
                    Literals.FABRIC__MTU, IssueCodes.PACKET_ONLY_SETTING);
        }
    }

    @Check
    public void checkFabricBitErrorRateInRange(Fabric fabric) {
        if (fabric.getBitErrorRate() == null) {
            return;
        }
        double rate = ScientificNumber.value(fabric.getBitErrorRate());
        if (!(rate >= 0 && rate <= MAX_BIT_ERROR_RATE)) {
            error("'bit-error-rate " + fabric.getBitErrorRate() + "' is not a rate the packet backend simulates:"
                    + " write a number from 0 to 1e-6, such as 1e-12 (a bit corrupted per link traversal).", fabric,
                    Literals.FABRIC__BIT_ERROR_RATE, IssueCodes.PACKET_SETTING_RANGE, "1e-12");
        }
    }

    @Check
    public void checkCongestionParametersInRange(CongestionParameters parameters) {
        Fabric fabric = (Fabric) parameters.eContainer();
        if (parameters.getKmin() == null && parameters.getKmax() == null && parameters.getPmax() == null
                && parameters.getIncreaseTimer() == null) {
            return;
        }
        if (fabric.getCongestionControl() != CongestionControl.DCQCN) {
            error("Kmin, Kmax, Pmax and the increase timer are DCQCN's; the fabric's congestion control is '"
                    + fabric.getCongestionControl().getLiteral() + "'. Write 'congestion-control dcqcn' or remove"
                    + " the block.", fabric, Literals.FABRIC__CONGESTION_PARAMETERS,
                    IssueCodes.PACKET_SETTING_RANGE);
            return;
        }
        long kmin = parameters.getKmin() == null ? -1 : bytes(parameters.getKmin());
        long kmax = parameters.getKmax() == null ? -1 : bytes(parameters.getKmax());
        if (kmin >= 0 && kmax >= 0 && kmin >= kmax) {
            error("DCQCN marks between Kmin and Kmax, so Kmin must be below Kmax (the published default is"
                    + " 100 KB and 400 KB per 25 Gb/s of line rate).", parameters,
                    Literals.CONGESTION_PARAMETERS__KMAX, IssueCodes.PACKET_SETTING_RANGE);
        }
        if (parameters.getPmax() != null && Units.dimensionOf(parameters.getPmax()) == Dimension.FRACTION
                && Units.fraction(parameters.getPmax()) > 1) {
            error("Pmax is a marking probability: write at most 100 % (the published default is 20 %).",
                    parameters, Literals.CONGESTION_PARAMETERS__PMAX, IssueCodes.PACKET_SETTING_RANGE);
        }
    }

    /** The bytes of a data size, or −1 when it is written in another dimension (the units check says so). */
    private static long bytes(Quantity quantity) {
        return Units.dimensionOf(quantity) == Dimension.DATA_SIZE ? Units.bytes(quantity) : -1;
    }
}
