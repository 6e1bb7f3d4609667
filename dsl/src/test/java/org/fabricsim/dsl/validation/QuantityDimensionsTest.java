package org.fabricsim.dsl.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.fabricsim.dsl.fabric.FabricPackage;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.junit.jupiter.api.Test;

/** Every quantity the language lets a model write has its dimension checked before the mapper converts it. */
class QuantityDimensionsTest {
    /**
     * The quantities whose dimension a rule of their own checks: an expectation's value against its metric
     * ({@code ExpectationValidator}), a varied value against the knob it varies ({@code VariationValidator}) and a
     * search's budget ({@code SearchValidator}).
     */
    private static final Set<EStructuralFeature> CHECKED_BY_THEIR_RULE = Set.of(Literals.EXPECTATION__VALUE,
            Literals.QUANTITY_VALUE__QUANTITY, Literals.SEARCH__BUDGET);

    @Test
    void shouldExpectADimensionForEveryQuantityOfTheLanguage() {
        // A quantity without one validated whatever unit it was written in, and the mapper then threw: 'leaf 120 x
        // Tomahawk5_400 uplinks 400 ms' passed 'fabric validate' and 'simulate' ended in an internal error (a fuzz
        // mutant of examples/topologies/alibaba-hpn.fabric).
        List<String> unchecked = new ArrayList<>();
        FabricPackage.eINSTANCE.getEClassifiers().stream().filter(EClass.class::isInstance).map(EClass.class::cast)
                .flatMap(type -> type.getEReferences().stream())
                .filter(reference -> reference.getEReferenceType() == Literals.QUANTITY)
                .filter(reference -> !UnitsValidator.EXPECTED.containsKey(reference)
                        && !CHECKED_BY_THEIR_RULE.contains(reference))
                .map(EReference.class::cast)
                .forEach(reference -> unchecked.add(reference.getEContainingClass().getName() + "." + reference.getName()));
        assertEquals(List.of(), unchecked);
    }
}
