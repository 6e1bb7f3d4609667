package org.fabricsim.dsl.validation;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.ReferenceValue;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.VariedParameter;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

import com.google.inject.Inject;

/**
 * A training job or deployment whose accelerator's architecture has no {@code
 * compute.sustained-fraction.<architecture>} in the calibration profile in effect: {@link Device#sustainedFraction}
 * then takes 1, so its GEMMs run at the catalog's measured MAMF with none of the derating the fitted generations
 * (Hopper, Ampere, Blackwell in the default profile) get.
 * The profile in effect is the one a run uses: a study's {@code calibration}, else the default profile, for a workload
 * no study in its file simulates (as {@link SpecMapper#toPrograms} runs it). A study's accelerators include those of
 * the clusters it varies.
 */
public class SustainedFractionValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkStudySustainedFractionFitted(Study study) {
        ClusterSpec cluster = workloadCluster(study.getWorkload());
        if (cluster == null) {
            return;
        }
        CalibrationProfile profile = study.getCalibration() == null ? CalibrationProfile.defaults()
                : CheckedSpecs.calibration(mapper, getContext(), study.getCalibration());
        if (profile == null) {
            return;
        }
        Map<String, AcceleratorSpec> parts = architectures(cluster);
        for (Variation variation : study.getVariations()) {
            if (variation.getParameter() == VariedParameter.CLUSTER) {
                for (Value value : variation.getValues()) {
                    if (value instanceof ReferenceValue reference && reference.getReference() instanceof Cluster c) {
                        ClusterSpec varied = CheckedSpecs.cluster(mapper, getContext(), c);
                        if (varied != null) {
                            architectures(varied).forEach(parts::putIfAbsent);
                        }
                    }
                }
            }
        }
        String inEffect = study.getCalibration() == null ? "the default profile"
                : "calibration " + study.getCalibration().getName();
        warnUnfitted(parts, profile, inEffect, study, Literals.STUDY__WORKLOAD);
    }

    @Check
    public void checkWorkloadSustainedFractionFitted(Workload workload) {
        ClusterSpec cluster = workloadCluster(workload);
        if (cluster == null || simulatedByAStudy(workload)) {
            return;
        }
        warnUnfitted(architectures(cluster), CalibrationProfile.defaults(),
                "the default profile (no study states a calibration for it)", workload, Literals.WORKLOAD__CLUSTER);
    }

    private void warnUnfitted(Map<String, AcceleratorSpec> parts, CalibrationProfile profile, String inEffect,
            EObject owner, EStructuralFeature feature) {
        parts.forEach((architecture, part) -> {
            String key = Device.SUSTAINED_FRACTION + architecture;
            if (profile.has(key)) {
                return;
            }
            warning(part.name() + " is a " + architecture + " part and " + inEffect + " has no '" + key
                    + "': its GEMMs run at the catalog's measured MAMF without the sustained-rate derating the"
                    + " fitted generations (Hopper, Ampere, Blackwell) get, so MFU and throughput are optimistic"
                    + " (held out: MLPerf Training v5.0 Llama 3.1 405B on 512 GB200 +34 MFU points before Blackwell's"
                    + " fraction was fitted, +6.6 with it). State '"
                    + key + "' measured on these parts in a study's calibration, or read MFU as an upper bound.",
                    owner, feature, IssueCodes.UNFITTED_SUSTAINED_FRACTION, architecture, key);
        });
    }

    /** The cluster a training job or deployment runs on, or null for another workload or an incomplete one. */
    private ClusterSpec workloadCluster(Workload workload) {
        if (workload instanceof Training training) {
            TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
            return spec == null ? null : spec.cluster();
        }
        if (workload instanceof Inference inference) {
            InferenceSpec spec = CheckedSpecs.inference(mapper, getContext(), inference);
            return spec == null ? null : spec.cluster();
        }
        return null;
    }

    /** The cluster's accelerators that state an architecture, one per architecture, in node-group order. */
    private static Map<String, AcceleratorSpec> architectures(ClusterSpec cluster) {
        Map<String, AcceleratorSpec> parts = new LinkedHashMap<>();
        for (NodeGroupSpec group : cluster.nodeGroups()) {
            AcceleratorSpec part = group.node().accelerator();
            if (!part.architecture().isEmpty()) {
                parts.putIfAbsent(part.architecture(), part);
            }
        }
        return parts;
    }

    private static boolean simulatedByAStudy(Workload workload) {
        return workload.eContainer() instanceof Model model && model.getElements().stream()
                .anyMatch(e -> e instanceof Study study && study.getWorkload() == workload);
    }
}
