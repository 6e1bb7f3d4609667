package org.fabricsim.dsl.ui.editor;

import java.util.List;

import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.CompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContentAssistProcessor;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Ctrl+Space in the {@code .fabric} editor: the language server's completion ({@code dsl.ide}'s
 * {@link ContentAssistService}, in process), so Eclipse offers what the slot takes (keywords, names of the
 * right kind, catalog packages after {@code import}) instead of the document's words.
 */
public class FabricContentAssist implements IContentAssistProcessor {

    @Override
    public ICompletionProposal[] computeCompletionProposals(ITextViewer viewer, int offset) {
        EditorModels.Parsed parsed = EditorModels.parse(viewer.getDocument());
        if (parsed == null) {
            return new ICompletionProposal[0];
        }
        ContentAssistService service = FabricLanguage.injector().getInstance(ContentAssistService.class);
        CompletionParams params = new CompletionParams(new TextDocumentIdentifier(parsed.file().getName()),
                parsed.document().getPosition(offset));
        List<CompletionItem> items = service.createCompletionList(parsed.document(), parsed.resource(), params,
                CancelIndicator.NullImpl).getItems();
        return items.stream().map(item -> proposal(parsed, item)).toArray(ICompletionProposal[]::new);
    }

    private static ICompletionProposal proposal(EditorModels.Parsed parsed, CompletionItem item) {
        TextEdit edit = item.getTextEdit().getLeft();
        int start = parsed.document().getOffSet(edit.getRange().getStart());
        int end = parsed.document().getOffSet(edit.getRange().getEnd());
        String text = edit.getNewText();
        String display = item.getDetail() == null ? item.getLabel() : item.getLabel() + " — " + item.getDetail();
        return new CompletionProposal(text, start, end - start, text.length(), null, display, null, null);
    }

    @Override
    public IContextInformation[] computeContextInformation(ITextViewer viewer, int offset) {
        return new IContextInformation[0];
    }

    @Override
    public char[] getCompletionProposalAutoActivationCharacters() {
        return new char[] {'.'};
    }

    @Override
    public char[] getContextInformationAutoActivationCharacters() {
        return new char[0];
    }

    @Override
    public String getErrorMessage() {
        return null;
    }

    @Override
    public IContextInformationValidator getContextInformationValidator() {
        return null;
    }
}
