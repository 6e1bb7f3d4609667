package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.ComposedChecks;
import org.eclipse.xtext.validation.NamesAreUniqueValidator;

/** The language's validator: composes one validator per concern. */
@ComposedChecks(validators = { NamesAreUniqueValidator.class, UnitsValidator.class, ClusterValidator.class,
        NetworkRateValidator.class, LockInValidator.class, OversubscriptionValidator.class, PhysicalValidator.class,
        SpokenFabricValidator.class, FlowsPerPeerValidator.class,
        WorkloadValidator.class, InferencePoolValidator.class, PipelineScheduleValidator.class,
        PlacementValidator.class, PrecisionValidator.class, DegreesValidator.class, ExpertRoutingValidator.class,
        TrafficValidator.class, ExpectationValidator.class,
        HygieneValidator.class, SoftwareValidator.class, IgnoredSettingsValidator.class, CalibrationValidator.class,
        BenchmarkSizesValidator.class, BenchmarkCollectiveValidator.class, ExpertKernelValidator.class,
        CustomAllReduceValidator.class,
        HardwareCountsValidator.class, ReliabilityValidator.class, ScaleUpDomainValidator.class,
        DomainSpanValidator.class, TokenBudgetValidator.class, FailureDomainValidator.class,
        TierStructureValidator.class,
        ServingFeaturesValidator.class, VariationValidator.class, SearchValidator.class, TorusValidator.class,
        OpticalCubesValidator.class, SharingValidator.class, CollNetValidator.class, DataParallelAlgorithmValidator.class, NetworkBackendValidator.class, PacketSettingsValidator.class,
        HpccParametersValidator.class, IbCcParametersValidator.class, ScheduledParametersValidator.class,
        FabricBehaviourValidator.class,
        DataCentreValidator.class, TorusAlgorithmValidator.class, ReservedMemoryValidator.class,
        ModelArchitectureValidator.class, RecomputeValidator.class, InferenceSettingsValidator.class,
        SustainedFractionValidator.class, CollectiveAlgorithmValidator.class,
        PacketRunSizeValidator.class, DeadlockFreeRoutingValidator.class, CalibrationDelayValidator.class, GpusPerThreadValidator.class,
        VariedEffectValidator.class, VariedRulesValidator.class, RepeatedValueValidator.class, ImportValidator.class })
public class FabricValidator extends AbstractFabricValidator {
}
