package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.fabricsim.dsl.fabric.FabricPackage;
import org.fabricsim.dsl.fabric.Model;
import org.junit.jupiter.api.Test;

/** {@link EveryConstruct#MODEL} parses, validates, and exercises every concrete construct of the metamodel. */
class LanguageCoverageTest extends FabricModelTest {

    @Test
    void shouldParseAndValidateEveryConstruct() throws Exception {
        Model model = parser.parse(EveryConstruct.MODEL);
        validation.assertNoErrors(model);
        Set<String> used = allContents(model).stream().map(o -> o.eClass().getName()).collect(Collectors.toSet());
        List<String> concrete = FabricPackage.eINSTANCE.getEClassifiers().stream()
                .filter(EClass.class::isInstance).map(EClass.class::cast)
                .filter(c -> !c.isAbstract() && !c.isInterface() && c.getESuperTypes().isEmpty() == false
                        || !c.isAbstract() && c.getEAllStructuralFeatures().size() > 0)
                .map(EClass::getName).filter(n -> !Set.of("Model", "Element", "Workload", "Topology", "Arrival",
                        "Distribution", "Value", "NumberValue", "QuantityValue", "FixedDistribution",
                        "TraceArrival", "OfflineArrival", "ClosedLoopArrival", "EmpiricalDistribution").contains(n))
                .sorted().toList();
        List<String> missing = concrete.stream().filter(n -> !used.contains(n)).toList();
        assertEquals(List.of(), missing, "constructs the test model does not exercise");
    }

    private static List<EObject> allContents(Model model) {
        List<EObject> all = new ArrayList<>();
        model.eAllContents().forEachRemaining(all::add);
        return all;
    }
}
