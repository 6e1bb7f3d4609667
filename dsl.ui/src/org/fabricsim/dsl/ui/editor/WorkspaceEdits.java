package org.fabricsim.dsl.ui.editor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.filebuffers.ITextFileBufferManager;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.eclipse.emf.common.util.URI;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * Applies the edits that the language server's services answer (a quick fix, a rename, a format) to the
 * workspace: each file's edits go to its text file buffer, the document of its open editor when it has
 * one (the editor is left dirty, for the user to save or undo), else a buffer that is saved at once.
 * Edits of one file are applied from the last to the first, so that the positions of the others stay valid,
 * as LSP defines them (all ranges refer to the text before the edit).
 */
public final class WorkspaceEdits {

    private WorkspaceEdits() {
    }

    /**
     * Applies a workspace edit.
     *
     * @param edit the edit, by {@code platform:/resource} URI or {@code changes} and {@code documentChanges}
     * @throws CoreException if a file cannot be read or saved, or an edit names no workspace file
     */
    public static void apply(WorkspaceEdit edit) throws CoreException {
        Map<String, List<TextEdit>> byUri = new LinkedHashMap<>();
        if (edit.getChanges() != null) {
            edit.getChanges().forEach((uri, edits) -> byUri.computeIfAbsent(uri, u -> new ArrayList<>()).addAll(edits));
        }
        if (edit.getDocumentChanges() != null) {
            edit.getDocumentChanges().stream().filter(change -> change.isLeft()).map(change -> change.getLeft())
                    .forEach(change -> change.getEdits().forEach(e -> byUri
                            .computeIfAbsent(change.getTextDocument().getUri(), u -> new ArrayList<>())
                            .add(e.getLeft())));
        }
        for (Map.Entry<String, List<TextEdit>> entry : byUri.entrySet()) {
            apply(fileOf(entry.getKey()), entry.getValue());
        }
    }

    /**
     * Applies text edits to one workspace file.
     *
     * @param file the file
     * @param edits its edits, with ranges in its current text
     * @throws CoreException if the file cannot be read or saved
     */
    public static void apply(IFile file, List<TextEdit> edits) throws CoreException {
        ITextFileBufferManager manager = FileBuffers.getTextFileBufferManager();
        IPath path = file.getFullPath();
        boolean open = manager.getTextFileBuffer(path, LocationKind.IFILE) != null;
        manager.connect(path, LocationKind.IFILE, null);
        try {
            ITextFileBuffer buffer = manager.getTextFileBuffer(path, LocationKind.IFILE);
            apply(buffer.getDocument(), edits);
            if (!open) {
                buffer.commit(null, true);
            }
        } finally {
            manager.disconnect(path, LocationKind.IFILE, null);
        }
    }

    /**
     * Applies text edits to a document.
     *
     * @param document the document
     * @param edits its edits, with ranges in its current text
     * @throws CoreException if an edit lies outside the document
     */
    public static void apply(IDocument document, List<? extends TextEdit> edits) throws CoreException {
        record Replacement(int offset, int length, String text) {
        }
        List<Replacement> replacements = new ArrayList<>();
        try {
            for (TextEdit edit : edits) {
                int start = offsetOf(document, edit.getRange().getStart());
                replacements.add(new Replacement(start, offsetOf(document, edit.getRange().getEnd()) - start,
                        edit.getNewText()));
            }
            replacements.sort(Comparator.comparingInt(Replacement::offset).reversed());
            for (Replacement replacement : replacements) {
                document.replace(replacement.offset(), replacement.length(), replacement.text());
            }
        } catch (BadLocationException e) {
            throw new CoreException(Status.error("An edit lies outside the document: "
                    + e.getMessage(), e));
        }
    }

    private static int offsetOf(IDocument document, Position position) throws BadLocationException {
        return document.getLineOffset(position.getLine()) + position.getCharacter();
    }

    private static IFile fileOf(String uri) throws CoreException {
        URI parsed = URI.createURI(uri);
        if (!parsed.isPlatformResource()) {
            throw new CoreException(Status.error("Not a workspace file: " + uri));
        }
        return ResourcesPlugin.getWorkspace().getRoot().getFile(IPath.fromPortableString(parsed.toPlatformString(true)));
    }
}
