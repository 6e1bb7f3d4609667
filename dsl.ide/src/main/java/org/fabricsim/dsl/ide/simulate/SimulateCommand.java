package org.fabricsim.dsl.ide.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.ide.server.commands.IExecutableCommandService;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.generator.ProgramRunner;
import org.fabricsim.runtime.result.ConsoleTable;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

import com.google.inject.Inject;

/**
 * The server's {@value #ID} command: arguments the document URI and, optionally, the simple name of
 * one study or workload; runs it (or every program of the file) as {@code fabric simulate} does and
 * answers the console text. A model with errors, an unknown name or a file with nothing to simulate
 * is answered with a sentence saying so, never an exception.
 */
public class SimulateCommand implements IExecutableCommandService {
    /** The command's identifier, shared by the code lens and every client. */
    public static final String ID = "fabricsim.simulate";

    @Inject
    private SpecMapper mapper;

    @Override
    public List<String> initialize() {
        return List.of(ID);
    }

    @Override
    public Object execute(ExecuteCommandParams params, ILanguageServerAccess access, CancelIndicator cancelIndicator) {
        List<Object> arguments = params.getArguments();
        if (!ID.equals(params.getCommand()) || arguments == null || arguments.isEmpty()) {
            return ID + " needs the document's URI and, optionally, the name of a study or workload";
        }
        String uri = ValidDocument.text(arguments.get(0));
        String name = arguments.size() > 1 ? ValidDocument.text(arguments.get(1)) : null;
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
