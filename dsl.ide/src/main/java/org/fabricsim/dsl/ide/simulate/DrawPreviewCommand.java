package org.fabricsim.dsl.ide.simulate;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.ide.server.commands.IExecutableCommandService;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.picture.ParallelGroupsPicture;
import org.fabricsim.runtime.picture.TopologyPicture;
import org.fabricsim.runtime.spec.TrainingSpec;

import com.google.inject.Inject;

/**
 * The server's {@value #ID} command, the editors' topology preview: arguments the document URI and
 * the simple name of a cluster or a training job; answers the SVG that {@code fabric draw} writes for
 * it (the cluster's network, or where the job's TP, CP, PP and DP groups land). A model with errors
 * or a name that is neither is answered with a sentence saying so, never an exception.
 */
public class DrawPreviewCommand implements IExecutableCommandService {
    /** The command's identifier, shared by the code lens and every client. */
    public static final String ID = "fabricsim.draw";

    @Inject
    private SpecMapper mapper;

    @Override
    public List<String> initialize() {
        return List.of(ID);
    }

    @Override
    public Object execute(ExecuteCommandParams params, ILanguageServerAccess access, CancelIndicator cancelIndicator) {
        List<Object> arguments = params.getArguments();
        if (!ID.equals(params.getCommand()) || arguments == null || arguments.size() < 2) {
            return ID + " needs the document's URI and the name of a cluster or training job";
        }
        String uri = ValidDocument.text(arguments.get(0));
        String name = ValidDocument.text(arguments.get(1));
        List<String> errors = new ArrayList<>();
        String svg = access.doSyncRead(uri, context -> {
            Model model = ValidDocument.model(context.getResource(), errors);
            return model == null ? null : draw(model, name);
        });
        if (!errors.isEmpty()) {
            return ValidDocument.refusal(uri, errors, "draw");
        }
        return svg != null ? svg : uri + ": no cluster or training job named '" + name + "' to draw";
    }

    /** The picture of the element named {@code name}, or null when there is none to draw. */
    private String draw(Model model, String name) {
        for (Object element : model.getElements()) {
            if (element instanceof Cluster cluster && name.equals(cluster.getName())) {
                return TopologyPicture.render(mapper.toCluster(cluster));
            }
            if (element instanceof Training training && name.equals(training.getName())) {
                TrainingSpec job = mapper.toTraining(training);
                return ParallelGroupsPicture.render(job.name(), job.cluster(), job.parallel());
            }
        }
        return null;
    }
}
