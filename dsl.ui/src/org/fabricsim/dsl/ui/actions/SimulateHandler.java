package org.fabricsim.dsl.ui.actions;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobFunction;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.ide.IDE;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ide.simulate.SimulateCommand;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.EditorModels;
import org.fabricsim.dsl.ui.editor.EditorServerAccess;
import org.fabricsim.dsl.ui.validation.FabricModelValidator;

/**
 * FabricSim → Simulate: runs every study and workload of the model in a background job, as
 * {@code fabric simulate} and the language server's {@value SimulateCommand#ID} command do, writes the
 * console text beside the model as {@code NAME.simulation.txt} and opens it. A model with errors is
 * answered with a sentence saying so, in the same file.
 */
public class SimulateHandler extends AbstractHandler {
    /** The suffix of the file the console text is written to, beside the model. */
    public static final String OUTPUT_SUFFIX = ".simulation.txt";

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        ModelSelection model = ModelSelection.of(event);
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        Job job = Job.create("Simulate " + model.file().getName(),
                (IJobFunction) monitor -> run(model, page, monitor));
        job.setUser(true);
        job.schedule();
        return null;
    }

    private static IStatus run(ModelSelection model, IWorkbenchPage page, IProgressMonitor monitor) {
        String uri = EditorModels.uriOf(model.file()).toString();
        try {
            EditorModels.Parsed parsed = new EditorModels.Parsed(model.file(), new LspDocument(1, model.text()),
                    new FabricModelValidator(FabricLanguage.injector()).load(EditorModels.uriOf(model.file()),
                            model.text(), EditorModels.siblingsOf(model.file())));
            Object answer = FabricLanguage.injector().getInstance(SimulateCommand.class).execute(
                    new ExecuteCommandParams(SimulateCommand.ID, List.<Object>of(uri)), new EditorServerAccess(parsed),
                    CancelIndicator.NullImpl);
            IFile output = write(model.file(), String.valueOf(answer), monitor);
            Display.getDefault().asyncExec(() -> open(page, output));
            return Status.OK_STATUS;
        } catch (IOException | CoreException e) {
            return Status.error("Could not simulate " + model.file().getFullPath() + ": " + e.getMessage(), e);
        }
    }

    private static IFile write(IFile model, String text, IProgressMonitor monitor) throws CoreException {
        String name = model.getName().substring(0, model.getName().length() - ".fabric".length()) + OUTPUT_SUFFIX;
        IFile output = model.getParent().getFile(IPath.fromPortableString(name));
        ByteArrayInputStream contents = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        if (output.exists()) {
            output.setContents(contents, true, false, monitor);
        } else {
            output.create(contents, true, monitor);
        }
        return output;
    }

    private static void open(IWorkbenchPage page, IFile output) {
        try {
            IDE.openEditor(page, output, true);
        } catch (PartInitException e) {
            ILog.of(SimulateHandler.class).error("Could not open " + output.getFullPath(), e);
        }
    }
}
