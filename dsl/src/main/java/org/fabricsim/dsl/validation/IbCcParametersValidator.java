package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.CongestionControl;
import org.fabricsim.dsl.fabric.CongestionParameters;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * InfiniBand congestion control's parameters on a fabric ({@code congestion-control ib-cc { fecn-threshold 64 KiB
 * ccti-increase 1 ccti-limit 127 ccti-timer 10.24 us }}, InfiniBand Architecture Specification Vol. 1, Annex A10):
 * only on {@code ib-cc}, within the fields' widths in the specification's management attributes. Both the packet
 * backend and the flow model read them (the flow model on the row the packet backend measures with them: runtime
 * {@code TunedBehaviours}).
 */
public class IbCcParametersValidator extends FabricCheck {
    /** CCTI_Increase is an 8-bit field of the CA congestion setting entry: 1 to 255. */
    static final int MAX_INCREASE = 255;
    /** The congestion control table holds at most 16,384 entries (256 blocks of 64): CCTI_Limit 1 to 16,383. */
    static final int MAX_LIMIT = 16_383;
    /** CCTI_Timer is a 16-bit count of 1.024 µs: at most 65,535 × 1.024 µs = 67.108 ms. */
    static final long MAX_TIMER_PS = 65_535L * 1_024_000L;

    @Check
    public void checkIbCcParametersOnIbCc(CongestionParameters parameters) {
        Fabric fabric = (Fabric) parameters.eContainer();
        if (!written(parameters) || fabric.getCongestionControl() == CongestionControl.INFINIBAND) {
            return;
        }
        error("fecn-threshold, ccti-increase, ccti-limit and ccti-timer are InfiniBand congestion control's; the"
                + " fabric's congestion control is '" + fabric.getCongestionControl().getLiteral() + "'. Write"
                + " 'congestion-control ib-cc' or remove them.", fabric, Literals.FABRIC__CONGESTION_PARAMETERS,
                IssueCodes.PACKET_SETTING_RANGE);
    }

    @Check
    public void checkIbCcParametersInRange(CongestionParameters parameters) {
        Fabric fabric = (Fabric) parameters.eContainer();
        if (!written(parameters) || fabric.getCongestionControl() != CongestionControl.INFINIBAND) {
            return;
        }
        if (parameters.getFecnThreshold() != null && Units.dimensionOf(parameters.getFecnThreshold()) == Dimension.DATA_SIZE
                && Units.bytes(parameters.getFecnThreshold()) <= 0) {
            error("fecn-threshold is the egress queue above which switches mark FECN: write more than 0 B (the"
                    + " default is 64 KiB).", parameters, Literals.CONGESTION_PARAMETERS__FECN_THRESHOLD,
                    IssueCodes.PACKET_SETTING_RANGE, "64 KiB");
        }
        if (Written.written(parameters, Literals.CONGESTION_PARAMETERS__CCTI_INCREASE)
                && (parameters.getCctiIncrease() < 1 || parameters.getCctiIncrease() > MAX_INCREASE)) {
            error("ccti-increase is the table entries a BECN adds, an 8-bit field: write 1 to " + MAX_INCREASE
                    + " (the default is 1).", parameters, Literals.CONGESTION_PARAMETERS__CCTI_INCREASE,
                    IssueCodes.PACKET_SETTING_RANGE, "1");
        }
        if (Written.written(parameters, Literals.CONGESTION_PARAMETERS__CCTI_LIMIT)
                && (parameters.getCctiLimit() < 1 || parameters.getCctiLimit() > MAX_LIMIT)) {
            error("ccti-limit is the last entry of the congestion control table (at most 16,384 entries): write 1 to "
                    + MAX_LIMIT + " (the default is 127).", parameters, Literals.CONGESTION_PARAMETERS__CCTI_LIMIT,
                    IssueCodes.PACKET_SETTING_RANGE, "127");
        }
        if (parameters.getCctiTimer() != null && Units.dimensionOf(parameters.getCctiTimer()) == Dimension.TIME) {
            long timerPs = Units.picoseconds(parameters.getCctiTimer());
            if (timerPs <= 0 || timerPs > MAX_TIMER_PS) {
                error("ccti-timer is the period of one table entry back, a 16-bit count of 1.024 us: write more"
                        + " than 0 and at most 67.1 ms (the default is 10.24 us).", parameters,
                        Literals.CONGESTION_PARAMETERS__CCTI_TIMER, IssueCodes.PACKET_SETTING_RANGE, "10.24 us");
            }
        }
    }

    private static boolean written(CongestionParameters parameters) {
        return parameters.getFecnThreshold() != null || parameters.getCctiTimer() != null
                || Written.written(parameters, Literals.CONGESTION_PARAMETERS__CCTI_INCREASE)
                || Written.written(parameters, Literals.CONGESTION_PARAMETERS__CCTI_LIMIT);
    }
}
