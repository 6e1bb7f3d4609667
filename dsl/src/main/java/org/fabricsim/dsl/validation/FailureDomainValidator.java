package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FailureDomain;
import org.fabricsim.dsl.units.Units;

/**
 * Correlated failure domains ({@code domain rack 16 nodes mtbf 5000 h}) the failure model can count:
 * at least one node and a positive MTBF ({@link ReliabilityValidator} keeps them within the
 * cluster). Each error says how to fix it.
 */
public class FailureDomainValidator extends FabricCheck {

    @Check
    public void checkDomainSizePositive(FailureDomain domain) {
        if (domain.getSize() <= 0) {
            error("A failure domain holds at least one node: write how many nodes one " + domain.getKind()
                    + " takes down at once, such as 'domain " + domain.getKind() + " 16 nodes mtbf 5000 h'.", domain,
                    Literals.FAILURE_DOMAIN__SIZE, IssueCodes.DOMAIN_SIZE_NOT_POSITIVE);
        }
    }

    @Check
    public void checkDomainMtbfPositive(FailureDomain domain) {
        if (Units.valueOf(domain.getMtbf()) <= 0) {
            error("An MTBF must be greater than zero: write the mean time between failures of one " + domain.getKind()
                    + " as a whole, such as 'domain " + domain.getKind() + " " + domain.getSize()
                    + " nodes mtbf 5000 h', or remove the line.", domain, Literals.FAILURE_DOMAIN__MTBF,
                    IssueCodes.RELIABILITY_RATE_NOT_POSITIVE);
        }
    }
}
