package org.fabricsim.dsl.ui.editor;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension4;

/**
 * The last model that {@link SemanticColouring} parsed for each open document, for the UI thread: Ctrl+hover
 * asks for links at every mouse move, and parsing a 10,000-line model there at each move would stall the
 * editor. The colouring publishes a parse once it has finished reading it, so from then on only the UI thread
 * reads it; a document that changed since is parsed afresh.
 */
final class ReconciledModels {

    /** A parse of the text a document held at a modification stamp. */
    private record Entry(long stamp, EditorModels.Parsed parsed) {
    }

    private static final Map<IDocument, Entry> LATEST = Collections.synchronizedMap(new WeakHashMap<>());

    private ReconciledModels() {
    }

    static void publish(IDocument document, long stamp, EditorModels.Parsed parsed) {
        LATEST.put(document, new Entry(stamp, parsed));
    }

    /**
     * The document's model as its text is now.
     *
     * @param document an editor's document
     * @return the published parse while the text is unchanged since, else a fresh parse (null as
     *         {@link EditorModels#parse} gives it)
     */
    static EditorModels.Parsed current(IDocument document) {
        Entry entry = LATEST.get(document);
        long stamp = WholeDocumentStrategy.stampOf(document);
        boolean unchanged = entry != null && stamp != IDocumentExtension4.UNKNOWN_MODIFICATION_STAMP
                && entry.stamp() == stamp;
        return unchanged ? entry.parsed() : EditorModels.parse(document);
    }
}
