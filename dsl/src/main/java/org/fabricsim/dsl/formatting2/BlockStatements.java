package org.fabricsim.dsl.formatting2;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.AbstractElement;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.Action;
import org.eclipse.xtext.Alternatives;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Group;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.ParserRule;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.UnorderedGroup;
import org.fabricsim.dsl.services.FabricGrammarAccess;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * Which tokens begin a statement inside a {@code { ... }} block, read from the grammar: each member
 * of an unordered group between a rule's braces is a statement, and so is each keyword, group or
 * nested object of an ordered sequence there; the tokens that can begin a statement are found by
 * following rule calls. The formatter
 * puts each statement on its own line, so new grammar rules format without new formatter code.
 */
@Singleton
public class BlockStatements {
    private final Set<EObject> starts = new HashSet<>();
    private final Set<String> startPaths = new HashSet<>();
    private final org.eclipse.emf.ecore.resource.Resource grammarResource;
    private final Map<EObject, Boolean> otherGrammars = new ConcurrentHashMap<>();

    @Inject
    BlockStatements(FabricGrammarAccess grammar) {
        grammarResource = grammar.getGrammar().eResource();
        for (ParserRule rule : GrammarUtil.allParserRules(grammar.getGrammar())) {
            for (Group group : org.eclipse.xtext.EcoreUtil2.getAllContentsOfType(rule, Group.class)) {
                collectBlock(group.getElements());
            }
        }
        starts.forEach(start -> startPaths.add(EcoreUtil.getURI(start).fragment()));
    }

    /**
     * Whether the grammar element of a token begins a statement. A file parsed by another injector's
     * parser (a process that creates several, as the tests do, registers the language once per injector)
     * names elements of another copy of the grammar: they are matched by their path in the grammar, once
     * each. Matching them by identity left such files without line breaks between statements, so that
     * formatting them twice gave two layouts (issue 21 fuzzing, "serving models").
     */
    public boolean beginsStatement(EObject grammarElement) {
        if (grammarElement == null || starts.contains(grammarElement)) {
            return grammarElement != null;
        }
        if (grammarElement.eResource() == grammarResource) {
            return false;
        }
        return otherGrammars.computeIfAbsent(grammarElement,
                element -> startPaths.contains(EcoreUtil.getURI(element).fragment()));
    }

    private void collectBlock(List<AbstractElement> elements) {
        int open = -1;
        for (int i = 0; i < elements.size(); i++) {
            AbstractElement element = elements.get(i);
            if (isKeyword(element, "{")) {
                open = i;
            } else if (isKeyword(element, "}") && open >= 0) {
                for (AbstractElement inside : elements.subList(open + 1, i)) {
                    if (inside instanceof UnorderedGroup unordered) {
                        unordered.getElements().forEach(member -> firstTokens(member, new HashSet<>()));
                    } else if (beginsStatementInSequence(inside)) {
                        firstTokens(inside, new HashSet<>());
                    }
                }
                open = -1;
            }
        }
    }

    /**
     * In an ordered sequence a statement starts at a keyword, a group, a choice or a nested object;
     * a cross-reference, a name or an enum value continues the statement before it.
     */
    private static boolean beginsStatementInSequence(AbstractElement element) {
        if (element instanceof Keyword || element instanceof Group || element instanceof Alternatives) {
            return true;
        }
        return element instanceof Assignment assignment && assignment.getTerminal() instanceof RuleCall call
                && call.getRule() instanceof ParserRule rule && !GrammarUtil.isDatatypeRule(rule);
    }

    private void firstTokens(AbstractElement element, Set<AbstractRule> visited) {
        if (element instanceof Keyword || element instanceof CrossReference) {
            starts.add(element);
        } else if (element instanceof Assignment assignment) {
            firstTokens(assignment.getTerminal(), visited);
        } else if (element instanceof RuleCall call) {
            AbstractRule rule = call.getRule();
            if (rule instanceof ParserRule parser && !GrammarUtil.isDatatypeRule(parser)) {
                if (visited.add(rule)) {
                    firstTokens(rule.getAlternatives(), visited);
                }
            } else {
                starts.add(call);
            }
        } else if (element instanceof Alternatives alternatives) {
            alternatives.getElements().forEach(e -> firstTokens(e, visited));
        } else if (element instanceof UnorderedGroup unordered) {
            unordered.getElements().forEach(e -> firstTokens(e, visited));
        } else if (element instanceof Group group) {
            group.getElements().stream().filter(e -> !(e instanceof Action)).findFirst()
                    .ifPresent(e -> firstTokens(e, visited));
        }
    }

    private static boolean isKeyword(AbstractElement element, String value) {
        return element instanceof Keyword keyword && keyword.getValue().equals(value);
    }
}
