package org.fabricsim.dsl.ide.contentassist;

import org.antlr.runtime.RecognitionException;
import org.apache.log4j.Logger;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.antlr.BaseContentAssistParser;
import org.eclipse.xtext.ide.editor.contentassist.antlr.PartialContentAssistContextFactory;
import org.eclipse.xtext.ide.editor.partialEditing.IPartialEditingContentAssistParser;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.service.OperationCanceledManager;

import com.google.inject.Inject;

/**
 * Xtext's completion contexts, computed on the request's own thread. Xtext computes its (up to) three
 * contexts in a thread pool and waits for them; a cancelled completion is interrupted while it waits, so
 * it returned, and released the document, while a context was still being computed in the pool, and that
 * context then read a document that the next edit was changing (offsets such as "-1060 is &lt; 0"), which
 * Xtext logged with a stack trace (issue 21). Here the contexts are computed one after the other while
 * the request holds the document, so none outlives its request. Each context parses only from the definition
 * around the caret ({@link PartialFabricContentAssistParser}), not from the start of the file. A context on which Xtext's
 * content-assist parser gives up (on some broken text it ends in a recognition error or a
 * NullPointerException, which Xtext wrapped and logged with a stack trace) adds no proposals and the
 * others are still offered; any other failure of a context is contained the same way and logged once,
 * on one line, without the text.
 */
public class FabricContentAssistContextFactory extends PartialContentAssistContextFactory {
    private static final Logger LOG = Logger.getLogger(FabricContentAssistContextFactory.class);

    @Inject
    private OperationCanceledManager canceled;

    @Override
    protected ContentAssistContext[] doCreateContexts(int offset) {
        initializeFromViewerAndResource(offset);
        if (!datatypeNode.equals(lastCompleteNode)) {
            attempt(this::handleLastCompleteNodeAsPartOfDatatypeNode);
        }
        if (datatypeNode.equals(lastCompleteNode) && completionOffset != lastCompleteNode.getOffset()) {
            attempt(this::handleLastCompleteNodeIsAtEndOfDatatypeNode);
        }
        if (!(lastCompleteNode instanceof ILeafNode) || lastCompleteNode.getGrammarElement() != null) {
            attempt(this::handleLastCompleteNodeIsPartOfLookahead);
        }
        return contextBuilders.stream().map(this).toArray(ContentAssistContext[]::new);
    }

    /** Xtext's, with the caret's leaves found by {@link CaretLeafFinder} instead of a walk over the whole file. */
    @Override
    protected void initializeNodeAndModelData() {
        rootNode = parseResult.getRootNode();
        if (parser instanceof IPartialEditingContentAssistParser partial) {
            partial.initializeFor(resource.getEntryPoint());
        }
        lastCompleteNode = new CaretLeafFinder(completionOffset, true).searchFrom(rootNode);
        if (lastCompleteNode == null) {
            lastCompleteNode = rootNode;
        }
        currentNode = new CaretLeafFinder(completionOffset, false).searchFrom(rootNode);
        if (currentNode == null) {
            currentNode = lastCompleteNode;
        }
        lastVisibleNode = getLastCompleteNodeByOffset(rootNode, completionOffset);
        datatypeNode = getContainingDatatypeRuleNode(lastCompleteNode);
        currentModel = NodeModelUtils.findActualSemanticObjectFor(lastVisibleNode);
    }

    private void attempt(Runnable context) {
        try {
            context.run();
        } catch (RuntimeException e) {
            canceled.propagateIfCancelException(e);
            if (e.getCause() instanceof RecognitionException || e.getStackTrace().length > 0
                    && e.getStackTrace()[0].getClassName().equals(BaseContentAssistParser.class.getName())) {
                LOG.debug("no proposals from a context where the content-assist parser gave up on the text");
            } else {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                LOG.warn("a completion context failed and offers no proposals: " + cause.getClass().getName() + " at "
                        + (cause.getStackTrace().length > 0 ? cause.getStackTrace()[0] : "?"));
            }
        }
    }
}
