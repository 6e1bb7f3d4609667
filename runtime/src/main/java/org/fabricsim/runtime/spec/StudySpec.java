package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * What one simulation program runs: the workloads of one model, in order.
 *
 * @param model     the model's name (its package), reported as {@code model} in the JSON result
 * @param source    the {@code .fabric} file the program was generated from, for the report
 * @param workloads the workloads, each yielding one run
 */
public record StudySpec(String model, String source, List<WorkloadSpec> workloads) {

    public StudySpec {
        Specs.requireName(model);
        workloads = List.copyOf(workloads);
    }
}
