package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.model.Written;

/**
 * A scale-up domain splits a node into equal parts or spans whole nodes: its size divides the node's
 * accelerators or is a multiple of them. Any other size (a domain of 7 in an 8-accelerator node) would
 * validate, and then every run would fail when the engine lays the accelerators out in domains.
 */
public class ScaleUpDomainValidator extends FabricCheck {

    @Check
    public void checkScaleUpDomainFitsNode(Node node) {
        ScaleUpDomain domain = node.getScaleUp();
        if (domain == null || !Written.written(domain, Literals.SCALE_UP_DOMAIN__DOMAIN_SIZE)) {
            return;
        }
        int size = domain.getDomainSize();
        int accelerators = node.getAccelerators();
        if (size < 1 || accelerators < 1 || accelerators % size == 0 || size % accelerators == 0) {
            return;
        }
        error("A scale-up domain of " + size + " does not fit nodes of " + accelerators + " accelerators: a domain"
                + " splits a node into equal parts or spans whole nodes. Write a divisor of " + accelerators
                + " (such as " + accelerators + ") or a multiple of it (such as " + 2 * accelerators + ").", domain,
                Literals.SCALE_UP_DOMAIN__DOMAIN_SIZE, IssueCodes.DOMAIN_MISFIT, String.valueOf(accelerators));
    }
}
