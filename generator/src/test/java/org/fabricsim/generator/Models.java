package org.fabricsim.generator;

import java.nio.file.Path;
import java.util.List;

import org.fabricsim.generator.cli.ModelWorkspace;
import org.fabricsim.runtime.spec.StudySpec;

/** Test access to real models through the same loading and mapping the command line uses. */
final class Models {
    /** The repository's examples folder, seen from this module. */
    static final Path EXAMPLES = Path.of("..", "examples");
    static final Path QUICKSTART = EXAMPLES.resolve("quickstart/ring-allreduce.fabric");

    private Models() {
    }

    /** Loads, validates (failing on errors) and maps one model file. */
    static StudySpec study(Path file, String sourceName) {
        ModelWorkspace workspace = new ModelWorkspace(List.of(file));
        if (workspace.hasErrors()) {
            throw new AssertionError("model has errors: " + workspace.diagnostics());
        }
        return workspace.mapper().toStudy(workspace.models().get(file), sourceName);
    }
}
