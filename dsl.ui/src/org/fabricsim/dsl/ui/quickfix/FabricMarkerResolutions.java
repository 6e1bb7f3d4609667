package org.fabricsim.dsl.ui.quickfix;

import java.util.List;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBufferManager;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.eclipse.xtext.ide.editor.quickfix.IQuickFixProvider;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.EditorModels;
import org.fabricsim.dsl.ui.editor.EditorServerAccess;

/**
 * Ctrl+1 on a FabricSim problem (in the editor's ruler or text, and Quick Fix in the Problems view): the
 * language server's code actions for the problem's diagnostic ({@code dsl.ide}'s {@link ICodeActionService2},
 * in process), so Eclipse offers the same quick fixes as every LSP client. The diagnostic is rebuilt from the
 * marker (range, code, message and the data, which the fixes insert) and the code actions are
 * computed on the file's current text: the open editor's document when there is one.
 */
public class FabricMarkerResolutions implements IMarkerResolutionGenerator2 {

    @Override
    public boolean hasResolutions(IMarker marker) {
        return marker.getAttribute(FabricLanguage.CODE_ATTRIBUTE, null) != null && FabricLanguage.injector()
                .getInstance(IQuickFixProvider.class).handlesDiagnostic(diagnosticOf(marker, new LspDocument(1, "")));
    }

    @Override
    public IMarkerResolution[] getResolutions(IMarker marker) {
        if (!(marker.getResource() instanceof IFile file) || !hasResolutions(marker)) {
            return new IMarkerResolution[0];
        }
        ITextFileBufferManager manager = FileBuffers.getTextFileBufferManager();
        try {
            manager.connect(file.getFullPath(), LocationKind.IFILE, null);
            try {
                EditorModels.Parsed parsed = EditorModels.parse(
                        manager.getTextFileBuffer(file.getFullPath(), LocationKind.IFILE).getDocument());
                return parsed == null ? new IMarkerResolution[0]
                        : resolutions(parsed, diagnosticOf(marker, parsed.document()));
            } finally {
                manager.disconnect(file.getFullPath(), LocationKind.IFILE, null);
            }
        } catch (CoreException e) {
            ILog.of(FabricMarkerResolutions.class).error("Could not compute the quick fixes of " + file.getFullPath(), e);
            return new IMarkerResolution[0];
        }
    }

    private static IMarkerResolution[] resolutions(EditorModels.Parsed parsed, Diagnostic diagnostic) {
        String uri = EditorModels.uriOf(parsed.file()).toString();
        ICodeActionService2.Options options = new ICodeActionService2.Options();
        options.setDocument(parsed.document());
        options.setResource(parsed.resource());
        options.setURI(uri);
        options.setLanguageServerAccess(new EditorServerAccess(parsed));
        options.setCancelIndicator(CancelIndicator.NullImpl);
        options.setCodeActionParams(new CodeActionParams(new TextDocumentIdentifier(uri), diagnostic.getRange(),
                new CodeActionContext(List.of(diagnostic))));
        return FabricLanguage.injector().getInstance(ICodeActionService2.class).getCodeActions(options).stream()
                .filter(action -> action.isRight() && action.getRight().getEdit() != null)
                .map(action -> new CodeActionResolution(action.getRight()))
                .toArray(IMarkerResolution[]::new);
    }

    /**
     * The diagnostic a marker stands for, as the language server would have published it: its range, code,
     * message, severity and the data.
     *
     * @param marker a FabricSim problem marker
     * @param document the current text of its file, to place the range in
     * @return the diagnostic
     */
    static Diagnostic diagnosticOf(IMarker marker, Document document) {
        int length = document.getContents().length();
        int start = Math.min(marker.getAttribute(IMarker.CHAR_START, 0), length);
        int end = Math.max(start, Math.min(marker.getAttribute(IMarker.CHAR_END, start), length));
        Diagnostic diagnostic = new Diagnostic(new Range(document.getPosition(start), document.getPosition(end)),
                marker.getAttribute(IMarker.MESSAGE, ""));
        diagnostic.setCode(marker.getAttribute(FabricLanguage.CODE_ATTRIBUTE, null));
        diagnostic.setSeverity(switch (marker.getAttribute(IMarker.SEVERITY, IMarker.SEVERITY_INFO)) {
            case IMarker.SEVERITY_ERROR -> DiagnosticSeverity.Error;
            case IMarker.SEVERITY_WARNING -> DiagnosticSeverity.Warning;
            default -> DiagnosticSeverity.Information;
        });
        String data = marker.getAttribute(FabricLanguage.DATA_ATTRIBUTE, null);
        diagnostic.setData(data == null ? new String[0] : data.split(FabricLanguage.DATA_SEPARATOR, -1));
        return diagnostic;
    }
}
