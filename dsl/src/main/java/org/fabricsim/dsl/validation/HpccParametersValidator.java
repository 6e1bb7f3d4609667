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
 * HPCC's parameters on a fabric ({@code congestion-control hpcc { eta 95 % max-stage 5 additive-increase 50 Mb/s }},
 * Li et al., "HPCC: High Precision Congestion Control", SIGCOMM 2019): only on HPCC, within the ranges its control
 * law is defined for. Both the packet backend and the flow model read them (the flow model on the row the packet
 * backend measures with them: runtime {@code TunedBehaviours}).
 */
public class HpccParametersValidator extends FabricCheck {
    /**
     * The most additive-increase stages: 100. The paper uses 5 (§5); each stage is one base round trip of additive
     * increase, so beyond 100 the multiplicative step HPCC relies on to claim free bandwidth never comes within
     * the hundreds of microseconds a collective lasts.
     */
    static final int MAX_STAGE = 100;

    @Check
    public void checkHpccParametersOnHpcc(CongestionParameters parameters) {
        Fabric fabric = (Fabric) parameters.eContainer();
        if (!written(parameters) || fabric.getCongestionControl() == CongestionControl.HPCC) {
            return;
        }
        error("eta, max-stage and additive-increase are HPCC's; the fabric's congestion control is '"
                + fabric.getCongestionControl().getLiteral() + "'. Write 'congestion-control hpcc' or remove them.",
                fabric, Literals.FABRIC__CONGESTION_PARAMETERS, IssueCodes.PACKET_SETTING_RANGE);
    }

    @Check
    public void checkHpccParametersInRange(CongestionParameters parameters) {
        Fabric fabric = (Fabric) parameters.eContainer();
        if (!written(parameters) || fabric.getCongestionControl() != CongestionControl.HPCC) {
            return;
        }
        if (parameters.getEta() != null && Units.dimensionOf(parameters.getEta()) == Dimension.FRACTION) {
            double eta = Units.fraction(parameters.getEta());
            if (!(eta > 0 && eta <= 1)) {
                error("eta is HPCC's target utilisation of a link: write more than 0 % and at most 100 % (the"
                        + " published value is 95 %).", parameters, Literals.CONGESTION_PARAMETERS__ETA,
                        IssueCodes.PACKET_SETTING_RANGE, "95 %");
            }
        }
        if (Written.written(parameters, Literals.CONGESTION_PARAMETERS__MAX_STAGE)
                && (parameters.getMaxStage() < 1 || parameters.getMaxStage() > MAX_STAGE)) {
            error("max-stage counts the round trips of additive increase before a multiplicative step: write 1 to "
                    + MAX_STAGE + " (the published value is 5).", parameters,
                    Literals.CONGESTION_PARAMETERS__MAX_STAGE, IssueCodes.PACKET_SETTING_RANGE, "5");
        }
        checkAdditiveIncrease(parameters, fabric);
    }

    /** The additive increase is a rate above 0 and below the fabric's link rate (the rate HPCC may reach at most). */
    private void checkAdditiveIncrease(CongestionParameters parameters, Fabric fabric) {
        if (parameters.getAdditiveIncrease() == null
                || Units.dimensionOf(parameters.getAdditiveIncrease()) != Dimension.DATA_RATE
                || fabric.getLinkRate() == null || Units.dimensionOf(fabric.getLinkRate()) != Dimension.DATA_RATE) {
            return;
        }
        double increase = Units.bytesPerSecond(parameters.getAdditiveIncrease());
        if (increase > 0 && increase < Units.bytesPerSecond(fabric.getLinkRate())) {
            return;
        }
        error("additive-increase is the rate HPCC adds per round trip: write more than 0 and less than the link rate"
                + " (the published value is 10 Mb/s per 25 Gb/s of link, 160 Mb/s at 400 Gb/s).", parameters,
                Literals.CONGESTION_PARAMETERS__ADDITIVE_INCREASE, IssueCodes.PACKET_SETTING_RANGE);
    }

    private static boolean written(CongestionParameters parameters) {
        return parameters.getEta() != null || parameters.getAdditiveIncrease() != null
                || Written.written(parameters, Literals.CONGESTION_PARAMETERS__MAX_STAGE);
    }
}
