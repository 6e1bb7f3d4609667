package org.fabricsim.dsl.parser;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;

import org.eclipse.xtext.AbstractElement;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.EnumRule;
import org.eclipse.xtext.Grammar;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.ParserRule;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.UnorderedGroup;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;

/**
 * A part of one block written in another ({@code congestion-control dcqcn} in a cluster's {@code fat-tree { }},
 * {@code routing adaptive} in a training): ANTLR says only "Unexpected 'congestion-control' here." and its recovery
 * then reports the rest of the file as broken. This names the blocks that take the word and, for a fabric's part
 * inside a cluster's scale-out, the fabric the scale-out names, so the user knows where to move it (session 71).
 * The blocks are read from the grammar: every parser rule whose unordered group has a part led by the word (its
 * first keyword, or one of the keywords of the enum its first assignment takes, as {@code lossless} and {@code
 * lossy} lead a fabric's overload handling).
 */
final class MisplacedPart {
    /** The most blocks named; a word more blocks take is written in too many places to list. */
    private static final int MOST_BLOCKS = 6;

    /** For each word that leads a part of a block's unordered group, the rules of the blocks that take it. */
    private final Map<String, Set<AbstractRule>> owners = new LinkedHashMap<>();

    MisplacedPart(Grammar grammar) {
        for (ParserRule rule : EcoreUtil2.eAllOfType(grammar, ParserRule.class)) {
            for (UnorderedGroup group : EcoreUtil2.eAllOfType(rule, UnorderedGroup.class)) {
                if (EcoreUtil2.getContainerOfType(group, ParserRule.class) != rule) {
                    continue;
                }
                for (AbstractElement part : group.getElements()) {
                    for (String word : leadingWords(part)) {
                        owners.computeIfAbsent(word, w -> new LinkedHashSet<>()).add(rule);
                    }
                }
            }
        }
    }

    /**
     * " A fat-tree does not take 'congestion-control'; a fabric does: move it into fabric SpectrumX's block, the
     * fabric this scale-out names." for the word an "Unexpected 'w' here." {@code message} names, unexpected at {@code
     * current}; "" when the message names none, when the word leads no block's part, or a part of a block that
     * encloses {@code current} (written twice or out of order: another message's case), or when no block encloses it.
     * O(nodes from current to the root).
     */
    String message(String message, INode current) {
        Matcher unexpected = FabricSyntaxErrorMessages.UNEXPECTED_WORD.matcher(message);
        String word = unexpected.lookingAt() ? unexpected.group(1) : "";
        Set<AbstractRule> taking = owners.get(word);
        if (taking == null || current == null) {
            return "";
        }
        String inside = null;
        String scaleOutFabric = null;
        for (INode n = current; n != null; n = n.getParent()) {
            AbstractRule rule = FabricSyntaxErrorMessages.ruleOf(n);
            if (rule == null) {
                continue;
            }
            if (taking.contains(rule)) {
                return "";
            }
            if (scaleOutFabric == null && rule.getName().equals("ScaleOut") && n instanceof ICompositeNode scaleOut) {
                List<String> written = written(scaleOut);
                scaleOutFabric = written.get(0);
                String topology = written.size() < 2 ? "" : written.get(1).split("[\\s{]")[0];
                inside = inside != null || topology.isEmpty() ? inside : topology;
            }
            if (inside == null && !EcoreUtil2.eAllOfType(rule, UnorderedGroup.class).isEmpty()) {
                inside = FabricSyntaxErrorMessages.blockName(rule);
            }
        }
        if (inside == null || taking.size() > MOST_BLOCKS) {
            return "";
        }
        List<String> names = taking.stream().map(FabricSyntaxErrorMessages::blockName).distinct().toList();
        String where = names.contains("fabric") && scaleOutFabric != null && !scaleOutFabric.isEmpty()
                ? "move it into fabric " + scaleOutFabric + "'s block, the fabric this scale-out names."
                : names.size() == 1 ? "move it into that block." : "move it into one of those blocks.";
        return " " + FabricSyntaxErrorMessages.article(inside, "A") + inside + " does not take '" + word + "'; "
                + FabricSyntaxErrorMessages.article(names.get(0), "a")
                + FabricSyntaxErrorMessages.list(names).replace(" and ", " or ") + " does: " + where;
    }

    /** The first keyword of a part, else the keywords of the enum its first assignment takes. */
    private static List<String> leadingWords(AbstractElement part) {
        List<Keyword> keywords = EcoreUtil2.eAllOfType(part, Keyword.class);
        if (!keywords.isEmpty()) {
            return List.of(keywords.get(0).getValue());
        }
        Assignment first = EcoreUtil2.eAllOfType(part, Assignment.class).stream().findFirst().orElse(null);
        if (first != null && first.getTerminal() instanceof RuleCall call && call.getRule() instanceof EnumRule e) {
            return EcoreUtil2.eAllOfType(e, Keyword.class).stream().map(Keyword::getValue).toList();
        }
        return List.of();
    }

    /**
     * The texts of {@code node}'s children that are not whitespace or comments: a scale-out's fabric, its qualified
     * name whole, then its topology from its keyword on (the topology's node may hold only its keyword and brace).
     */
    private static List<String> written(ICompositeNode node) {
        List<String> texts = new ArrayList<>();
        for (INode child : node.getChildren()) {
            if (!(child instanceof ILeafNode leaf && leaf.isHidden())) {
                texts.add(child.getText().trim());
            }
        }
        return texts.isEmpty() ? List.of("") : texts;
    }
}
