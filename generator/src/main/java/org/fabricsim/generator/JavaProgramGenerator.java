package org.fabricsim.generator;

import java.util.List;

import org.fabricsim.runtime.spec.StudySpec;

/**
 * Turns the programs of one model (from the dsl's single mapping, {@code SpecMapper.toPrograms}) into
 * Java classes: one class per study or lone workload, named after it, in the model's package. The
 * class rebuilds exactly those specs.
 */
public final class JavaProgramGenerator {

    /** One class per program, in order. */
    public List<GeneratedProgram> generate(List<StudySpec> programs) {
        return programs.stream().map(this::generate).toList();
    }

    /** The class of one program. */
    public GeneratedProgram generate(StudySpec program) {
        String packageName = JavaSource.packageName(program.model());
        String className = JavaSource.identifier(program.name().substring(program.name().lastIndexOf('.') + 1));
        String source = ProgramTemplate.render(packageName, className, program.source(), program.name(),
                SpecPrinter.print(program, 0)) + "\n";
        return new GeneratedProgram(packageName, className, source);
    }
}
