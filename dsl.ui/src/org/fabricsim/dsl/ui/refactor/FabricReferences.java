package org.fabricsim.dsl.ui.refactor;

import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.jface.text.IDocument;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Range;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.impl.ResourceDescriptionsProvider;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.EditorModels;

/**
 * Find references in the {@code .fabric} editor: the language server's references ({@code dsl.ide}'s
 * {@link DocumentSymbolService}, in process) to what is named at an offset, in the editor's text and the
 * project's other models; each with the text of its line, for the References view.
 */
public final class FabricReferences {

    /**
     * One reference.
     *
     * @param uri the URI of the file that holds it ({@code platform:/resource/…})
     * @param range where its name lies
     * @param line the text of its line, without the indentation
     */
    public record Reference(String uri, Range range, String line) {

        /** @return the file's name, a colon and the reference's line number (from 1) */
        public String where() {
            return URI.createURI(uri).lastSegment() + ":" + (range.getStart().getLine() + 1);
        }
    }

    private FabricReferences() {
    }

    /**
     * The references to what is named at an offset of an editor's document.
     *
     * @param document a {@code .fabric} editor's document
     * @param offset an offset inside a definition's name or a reference to it
     * @return the references, in the order the index finds them; empty when there is no name there
     */
    public static List<Reference> find(IDocument document, int offset) {
        EditorModels.Parsed parsed = EditorModels.parse(document);
        if (parsed == null) {
            return List.of();
        }
        ResourceSet resourceSet = parsed.resource().getResourceSet();
        List<? extends Location> locations = FabricLanguage.injector().getInstance(DocumentSymbolService.class)
                .getReferences(parsed.resource(), offset, EditorModels.resourceAccess(resourceSet),
                        FabricLanguage.injector().getInstance(ResourceDescriptionsProvider.class)
                                .getResourceDescriptions(resourceSet),
                        CancelIndicator.NullImpl);
        return locations.stream().map(location -> new Reference(location.getUri(), location.getRange(),
                lineOf(resourceSet, location))).toList();
    }

    private static String lineOf(ResourceSet resourceSet, Location location) {
        Resource resource = resourceSet.getResource(URI.createURI(location.getUri()), false);
        if (!(resource instanceof XtextResource xtext) || xtext.getParseResult() == null) {
            return "";
        }
        String[] lines = xtext.getParseResult().getRootNode().getText().split("\n", -1);
        int line = location.getRange().getStart().getLine();
        return line < lines.length ? lines[line].strip() : "";
    }
}
