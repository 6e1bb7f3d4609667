package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.CongestionControl;
import org.fabricsim.dsl.fabric.CongestionParameters;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * A scheduled fabric's parameter ({@code congestion-control scheduled { credit 1 KiB }}: the worth of one egress
 * credit, 1,024 B by default, runtime {@code VoqScheduling}): only on {@code scheduled}, from 1 B to
 * {@value #MAX_CREDIT_BYTES} B. Both the packet backend and the flow model read it (the flow model on the row the
 * packet backend measures with it: runtime {@code TunedBehaviours}).
 */
public class ScheduledParametersValidator extends FabricCheck {
    /**
     * At most a 9,216-byte jumbo frame with its headers, 16 KiB: a credit is a share of one port's time, and one
     * worth several packets lets a port's grants arrive as bursts (assumed bound; DNX documents at most 1,024 B).
     */
    static final long MAX_CREDIT_BYTES = 16 << 10;

    @Check
    public void checkScheduledParametersOnScheduled(CongestionParameters parameters) {
        Fabric fabric = (Fabric) parameters.eContainer();
        if (parameters.getCredit() == null || fabric.getCongestionControl() == CongestionControl.SCHEDULED) {
            return;
        }
        error("credit is a scheduled fabric's egress credit; the fabric's congestion control is '"
                + fabric.getCongestionControl().getLiteral() + "'. Write 'congestion-control scheduled' or remove it.",
                parameters, Literals.CONGESTION_PARAMETERS__CREDIT, IssueCodes.PACKET_SETTING_RANGE);
    }

    @Check
    public void checkScheduledCreditInRange(CongestionParameters parameters) {
        Fabric fabric = (Fabric) parameters.eContainer();
        if (parameters.getCredit() == null || fabric.getCongestionControl() != CongestionControl.SCHEDULED
                || Units.dimensionOf(parameters.getCredit()) != Dimension.DATA_SIZE) {
            return;
        }
        long bytes = Units.bytes(parameters.getCredit());
        if (bytes < 1 || bytes > MAX_CREDIT_BYTES) {
            error("credit is the worth of one egress credit: write from 1 B to 16 KiB (the"
                    + " default is 1 KiB, Broadcom DNX's).", parameters, Literals.CONGESTION_PARAMETERS__CREDIT,
                    IssueCodes.PACKET_SETTING_RANGE, "1 KiB");
        }
    }
}
