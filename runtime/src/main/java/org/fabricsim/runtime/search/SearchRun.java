package org.fabricsim.runtime.search;

import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * One configuration a search simulates on the engine (a refined plan, or a serving configuration on
 * the screen's short trace): plain values, so that another engine (Spark) can ship it.
 *
 * @param workload  the configuration
 * @param name      the run's name: the study's and the configuration's label
 * @param variation the configuration by keyword
 * @param seed      the study's seed for its workload (every run of a search draws the same requests)
 */
public record SearchRun(WorkloadSpec workload, String name, Map<String, Object> variation, long seed) {

    /** The run's result on {@code engine}, as a run of {@code study} ({@link StudyRunner#simulate}). */
    public RunResult simulate(StudyRunner.Engine engine, StudySpec study) {
        return StudyRunner.simulate(engine, study, () -> workload, StudyRunner.kind(workload), name, variation, seed);
    }
}
