package org.fabricsim.dsl;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.FabricPackage;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;

/**
 * The one-token edits of {@link EveryFieldReachesTheSpecTest}: for every attribute value written in a model's own
 * text and every cross-reference with a second candidate of its type in that text, the model's text with that value
 * changed, each with the edits to try in order. A number is multiplied by 2 (1.5 if not whole), then by 0.5, then
 * grows by one, its unit kept: a degree stays a power of two, so the first edit tends to stay valid; a count that
 * caps a rate may only matter downwards; a zero only changes by adding. An enum takes each other literal in turn, a
 * flag keyword is deleted, a string gains a letter, a reference names the first other element of its type. A value
 * counts as written when the text assigns it (its nodes), not when EMF holds a non-default value: {@code lossless
 * credit-based} writes the flow control's first literal, which {@code eIsSet} does not see.
 *
 * <p>Left out: names (references resolve by them, so renaming breaks the links rather than testing a field), the
 * parts of a quantity other than its number (its unit, '$' and '-' are the number's spelling, checked by the unit
 * validator) and imports.
 */
final class FieldMutations {
    /** One edit: the feature's {@code EClass.feature} name, the edited object's URI fragment, and the edited text. */
    record Mutation(String feature, String fragment, int offset, int length, String replacement, String text) {
    }

    private static final Set<EStructuralFeature> NOT_MUTATED = Set.of(Literals.QUANTITY__UNIT,
            Literals.QUANTITY__DOLLARS, Literals.QUANTITY__NEGATIVE, Literals.AMOUNT__UNIT);

    private FieldMutations() {
    }

    /**
     * Every {@code EClass.feature} an edit could name: each class's attributes and cross-references but those
     * {@link #of} leaves out, and its quantities and amounts by the feature that holds them. A class that another
     * extends is left out, as no text writes one itself; its features are named by the subclass.
     */
    static Set<String> editable() {
        Set<String> all = new TreeSet<>();
        for (EClassifier classifier : FabricPackage.eINSTANCE.getEClassifiers()) {
            if (!(classifier instanceof EClass type) || type.isAbstract() || type.isInterface()
                    || type == Literals.QUANTITY || type == Literals.AMOUNT || supertype(type)) {
                continue;
            }
            for (EStructuralFeature feature : type.getEAllStructuralFeatures()) {
                boolean number = feature instanceof EReference reference && reference.isContainment()
                        && (reference.getEReferenceType() == Literals.QUANTITY
                                || reference.getEReferenceType() == Literals.AMOUNT);
                boolean link = feature instanceof EReference reference && !reference.isContainment()
                        && !reference.isContainer();
                if (number || link || feature instanceof EAttribute && !skipped(feature)) {
                    all.add(type.getName() + "." + feature.getName());
                }
            }
        }
        return all;
    }

    /** Whether {@code type} only gathers its subclasses' features (Topology, Workload): no text writes one itself. */
    private static boolean supertype(EClass type) {
        return FabricPackage.eINSTANCE.getEClassifiers().stream()
                .anyMatch(other -> other instanceof EClass sub && sub.getESuperTypes().contains(type));
    }

    private static boolean skipped(EStructuralFeature attribute) {
        return NOT_MUTATED.contains(attribute)
                || attribute.getName().equals("name") || attribute.getName().equals("importedNamespace");
    }

    /** The edits of {@code model} parsed from {@code text}, one list of alternatives per written value. */
    static List<List<Mutation>> of(Model model, String text) {
        List<List<Mutation>> all = new ArrayList<>();
        List<EObject> objects = new ArrayList<>();
        model.eAllContents().forEachRemaining(objects::add);
        objects.add(model);
        for (EObject object : objects) {
            String fragment = EcoreUtil.getURI(object).fragment();
            for (EAttribute attribute : object.eClass().getEAllAttributes()) {
                if (skipped(attribute)) {
                    continue;
                }
                for (INode node : NodeModelUtils.findNodesForFeature(object, attribute)) {
                    List<Mutation> edits = edits(attribute, NodeModelUtils.getTokenText(node)).stream()
                            .map(edit -> mutation(object, attribute, fragment, node, edit, text)).toList();
                    if (!edits.isEmpty()) {
                        all.add(edits);
                    }
                }
            }
            for (EReference reference : object.eClass().getEAllReferences()) {
                if (reference.isContainment() || reference.isContainer() || !object.eIsSet(reference)) {
                    continue;
                }
                List<INode> nodes = NodeModelUtils.findNodesForFeature(object, reference);
                List<?> targets = reference.isMany() ? (List<?>) object.eGet(reference)
                        : List.of(object.eGet(reference));
                for (int i = 0; i < nodes.size() && i < targets.size(); i++) {
                    Optional<String> other = otherOfType(model, reference, (EObject) targets.get(i));
                    INode node = nodes.get(i);
                    other.ifPresent(name -> all.add(List.of(mutation(object, reference, fragment, node, name, text))));
                }
            }
        }
        return all;
    }

    private static Mutation mutation(EObject object, EStructuralFeature feature, String fragment, INode node,
            String replacement, String text) {
        int offset = node.getOffset();
        int length = node.getLength();
        return new Mutation(featureName(object, feature), fragment, offset, length, replacement,
                text.substring(0, offset) + replacement + text.substring(offset + length));
    }

    /**
     * {@code EClass.feature}; a quantity's or amount's number is named by the feature that holds it
     * ({@code Accelerator.efficiency}), as the user reads it.
     */
    private static String featureName(EObject object, EStructuralFeature feature) {
        return object.eClass() == Literals.QUANTITY || object.eClass() == Literals.AMOUNT
                ? object.eContainer().eClass().getName() + "." + object.eContainingFeature().getName()
                : object.eClass().getName() + "." + feature.getName();
    }

    /** The replacement texts of one written value, the preferred first. */
    private static List<String> edits(EAttribute attribute, String written) {
        if (attribute.getEAttributeType() instanceof EEnum type) {
            List<EEnumLiteral> literals = type.getELiterals();
            int at = literals.indexOf(type.getEEnumLiteralByLiteral(written));
            List<String> others = new ArrayList<>();
            for (int i = 1; i < literals.size(); i++) {
                others.add(literals.get((at + i) % literals.size()).getLiteral());
            }
            return others;
        }
        if (attribute.getEAttributeType().getInstanceClass() == boolean.class) {
            return List.of("");
        }
        if (written.startsWith("\"")) {
            return List.of(written.substring(0, written.length() - 1) + "x\"");
        }
        try {
            BigDecimal number = new BigDecimal(written);
            boolean whole = number.stripTrailingZeros().scale() <= 0 && !written.contains(".");
            List<BigDecimal> edits = whole
                    ? List.of(number.multiply(BigDecimal.valueOf(2)), number.divide(BigDecimal.valueOf(2)),
                            number.add(BigDecimal.ONE))
                    : List.of(number.multiply(new BigDecimal("1.5")), number.multiply(new BigDecimal("0.5")),
                            number.add(BigDecimal.ONE));
            return edits.stream()
                    .filter(n -> n.compareTo(number) != 0 && (!whole || n.stripTrailingZeros().scale() <= 0))
                    .map(n -> n.stripTrailingZeros().toPlainString()).distinct().toList();
        } catch (NumberFormatException notANumber) {
            return List.of(written + "x");
        }
    }

    /** The name of another element of the reference's type defined in the model's own text, if there is one. */
    private static Optional<String> otherOfType(Model model, EReference reference, EObject current) {
        List<EObject> all = new ArrayList<>();
        model.eAllContents().forEachRemaining(all::add);
        return all.stream().filter(o -> o != current && reference.getEReferenceType().isInstance(o))
                .filter(o -> o.eClass().getEStructuralFeature("name") != null)
                .map(o -> o.eGet(o.eClass().getEStructuralFeature("name")))
                .filter(String.class::isInstance).map(String.class::cast).findFirst();
    }
}
