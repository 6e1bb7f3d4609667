package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Studies.parameter;

import java.util.List;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudySize;
import org.fabricsim.runtime.study.Variations;
import org.fabricsim.runtime.study.VariedFit;

import com.google.inject.Inject;

/**
 * A {@code vary} value that makes the study's job, its other values as written, break a rule the runtime fails the
 * run for: the value applied as the runtime applies it ({@link Variations#apply}), then the runtime's own check of
 * the varied run ({@link VariedFit#breach}, the rules of {@code TrainingRules} and {@code ServingRules}), in its words.
 * {@code vary tensor in [2, 3, 4]} on 16 heads marks 3; the run of it fails "infeasible: ... tensor 3 does not divide
 * the model's 16 attention heads". A warning, since another axis of the study may make the combination hold ({@code
 * vary batch} beside {@code vary micro-batch}). Skipped where the job or the value does not map or the value cannot be
 * applied (other checks say why; a value past the cluster's accelerators is left to the run, which names the count),
 * where the job as written already breaks a rule (its own errors say so), in a study of more than {@link
 * StudySize#MAX_RUNS} runs (refused whole), and in a search, whose axes are its space and whose screen counts the
 * configurations each rule rejects. O(values × layers).
 */
public class VariedRulesValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkVariedValueKeepsTheJobRunnable(Variation variation) {
        if (!(variation.eContainer() instanceof Study study) || study.getSearch() != null || refused(study)) {
            return;
        }
        WorkloadSpec job = study.getWorkload() instanceof Training t ? CheckedSpecs.training(mapper, getContext(), t)
                : study.getWorkload() instanceof Inference i ? CheckedSpecs.inference(mapper, getContext(), i) : null;
        if (job == null || VariedFit.breach(job) != null) {
            return;
        }
        InferenceSpec.Role role = Written.written(variation, Literals.VARIATION__POOL)
                ? InferenceSpec.Role.valueOf(variation.getPool().getName()) : null;
        for (Value value : variation.getValues()) {
            String breach = breach(job, parameter(variation), role, value);
            if (breach != null) {
                warning("With the job's other values as written, this value's run fails as infeasible: " + breach,
                        value, null, IssueCodes.VARY_RULE);
            }
        }
    }

    /**
     * Whether the study plans more than {@link StudySize#MAX_RUNS} runs, counted as {@link
     * VariationValidator#checkStudyRunsWithinBound} counts them: refused whole, so no value runs.
     */
    private static boolean refused(Study study) {
        return VariationValidator.plannedRuns(study) > StudySize.MAX_RUNS;
    }

    /** Why {@code job} with {@code value} of the axis cannot run, or null when it can or the value does not map. */
    private String breach(WorkloadSpec job, VariationSpec.Parameter parameter, InferenceSpec.Role role, Value value) {
        try {
            Object mapped = mapper.toVariationValue(value);
            return VariedFit.breach(Variations.apply(job, new VariationSpec(parameter, role, List.of(mapped)), mapped));
        } catch (RuntimeException e) {
            return null; // a value the parameter cannot take, or one not resolved: the value checks say so
        }
    }
}
