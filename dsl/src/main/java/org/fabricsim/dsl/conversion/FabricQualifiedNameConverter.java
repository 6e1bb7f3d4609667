package org.fabricsim.dsl.conversion;

import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.conversion.impl.QualifiedNameValueConverter;
import org.eclipse.xtext.nodemodel.ILeafNode;

/**
 * Qualified names whose segments are {@code ValidID}s: identifiers (with their {@code ^} escapes
 * removed) or the keywords {@code fabric} and {@code calibration}, which the catalog's packages
 * use. Xtext's own converter would drop a keyword segment.
 */
public class FabricQualifiedNameConverter extends QualifiedNameValueConverter {
    private static final String VALID_ID = "ValidID";
    private static final Set<String> KEYWORD_SEGMENTS = Set.of("fabric", "calibration");

    @Override
    protected boolean isDelegateRuleCall(EObject grammarElement) {
        return super.isDelegateRuleCall(grammarElement) || isKeywordSegment(grammarElement);
    }

    @Override
    protected String delegateToValue(ILeafNode leaf) {
        return isKeywordSegment(leaf.getGrammarElement()) ? leaf.getText() : super.delegateToValue(leaf);
    }

    @Override
    protected String delegateToString(String segment) {
        return KEYWORD_SEGMENTS.contains(segment) ? segment : super.delegateToString(segment);
    }

    private static boolean isKeywordSegment(EObject grammarElement) {
        return grammarElement instanceof Keyword && VALID_ID.equals(GrammarUtil.containingRule(grammarElement).getName());
    }
}
