package org.fabricsim.dsl.parser;


import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.AbstractElement;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.Alternatives;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.EnumRule;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Group;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.fabricsim.dsl.fabric.Unit;
import org.fabricsim.dsl.linking.FabricLinkingDiagnostics;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.dsl.validation.UnitsValidator;

/**
 * Syntax errors about the value after a keyword, read from the last token the parser took: a keyword whose value
 * is missing ("'link' lacks its value: write a number with its unit, such as 400 Gb/s or 50 GB/s, after it."), or
 * wrong (the value named in words: a whole number, a name, the name of a node, one of an enumeration's words); a
 * number without its unit, or with a word that is no unit (the nearest unit of the dimension the field demands
 * named, {@link FabricLinkingDiagnostics#nearest}); a '%' after a share written as a decimal; a list that ends with a comma (a word after the comma that the list
 * does not take is an entry written wrong, left to the keywords' hints), and an empty list ({@code vary
 * tensor in []} read "Unexpected ']' here." before session 68).
 */
final class ValueSyntax {
    /**
     * Edits within which a written word is taken for a unit: 'Gbps' for 'Gb/s' is 1, 'GBps' for 'GB/s' 1; a word of
     * up to {@link #SHORT_WORD} characters is taken for one at most 1 edit away, as for the keywords' hints.
     */
    private static final int UNIT_TYPO_EDITS = 2;
    private static final int SHORT_WORD = 3;

    private ValueSyntax() {
    }

    /**
     * The message for an error at {@code token} (its text in quotes, or null at the end of the file, with
     * {@code keyword} whether it is a word of the language) with {@code current} the node being built; null when
     * the last token taken is neither a number of a quantity, nor a keyword that a value must follow, nor a comma,
     * and for a '-' or '.' where a whole number belongs (ANTLR's own reading says more: {@link
     * AntlrWords#humanize}).
     */
    static String message(String token, boolean keyword, INode current) {
        ILeafNode last = lastTaken(current);
        if (last == null) {
            return null;
        }
        INode quantity = enclosing(current, "Quantity");
        boolean number = quantity != null && !(last.getGrammarElement() instanceof Keyword)
                && quantity.getOffset() <= last.getOffset();
        if (number) {
            Dimension dimension = dimension(quantity.getGrammarElement());
            String written = token == null ? "" : token.substring(1, token.length() - 1);
            Optional<String> unit = FabricLinkingDiagnostics.nearest(Unit.VALUES.stream()
                    .filter(u -> dimension == null || Units.dimensionOf(u) == dimension).map(Unit::getLiteral),
                    written, written.length() <= SHORT_WORD ? 1 : UNIT_TYPO_EDITS);
            return unit.isPresent() && token != null && !keyword
                    ? token + " is not a unit. Did you mean '" + unit.get() + "'?"
                    : "The number " + last.getText() + " lacks its unit: write one after it, such as "
                            + (dimension == null ? "400 Gb/s, 80 GB or 1 us" : dimension.example()) + ".";
        }
        if ("'%'".equals(token) && enclosing(last, "Decimal") != null) {
            // 'acceptance 70 %', 'prefix-cache hit 50 %': a share written as a percentage where a decimal belongs
            return "A share here is a decimal between 0 and 1, not a percentage: remove the '%' and write the share"
                    + " (0.7 for 70 %).";
        }
        if (last.getGrammarElement() instanceof Keyword comma && comma.getValue().equals(",")) {
            if (token != null && !keyword && token.length() > 2 && Character.isLetter(token.charAt(1))) {
                // a word the list does not take ('slo ttft p99 2 s, tpot p99 50 ms'): an entry, not a trailing comma
                return "Unexpected " + token + " here.";
            }
            return "A list does not end with ',': remove the ',' on line " + last.getStartLine()
                    + ", or write another entry after it.";
        }
        if (last.getGrammarElement() instanceof Keyword open && open.getValue().equals("[") && "']'".equals(token)) {
            return "An empty list: write at least one value between '[' and ']' (a vary line runs each value it lists),"
                    + " or remove the line.";
        }
        boolean miswrittenNumber = "'-'".equals(token) || "'.'".equals(token);
        String what = last.getGrammarElement() instanceof Keyword word && Character.isLetter(word.getValue().charAt(0))
                && !miswrittenNumber ? describe(next(word)) : null;
        if (what == null) {
            return null;
        }
        String name = "'" + last.getText() + "'";
        return token == null || keyword ? name + " lacks its value: after it, write " + what + "."
                : "Unexpected " + token + " after " + name + ", which takes " + what + ": add it, or correct " + token
                        + ".";
    }

    /**
     * The last token the parser took before the error: the last leaf of the text so far that is not hidden, found
     * from the end (O(nodes after it), so that a file of many errors costs no more than linear time).
     */
    static ILeafNode lastTaken(INode current) {
        for (INode node : current.getRootNode().getAsTreeIterable().reverse()) {
            if (node instanceof ILeafNode leaf && !leaf.isHidden() && leaf.getGrammarElement() != null) {
                return leaf;
            }
        }
        return null;
    }

    /** The innermost node enclosing {@code node} (itself included) of the parser rule named {@code rule}, or null. */
    private static INode enclosing(INode node, String rule) {
        for (INode n = node; n != null; n = n.getParent()) {
            if (n.getGrammarElement() instanceof RuleCall call && call.getRule().getName().equals(rule)) {
                return n;
            }
        }
        return null;
    }

    /** The element a value must follow {@code keyword} with: the next in its group when required; else null. */
    private static AbstractElement next(Keyword keyword) {
        if (!(keyword.eContainer() instanceof Group group)) {
            return null;
        }
        int at = group.getElements().indexOf(keyword);
        AbstractElement next = at + 1 < group.getElements().size() ? group.getElements().get(at + 1) : null;
        return next == null || GrammarUtil.isOptionalCardinality(next) ? null : next;
    }

    /** What {@code element} reads, in words ("a whole number", "the name of a node"); null when none are known. */
    private static String describe(AbstractElement element) {
        if (element instanceof Assignment assignment) {
            return describe(assignment.getTerminal());
        }
        if (element instanceof CrossReference reference) {
            String type = reference.getType().getClassifier().getName().replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT);
            return "the name of " + FabricSyntaxErrorMessages.article(type, "a") + type;
        }
        if (element instanceof Alternatives alternatives) {
            List<String> each = alternatives.getElements().stream().map(ValueSyntax::describe).toList();
            return each.contains(null) ? null : String.join(" or ", each);
        }
        if (element instanceof Group group) {
            return describe(group.getElements().get(0));
        }
        if (element instanceof Keyword keyword) {
            return "'" + keyword.getValue() + "'";
        }
        return element instanceof RuleCall call ? describe(call) : null;
    }

    private static String describe(RuleCall call) {
        AbstractRule rule = call.getRule();
        if (rule instanceof EnumRule) {
            List<String> words = new ArrayList<>();
            EcoreUtil2.eAllOfType(rule, Keyword.class).forEach(k -> words.add("'" + k.getValue() + "'"));
            return words.size() == 1 ? words.get(0)
                    : "one of " + FabricSyntaxErrorMessages.list(words).replace(" and ", " or ");
        }
        return switch (rule.getName()) {
            case "Quantity" -> {
                Dimension dimension = dimension(call);
                yield "a number with its unit, such as " + (dimension == null ? "400 Gb/s" : dimension.example());
            }
            case "INT" -> "a whole number";
            case "Decimal", "Scientific" -> "a number";
            case "Ratio" -> "a ratio, such as 7:1";
            case "STRING" -> "a quoted string";
            case "ID", "ValidID", "QualifiedName" -> "a name";
            default -> null;
        };
    }

    /** The dimension the field that {@code call} (a call of Quantity) assigns demands, or null. */
    private static Dimension dimension(EObject call) {
        Assignment assignment = EcoreUtil2.getContainerOfType(call, Assignment.class);
        AbstractRule rule = assignment == null ? null : GrammarUtil.containingRule(assignment);
        if (rule == null || !(rule.getType().getClassifier() instanceof EClass type)) {
            return null;
        }
        EStructuralFeature feature = type.getEStructuralFeature(assignment.getFeature());
        return feature == null ? null : UnitsValidator.expectedDimension(feature);
    }
}
