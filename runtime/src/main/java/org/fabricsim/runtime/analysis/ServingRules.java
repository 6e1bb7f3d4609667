package org.fabricsim.runtime.analysis;

import org.fabricsim.runtime.inference.ReplicaMemory;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterDomains;

/**
 * The rules an inference deployment must meet before it is simulated, in one place for the editor
 * (the workload validator) and the serving search: TP splits the heads ({@link TrainingRules#headsSplit},
 * {@link TrainingRules#kvHeadsSplit}), a replica's KV cache holds one typical request beside its
 * weights ({@link ReplicaMemory}), and the pools together fit in the cluster. A typical request is
 * a fixed length, a uniform's largest or a lognormal's median, prompt plus output. O(pools).
 */
public final class ServingRules {

    /** A rule, by the label the search counts its rejections under. */
    public enum Rule {
        /** TP splits the attention heads and the KV heads evenly. */
        HEADS("heads"),
        /** A replica's KV cache holds one typical request beside its weights. */
        MEMORY("memory"),
        /** The pools need no more accelerators than the cluster has. */
        CLUSTER_SIZE("cluster-size");

        private final String label;

        Rule(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private ServingRules() {
    }

    /** The first rule {@code spec} breaks, or null. */
    public static Rule firstViolation(InferenceSpec spec) {
        long used = 0;
        for (InferenceSpec.Pool pool : spec.pools()) {
            int tensor = pool.parallel().tensor();
            if (!TrainingRules.headsSplit(spec.model(), tensor) || !TrainingRules.kvHeadsSplit(spec.model(), tensor)) {
                return Rule.HEADS;
            }
            if (!replicaFits(spec, pool)) {
                return Rule.MEMORY;
            }
            used += (long) pool.replicas() * pool.parallel().accelerators();
        }
        return used > spec.cluster().accelerators() ? Rule.CLUSTER_SIZE : null;
    }

    /** Whether a replica of {@code pool} holds one typical request's KV cache beside its weights. */
    public static boolean replicaFits(InferenceSpec spec, InferenceSpec.Pool pool) {
        long hbm = spec.cluster().node().accelerator().memoryBytes();
        return hbm <= 0 || ReplicaMemory.kvCapacityTokens(spec.model(), spec.cluster().node().accelerator(),
                spec.precision(), spec.kvCachePrecision(), pool.parallel(), pool.features().redundantExperts(),
                pool.maxBatchTokens())
                >= typicalContext(spec);
    }

    /** Tokens of a typical request, prompt plus output, at least 1. */
    public static long typicalContext(InferenceSpec spec) {
        return Math.max(1, typical(spec.traffic().prompt()) + typical(spec.traffic().output()));
    }

    /**
     * Whether TP {@code tensor} stays inside the cluster's scale-up domain (a divisor of it), or the
     * cluster is a direct torus, whose rings TP runs on.
     */
    public static boolean tensorInsideScaleUp(ClusterSpec cluster, int tensor) {
        if (cluster.scaleOut() != null && cluster.scaleOut().topology() instanceof TopologySpec.Torus) {
            return true;
        }
        int domain = ClusterDomains.size(cluster);
        return tensor <= 1 || tensor <= domain && domain % tensor == 0;
    }

    /** Tokens of a typical request: a fixed length, a uniform's largest, a lognormal's median; 0 when unknown. */
    private static long typical(InferenceSpec.Distribution distribution) {
        if (distribution instanceof InferenceSpec.Fixed fixed) {
            return fixed.tokens();
        }
        if (distribution instanceof InferenceSpec.Uniform uniform) {
            return uniform.max();
        }
        if (distribution instanceof InferenceSpec.Lognormal lognormal) {
            return lognormal.median();
        }
        return 0;
    }
}
