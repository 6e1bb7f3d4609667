package org.fabricsim.dsl.ui.outline;

import java.util.List;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.EditorModels;

/**
 * The Outline of a {@code .fabric} editor: the language server's document symbols ({@code dsl.ide}'s
 * {@link HierarchicalDocumentSymbolService}, in process), as a tree of definitions with their kinds
 * ({@link SymbolLabels}). The symbols are computed off the UI thread, when the page opens and
 * {@value #DELAY_MS} ms after the last keystroke; selecting one selects its name in the editor.
 */
public class FabricOutlinePage extends ContentOutlinePage {

    /** How long the outline waits after a keystroke before it parses the text again. */
    static final int DELAY_MS = 300;

    private final ITextEditor editor;

    private final Job refresh = Job.create("FabricSim outline", monitor -> {
        refreshNow();
        return Status.OK_STATUS;
    });

    private final IDocumentListener changes = new IDocumentListener() {
        @Override
        public void documentAboutToBeChanged(DocumentEvent event) {
            // the outline follows the text once it has changed
        }

        @Override
        public void documentChanged(DocumentEvent event) {
            refresh.schedule(DELAY_MS);
        }
    };

    private IDocument document;

    private final OutlineNode root = OutlineNode.root();

    /**
     * Creates the outline of an editor.
     *
     * @param editor a {@code .fabric} editor
     */
    public FabricOutlinePage(ITextEditor editor) {
        this.editor = editor;
        refresh.setSystem(true);
    }

    @Override
    public void createControl(Composite parent) {
        super.createControl(parent);
        TreeViewer viewer = getTreeViewer();
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new SymbolTree());
        viewer.setLabelProvider(new DelegatingStyledCellLabelProvider(new SymbolLabels()));
        viewer.setInput(root);
        document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        document.addDocumentListener(changes);
        refresh.schedule();
    }

    /**
     * The document symbols of an editor's document, as the language server answers them.
     *
     * @param document a {@code .fabric} editor's document
     * @return the top-level symbols, each with its children; empty for a document that is no workspace file
     */
    public static List<DocumentSymbol> symbolsOf(IDocument document) {
        EditorModels.Parsed parsed = EditorModels.parse(document);
        if (parsed == null) {
            return List.of();
        }
        return FabricLanguage.injector().getInstance(HierarchicalDocumentSymbolService.class).getSymbols(
                parsed.document(), parsed.resource(), new DocumentSymbolParams(new TextDocumentIdentifier(
                        EditorModels.uriOf(parsed.file()).toString())), CancelIndicator.NullImpl);
    }

    private void refreshNow() {
        IDocument current = document;
        if (current == null) {
            return;
        }
        List<DocumentSymbol> symbols = symbolsOf(current);
        Control control = getControl();
        if (control != null && !control.isDisposed()) {
            control.getDisplay().asyncExec(() -> {
                if (!control.isDisposed()) {
                    new OutlineSync(getTreeViewer()).apply(root, symbols);
                }
            });
        }
    }

    @Override
    public void selectionChanged(SelectionChangedEvent event) {
        super.selectionChanged(event);
        if (event.getSelection() instanceof IStructuredSelection selection
                && selection.getFirstElement() instanceof OutlineNode node) {
            DocumentSymbol symbol = node.symbol();
            try {
                int start = offsetOf(symbol.getSelectionRange().getStart());
                editor.selectAndReveal(start, offsetOf(symbol.getSelectionRange().getEnd()) - start);
            } catch (BadLocationException e) {
                // the text changed since the outline was computed: the next refresh brings it up to date
            }
        }
    }

    private int offsetOf(Position position) throws BadLocationException {
        return document.getLineOffset(position.getLine()) + position.getCharacter();
    }

    @Override
    public void dispose() {
        refresh.cancel();
        if (document != null) {
            document.removeDocumentListener(changes);
        }
        super.dispose();
    }

    /** The rows as a tree: the root's children at the top, each with its children. */
    private static final class SymbolTree implements ITreeContentProvider {

        @Override
        public Object[] getElements(Object input) {
            return getChildren(input);
        }

        @Override
        public Object[] getChildren(Object element) {
            return element instanceof OutlineNode node ? node.children.toArray() : new Object[0];
        }

        @Override
        public Object getParent(Object element) {
            return element instanceof OutlineNode node ? node.parent() : null;
        }

        @Override
        public boolean hasChildren(Object element) {
            return element instanceof OutlineNode node && !node.children.isEmpty();
        }
    }
}
