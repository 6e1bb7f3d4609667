package org.fabricsim.dsl.ide.simulate;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.runtime.picture.ParallelGroupsPicture;
import org.fabricsim.runtime.picture.TopologyPicture;
import org.fabricsim.runtime.spec.TrainingSpec;

/**
 * The server's {@value #ID} command, the editors' topology preview: arguments the document URI and
 * the simple name of a cluster or a training job; answers the SVG that {@code fabric draw} writes for
 * it (the cluster's network, or where the job's TP, CP, PP and DP groups land). A model with errors
 * or a name that is neither is answered with a sentence saying so, never an exception.
 */
public class DrawPreviewCommand extends DocumentCommand {
    /** The command's identifier, shared by the code lens and every client. */
    public static final String ID = "fabricsim.draw";

    public DrawPreviewCommand() {
        super(ID, 2, "the document's URI and the name of a cluster or training job");
    }

    @Override
    protected Object run(String uri, String name, ILanguageServerAccess access) {
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
