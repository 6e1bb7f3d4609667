package org.fabricsim.dsl.ide.contentassist;

import org.eclipse.xtext.ide.editor.contentassist.antlr.EntryPointFinder;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.parser.IParseResult;
import org.fabricsim.dsl.services.FabricGrammarAccess;

import com.google.inject.Inject;

/**
 * Where completion's parser starts: the top-level definition the caret is inside, else the start of the file.
 * Inside a definition's braces, what may follow the caret depends only on that definition's text up to the
 * caret: the definition is not yet complete, so nothing after it can be next. Xtext's own finder may start
 * deeper, at a rule call whose text up to the caret is already complete, and then misses what may follow that
 * call (after {@code torus 12 } in a cluster's scale-out it dropped the closing brace and the cluster's other
 * settings); at the definition that cannot happen. It also climbs out of every definition, since a definition
 * is one of the model's many {@code elements}, and so parsed the whole file up to the caret.
 */
public class DefinitionEntryPointFinder extends EntryPointFinder {

    @Inject
    private FabricGrammarAccess grammar;

    @Override
    public ICompositeNode findEntryPoint(IParseResult parseResult, int offset) {
        return enclosingDefinition(parseResult.getRootNode(), offset);
    }

    /**
     * The top-level definition whose braces enclose {@code offset} (after its first token, before its closing
     * brace), or null. A definition without braces ({@code vendor X "title"}) may be complete before its end, so
     * it is never one. O(definitions before the caret).
     */
    private ICompositeNode enclosingDefinition(ICompositeNode root, int offset) {
        String text = root.getText();
        for (INode child = root.getFirstChild(); child != null && child.getOffset() < offset; child = child.getNextSibling()) {
            int end = child.getEndOffset();
            if (offset < end && child instanceof ICompositeNode definition && text.charAt(end - 1) == '}'
                    && definition.getGrammarElement() == grammar.getModelAccess().getElementsElementParserRuleCall_2_0()) {
                return definition;
            }
        }
        return null;
    }
}
