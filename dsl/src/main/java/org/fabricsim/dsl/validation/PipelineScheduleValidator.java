package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.model.Studies;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.study.Variations;
import org.fabricsim.runtime.training.ScheduleEstimate;
import org.fabricsim.runtime.training.StepPlan;

import com.google.inject.Inject;

/**
 * Whether the pipeline runs the interleaving it asks for. The simulation's own rule ({@link
 * StepPlan}) decides: an interleaved schedule without stated virtual stages takes the deepest
 * balanced v, and any v > 1 needs the micro-batches per DP replica to be a multiple of PP; when
 * either fails the job silently runs with v = 1, so the editor says so. A {@code dualpipe} schedule the
 * simulation would refuse ({@link StepPlan#dualPipeProblem}) is an error here, with the same rule and
 * the change to make. So is a step of more pipeline tasks than the run can index, which every run
 * refuses whatever its heap: the run's own count and sentence ({@link ScheduleEstimate#taskRefusal}).
 */
public class PipelineScheduleValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkTrainingInterleavingBalanced(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        int stages = spec == null ? 1 : spec.parallel().pipeline();
        if (spec == null || spec.schedule() != PipelineSchedule.INTERLEAVED || spec.virtualStages() > 1 || stages == 1
                || StepPlan.wantedVirtualStages(spec) > 1) {
            return;
        }
        int layers = spec.model().layers();
        warning("interleaved-1f1b runs as plain 1F1B here: it interleaves v model chunks per stage only when PP × v"
                + " divides the " + layers + " layers (or " + (layers + 2) + ", counting the embedding and the output"
                + " layer), i.e. when v > 1 divides the layers per stage, and PP " + stages + " leaves no such v."
                + " Choose"
                + " a pipeline degree that divides " + layers + " or " + (layers + 2) + " into a number of layers per"
                + " stage with a divisor above 1, or state 'virtual-stages 2' to interleave with uneven chunks.",
                training, Literals.TRAINING__SCHEDULE, IssueCodes.INTERLEAVING_UNBALANCED, String.valueOf(layers));
    }

    /**
     * A written {@code virtual-stages 1} on {@code interleaved-1f1b} is no statement to the simulation: it interleaves
     * the deepest balanced v (Megatron-LM without virtual pipeline stages runs plain 1F1B), so the editor names the v.
     */
    @Check
    public void checkTrainingOneVirtualStageInterleaves(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null || spec.schedule() != PipelineSchedule.INTERLEAVED || spec.virtualStages() != 1
                || !Written.written(training, Literals.TRAINING__VIRTUAL_STAGES)) {
            return;
        }
        int runs = StepPlan.wantedVirtualStages(spec);
        if (runs <= 1) {
            return;
        }
        warning("'virtual-stages 1' on interleaved-1f1b is read as no statement: the run interleaves the deepest"
                + " balanced " + runs + " model chunks per stage (PP " + spec.parallel().pipeline() + " × " + runs
                + " divides the " + spec.model().layers() + " layers, or " + (spec.model().layers() + 2)
                + " with the embedding and the output layer). To run without interleaving write 'schedule 1f1b';"
                + " to choose v, write 'virtual-stages 2' or more.", training, Literals.TRAINING__VIRTUAL_STAGES,
                IssueCodes.VIRTUAL_STAGES_AUTOMATIC, String.valueOf(runs));
    }

    /** The same for a study's {@code vary virtual-stages} value 1 on a job whose schedule, as written, interleaves. */
    @Check
    public void checkVariedOneVirtualStageInterleaves(Variation variation) {
        if (!(variation.eContainer() instanceof Study study) || !(study.getWorkload() instanceof Training training)
                || Studies.parameter(variation) != VariationSpec.Parameter.VIRTUAL_STAGES) {
            return;
        }
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null || spec.schedule() != PipelineSchedule.INTERLEAVED) {
            return;
        }
        for (Value value : variation.getValues()) {
            int runs = oneStageRuns(spec, value);
            if (runs > 1) {
                warning("'virtual-stages 1' on interleaved-1f1b is read as no statement: this value's run interleaves"
                        + " the deepest balanced " + runs + " model chunks per stage, not plain 1F1B. To compare"
                        + " against 1F1B, vary schedule in [1f1b, interleaved-1f1b].", value, null,
                        IssueCodes.VIRTUAL_STAGES_AUTOMATIC, String.valueOf(runs));
            }
        }
    }

    /** The virtual stages the run of {@code value} asks for when the value is 1, else 0 (also when it does not map). */
    private int oneStageRuns(TrainingSpec spec, Value value) {
        try {
            Object mapped = mapper.toVariationValue(value);
            VariationSpec axis = new VariationSpec(VariationSpec.Parameter.VIRTUAL_STAGES, null, List.of(mapped));
            TrainingSpec varied = (TrainingSpec) Variations.apply(spec, axis, mapped);
            return varied.virtualStages() == 1 ? StepPlan.wantedVirtualStages(varied) : 0;
        } catch (RuntimeException e) {
            return 0; // a value the parameter cannot take: the value checks say so
        }
    }

    @Check
    public void checkTrainingInterleavingMicroBatches(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        int stages = spec.parallel().pipeline();
        int wanted = StepPlan.wantedVirtualStages(spec);
        int microBatches = StepPlan.microBatches(spec);
        if (wanted <= 1 || microBatches % stages == 0) {
            return;
        }
        long perMicroBatch = (long) spec.parallel().data() * spec.microBatch();
        long batch = (long) ((microBatches + stages - 1) / stages) * stages * perMicroBatch;
        boolean stated = Written.written(training, Literals.TRAINING__VIRTUAL_STAGES);
        warning("The pipeline runs without interleaving (1 virtual stage instead of " + wanted
                + (stated ? ", as written" : "") + "): interleaving needs the micro-batches per replica to be a"
                + " multiple of PP " + stages + ", and there are " + microBatches + " (a batch of "
                + spec.globalBatchSequences() + " sequences ÷ (DP " + spec.parallel().data() + " × micro-batch "
                + spec.microBatch() + ")). Make the micro-batches per replica a multiple of PP " + stages + ", e.g. a"
                + " batch of " + batch + " sequences.", training,
                stated ? Literals.TRAINING__VIRTUAL_STAGES : Literals.TRAINING__SCHEDULE,
                IssueCodes.INTERLEAVING_MICRO_BATCHES, String.valueOf(batch));
    }

    @Check
    public void checkTrainingDualPipeRuns(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        String problem = spec == null ? null : StepPlan.dualPipeProblem(spec);
        if (problem != null) {
            error("The simulation cannot run this schedule: " + problem + ".", training, Literals.TRAINING__SCHEDULE,
                    IssueCodes.DUALPIPE_SHAPE);
        }
    }

    @Check
    public void checkTrainingStepTasksIndexable(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        ScheduleEstimate schedule = spec == null ? null : ScheduleEstimate.of(spec);
        if (schedule != null && !schedule.indexable()) {
            error("The run would refuse this job: " + schedule.taskRefusal("it") + ".", training,
                    Literals.ELEMENT__NAME, IssueCodes.PIPELINE_TASKS, String.valueOf(schedule.maxMicroBatches()));
        }
    }
}
