package org.fabricsim.dsl.ui.refactor;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.xtext.ide.server.rename.IRenameService2;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.EditorModels;
import org.fabricsim.dsl.ui.editor.EditorServerAccess;
import org.fabricsim.dsl.ui.editor.WorkspaceEdits;

/**
 * Rename in the {@code .fabric} editor: the language server's rename ({@code dsl.ide}'s
 * {@link IRenameService2}, in process) on the editor's text with the project's other models in scope, so a
 * definition and every reference to it in the project are renamed together; the edits go to the open
 * editors (left dirty) and to the files of the others. What the language server refuses (a new name that
 * cannot be a name, a definition of the standard catalog) is refused with its reason.
 */
public final class FabricRename {

    private FabricRename() {
    }

    /**
     * Renames what is named at an offset of an editor's document.
     *
     * @param document a {@code .fabric} editor's document
     * @param offset an offset inside a definition's name or a reference to it
     * @param newName the new name
     * @return null when renamed, else why not
     */
    public static String rename(IDocument document, int offset, String newName) {
        EditorModels.Parsed parsed = EditorModels.parse(document);
        if (parsed == null) {
            return "Not renamed: the document is no .fabric file of the workspace.";
        }
        String uri = EditorModels.uriOf(parsed.file()).toString();
        IRenameService2.Options options = new IRenameService2.Options();
        options.setLanguageServerAccess(new EditorServerAccess(parsed));
        options.setRenameParams(new RenameParams(new TextDocumentIdentifier(uri), parsed.document().getPosition(offset),
                newName));
        options.setCancelIndicator(CancelIndicator.NullImpl);
        try {
            WorkspaceEdit edit = FabricLanguage.injector().getInstance(IRenameService2.class).rename(options);
            if (edit == null || (edit.getChanges() == null || edit.getChanges().isEmpty())
                    && (edit.getDocumentChanges() == null || edit.getDocumentChanges().isEmpty())) {
                return "Not renamed: there is no name to rename here.";
            }
            WorkspaceEdits.apply(edit);
            return null;
        } catch (ResponseErrorException e) {
            return e.getResponseError().getMessage();
        } catch (CoreException e) {
            return "Not renamed: " + e.getMessage();
        }
    }
}
