package org.fabricsim.dsl.validation;

import java.util.Map;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/** Quantities have the dimension their place demands, and are positive. */
public class UnitsValidator extends FabricCheck {

    /** The dimension each quantity-valued feature demands. */
    private static final Map<EStructuralFeature, Dimension> EXPECTED = Map.of(
            Literals.CLUSTER__LINK_RATE, Dimension.DATA_RATE,
            Literals.CLUSTER__HOP_LATENCY, Dimension.TIME,
            Literals.BENCHMARK__SIZES, Dimension.DATA_SIZE);

    @Check
    public void checkQuantityDimension(Quantity quantity) {
        Dimension expected = EXPECTED.get(quantity.eContainingFeature());
        if (expected == null) {
            return;
        }
        Dimension actual = Units.dimensionOf(quantity.getUnit());
        if (actual != expected) {
            error("Expected " + expected.description() + " here, such as " + expected.example() + ", but '"
                    + quantity.getUnit().getLiteral() + "' is " + actual.description() + ".",
                    quantity, Literals.QUANTITY__UNIT, IssueCodes.WRONG_DIMENSION, expected.name());
        }
    }

    @Check
    public void checkQuantityPositive(Quantity quantity) {
        if (Units.valueOf(quantity) <= 0 && quantity.eContainingFeature() != Literals.CLUSTER__HOP_LATENCY) {
            error("This must be greater than zero.", quantity, Literals.QUANTITY__VALUE, IssueCodes.NOT_POSITIVE);
        }
    }
}
