package org.fabricsim.dsl.validation;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.KeywordValue;
import org.fabricsim.dsl.fabric.NumberValue;
import org.fabricsim.dsl.fabric.QuantityValue;
import org.fabricsim.dsl.fabric.ReferenceValue;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.units.Units;

/**
 * A {@code vary} value its line already lists: the runtime takes the axis as written, so the study ran the same run
 * again under the same name ({@code vary tensor in [8, 8]}: two runs {@code [tensor=8]}, one column compared with its
 * twin; on a 1,024-GPU job seconds of CPU each), session 68's capacity planner found. Values are the same when the
 * runtime gets the same value: numbers equal as decimals ({@code 8}, {@code 8.0}, {@code 08}), quantities in base
 * units ({@code 1 /s} and {@code 60 /min}), keywords as written, and the same definition. A warning on the repeat.
 */
public class RepeatedValueValidator extends FabricCheck {
    @Check
    public void checkVariationValuesDistinct(Variation variation) {
        Map<Object, Value> seen = new HashMap<>();
        for (Value value : variation.getValues()) {
            Object key = key(value);
            Value first = key == null ? null : seen.putIfAbsent(key, value);
            if (first != null) {
                warning(VariationValidator.written(value) + " repeats " + VariationValidator.written(first)
                        + " of this vary line: the study would run"
                        + " the same run twice under one name. Remove the repeat.", value, null,
                        IssueCodes.VARY_REPEATED);
            }
        }
    }

    /** What the runtime gets from {@code value}, for comparing, or null where it does not map (another check's error). */
    private static Object key(Value value) {
        try {
            if (value instanceof NumberValue number) {
                return new BigDecimal(number.getNumber()).stripTrailingZeros();
            }
            if (value instanceof QuantityValue quantity) {
                return Units.toBase(quantity.getQuantity());
            }
            if (value instanceof KeywordValue keyword) {
                return keyword.getKeyword();
            }
            EObject reference = value instanceof ReferenceValue r ? r.getReference() : null;
            return reference == null || reference.eIsProxy() ? null : reference;
        } catch (RuntimeException e) {
            return null; // no number or no unit: the syntax or the units validator reports it
        }
    }
}
