package org.fabricsim.dsl.validation;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.naming.IQualifiedNameProvider;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Fp8Scaling;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.fabric.Precision;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeRates;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

import com.google.inject.Inject;

/**
 * Whether the accelerator can train at the job's precision, by the simulation's own rule ({@link
 * Device#forTraining}): FP8 needs an FP8 rate in the catalog, and FP4 and INT8 are not trained at.
 * Otherwise the GEMMs would run at the BF16 rate while the memory check counts smaller elements. A
 * {@code scaling} (a training recipe's, a served checkpoint's) scales FP8 operands: written with another precision
 * it would do nothing, and so would blockwise scaling served on a part whose GEMMs do not run at FP8 ({@link
 * Device#runsFp8}: serving keeps such FP8 weights and multiplies at BF16). A deployment at FP4 needs an FP4 rate in the
 * catalog and a measured FP4 GEMM efficiency for the part's generation, and one at INT8 is refused (no INT8 rates:
 * {@link ComputeRates#requireServedGemmRate}). A training or deployment needs a {@code bf16} rate on each
 * accelerator the job runs on ({@link ComputeRates#statesBf16Rate}, the run's own rule): a part written {@code compute fp16
 * 275 TFLOPS} alone, or a sketched cluster's generic accelerator, would run its kernels at 0 FLOP/s and its pipeline
 * would never finish.
 */
public class PrecisionValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Inject
    private IQualifiedNameProvider names;

    @Check
    public void checkScalingNeedsFp8(Training training) {
        checkScalingNeedsFp8(training, Literals.TRAINING__PRECISION, training.getPrecision(),
                Literals.TRAINING__FP8_SCALING, training.getFp8Scaling());
    }

    @Check
    public void checkScalingNeedsFp8(Inference inference) {
        checkScalingNeedsFp8(inference, Literals.INFERENCE__PRECISION, inference.getPrecision(),
                Literals.INFERENCE__FP8_SCALING, inference.getFp8Scaling());
    }

    private void checkScalingNeedsFp8(EObject owner, EStructuralFeature precisionFeature, Precision precision,
            EStructuralFeature scalingFeature, Fp8Scaling scaling) {
        if (Written.written(owner, scalingFeature)
                && !(Written.written(owner, precisionFeature) && precision == Precision.FP8)) {
            error("'scaling' is how FP8 GEMM operands are scaled: write 'precision fp8 scaling "
                    + scaling.getLiteral() + "', or leave the scaling out.", owner, scalingFeature,
                    IssueCodes.UNSUPPORTED_PRECISION);
        }
    }

    @Check
    public void checkBlockwiseServedAtFp8(Inference inference) {
        if (!Written.written(inference, Literals.INFERENCE__FP8_SCALING)
                || inference.getFp8Scaling() != Fp8Scaling.BLOCKWISE || inference.getPrecision() != Precision.FP8) {
            return;
        }
        InferenceSpec spec = CheckedSpecs.inference(mapper, getContext(), inference);
        if (spec == null) {
            return;
        }
        AcceleratorSpec accelerator = spec.cluster().node().accelerator();
        if (!Device.runsFp8(accelerator, spec.precision())) {
            error(accelerator.name() + " has no FP8 rate in the catalog, so its GEMMs run at the BF16 rate and"
                    + " blockwise scaling would change nothing: leave the scaling out, or give the accelerator an"
                    + " 'fp8 ... TFLOPS' compute rate.", inference, Literals.INFERENCE__FP8_SCALING,
                    IssueCodes.UNSUPPORTED_PRECISION);
        }
    }

    @Check
    public void checkServingPrecisionSupported(Inference inference) {
        if (inference.getPrecision() != Precision.FP4 && inference.getPrecision() != Precision.INT8) {
            return;
        }
        InferenceSpec spec = CheckedSpecs.inference(mapper, getContext(), inference);
        if (spec == null) {
            return;
        }
        try {
            ComputeRates.requireServedGemmRate(spec.cluster().node().accelerator(), spec.precision());
        } catch (IllegalArgumentException unsupported) {
            error(unsupported.getMessage() + ".", inference, Literals.INFERENCE__PRECISION,
                    IssueCodes.UNSUPPORTED_PRECISION);
        }
    }

    @Check
    public void checkTrainingAcceleratorStatesBf16(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec != null) {
            checkStatesBf16(training, training.getCluster(), spec.cluster().acceleratorTypes(spec.accelerators()),
                    "training");
        }
    }

    @Check
    public void checkInferenceAcceleratorStatesBf16(Inference inference) {
        InferenceSpec spec = CheckedSpecs.inference(mapper, getContext(), inference);
        if (spec != null) {
            checkStatesBf16(inference, inference.getCluster(), List.of(spec.cluster().node().accelerator()),
                    "deployment");
        }
    }

    /**
     * The first of the job's accelerator {@code types} (those its run times, as the run picks them) without a bf16
     * rate ({@link ComputeRates#statesBf16Rate}): a declared part is named with the rates it states; a sketch's generic
     * accelerator states none. O(types · groups).
     */
    private void checkStatesBf16(EObject owner, Cluster cluster, List<AcceleratorSpec> types, String job) {
        AcceleratorSpec missing = types.stream().filter(type -> !ComputeRates.statesBf16Rate(type)).findFirst().orElse(null);
        if (missing == null) {
            return;
        }
        String why = ", and the compute model runs 16-bit GEMMs and attention at the BF16 peak (and divides MFU by it),"
                + " so this " + job + " would never finish: ";
        Accelerator accelerator = declared(cluster, missing);
        if (accelerator == null) {
            error(cluster.getName() + " is a sketch ('nodes N x M accelerators') whose generic accelerators state no"
                    + " compute rate" + why + "declare an accelerator with a 'bf16 ... TFLOPS' rate and a node of it,"
                    + " and write 'nodes N x' that node.", owner, Literals.WORKLOAD__CLUSTER,
                    IssueCodes.MISSING_BF16_RATE);
            return;
        }
        String rates = accelerator.getCompute().stream().map(r -> r.getPrecision().getLiteral())
                .collect(Collectors.joining(", "));
        error(accelerator.getName() + " states no bf16 compute rate, only " + rates + why + "add 'bf16 ... TFLOPS' to"
                + " its compute line (a part without BF16, such as a V100, states its FP16 tensor rate there).", owner,
                Literals.WORKLOAD__CLUSTER, IssueCodes.MISSING_BF16_RATE);
    }

    /** The cluster's declared accelerator that {@code type} was mapped from, or null (a sketch's). O(groups). */
    private Accelerator declared(Cluster cluster, AcceleratorSpec type) {
        for (NodeGroup group : cluster.getGroups()) {
            Accelerator accelerator = group.getNode() == null ? null : group.getNode().getAccelerator();
            if (accelerator != null && type.name().equals(names.getFullyQualifiedName(accelerator).toString())) {
                return accelerator;
            }
        }
        return null;
    }

    @Check
    public void checkTrainingPrecisionSupported(Training training) {
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec == null) {
            return;
        }
        try {
            Device.forTraining(spec.cluster().node().accelerator(), spec.precision(), CalibrationProfile.defaults());
        } catch (IllegalArgumentException unsupported) {
            error(unsupported.getMessage() + ".", training, Literals.TRAINING__PRECISION,
                    IssueCodes.UNSUPPORTED_PRECISION);
        }
    }
}
