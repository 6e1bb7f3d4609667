package org.fabricsim.generator;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * Turns the specs of one model (from the dsl's single mapping) into Java programs: one class per
 * workload, named after it, in the model's package. The class rebuilds exactly those specs.
 */
public final class JavaProgramGenerator {

    /** One program per workload of {@code study}, in model order. */
    public List<GeneratedProgram> generate(StudySpec study) {
        String packageName = JavaSource.packageName(study.model());
        List<GeneratedProgram> programs = new ArrayList<>();
        for (WorkloadSpec workload : study.workloads()) {
            String simpleName = workload.name().substring(workload.name().lastIndexOf('.') + 1);
            String className = JavaSource.identifier(simpleName);
            StudySpec single = new StudySpec(study.model(), study.source(), List.of(workload));
            String source = ProgramTemplate.render(packageName, className, study.source(), workload.name(),
                    SpecPrinter.print(single, 0)) + "\n";
            programs.add(new GeneratedProgram(packageName, className, source));
        }
        return programs;
    }
}
