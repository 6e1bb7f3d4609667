package org.fabricsim.dsl.ide.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.generator.ProgramRunner;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * The server's {@value #ID} command: arguments the document URI and, optionally, the simple name of
 * one study or workload; runs it (or every program of the file) as {@code fabric simulate} does and
 * answers the console text. A model with errors, an unknown name or a file with nothing to simulate
 * is answered with a sentence saying so, never an exception.
 */
public class SimulateCommand extends DocumentCommand {
    /** The command's identifier, shared by the code lens and every client. */
    public static final String ID = "fabricsim.simulate";

    public SimulateCommand() {
        super(ID, 1, "the document's URI and, optionally, the name of a study or workload");
    }

    @Override
    protected Object run(String uri, String name, ILanguageServerAccess access) {
        List<String> errors = new ArrayList<>();
        List<StudySpec> programs = access.doSyncRead(uri, context -> programs(context.getResource(), name, errors));
        if (programs == null) {
            return ValidDocument.refusal(uri, errors, "simulate");
        }
        if (programs.isEmpty()) {
            return uri + (name == null ? ": nothing to simulate: it defines no benchmark, training, inference or study"
                    : ": no study or workload named '" + name + "'");
        }
        StudyResult result = new ProgramRunner(StudyRunner.localCores(), StudyRunner.Progress.NONE)
                .run(programs.get(0).model(), programs, OptionalLong.empty());
        return ConsoleTable.render(result);
    }

    /**
     * The programs of the document named {@code name} (all when null), or null when the document has errors,
     * which go to {@code errors} as {@code line N: message}.
     */
    private List<StudySpec> programs(Resource document, String name, List<String> errors) {
        Model model = ValidDocument.model(document, errors);
        if (model == null) {
            return null;
        }
        String source = fileName(document);
        return mapper.toPrograms(model, source).stream()
                .filter(p -> name == null || p.name().equals(name) || p.name().endsWith("." + name)).toList();
    }

    private static String fileName(Resource resource) {
        URI uri = resource.getURI();
        return uri.isFile() ? uri.toFileString() : uri.lastSegment();
    }
}
