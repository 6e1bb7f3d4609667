package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.topology.ClusterDomains;

import com.google.inject.Inject;

/**
 * A pool's {@code custom-all-reduce below S} acts only where the framework's kernel runs (inference's
 * CustomAllReduce): at a TP degree N ∈ {2, 4, 6, 8} (vLLM's {@code _SUPPORTED_WORLD_SIZES}) inside one scale-up
 * domain of D ≥ N accelerators ({@code full_nvlink}; {@link ClusterDomains#size}); anywhere else NCCL takes every
 * all-reduce, and an info says the statement changes nothing and why. A limit of zero or less is the units' error
 * ({@link UnitsValidator}). O(node groups) per pool.
 */
public class CustomAllReduceValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkPoolCustomAllReduceRuns(Pool pool) {
        if (pool.getCustomAllReduceBelow() == null || !(pool.eContainer() instanceof Inference inference)) {
            return;
        }
        int tensor = pool.getParallel() == null ? 1 : Math.max(1, pool.getParallel().getTensor());
        String why;
        if (tensor == 1) {
            why = "this pool's plan has no tensor parallelism, so there is no TP all-reduce to take";
        } else if (!PoolFeatures.customAllReduceRuns(tensor)) {
            why = "the framework's kernel runs at TP 2, 4, 6 or 8 (vLLM's _SUPPORTED_WORLD_SIZES) and this pool's"
                    + " is " + tensor + ", so NCCL takes every all-reduce";
        } else {
            int domain = domainSize(inference.getCluster());
            if (domain == 0 || tensor <= domain) {
                return; // the cluster does not map (its own errors say why), or the kernel runs
            }
            why = domain == 1 ? "the cluster's nodes have no scale-up domain for its peer-memory kernel"
                    : "its TP group of " + tensor + " crosses the scale-up domain of " + domain
                            + ", and the peer-memory kernel runs only inside one, so NCCL takes every all-reduce";
        }
        info("'custom-all-reduce' changes nothing here: " + why + ". Remove it.", pool,
                Literals.POOL__CUSTOM_ALL_REDUCE_BELOW, IssueCodes.SERVING_FEATURE_IGNORED, "custom-all-reduce");
    }

    /** The accelerators of one scale-up domain of {@code cluster} (1 without scale-up), or 0 where it does not map. */
    private int domainSize(Cluster cluster) {
        if (cluster == null || cluster.eIsProxy()) {
            return 0;
        }
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        return spec == null ? 0 : ClusterDomains.size(spec);
    }
}
