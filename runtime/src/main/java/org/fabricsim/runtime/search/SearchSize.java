package org.fabricsim.runtime.search;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.StudySize;

/**
 * How many configurations a search's stated axes span, and the bound above which it is refused before anything is
 * enumerated. A search considers, for each base job ({@link Search#baseSweep}), the product over its pools (one for a
 * training job) of the value counts of the searched axes that set each pool's parameters ({@code vary decode replicas}
 * for the decode pool, else {@code vary replicas} for every pool): B × Π_pools Π_parameters n. Axes that {@code in all}
 * fills are not counted (each is bounded by the cluster: the divisors of the scale-up domain, of the layers, of the
 * batch).
 *
 * <p>The bound, {@value #MAX_CONFIGURATIONS} configurations, is what one search can hold and screen. The enumeration
 * streams (each configuration is built and checked against the rules, then dropped unless feasible), but every
 * feasible configuration is held until the screen has ranked them all, 155 B each at 1,000,000 (136 B at 100,000), and
 * considered at 8.4 µs each (39 µs at 100,000, before the JIT has finished); the screen then takes 0.32 ms a plan
 * for a 16-layer job on 64 H100 and 2.1 ms for Llama 3 405B on 16,384 (docs/performance.md, "Search space, bounded
 * (session 64)"). So the bound holds at most 0.16 GB, within the default heap of a 2 GB machine, enumerates in
 * seconds and screens in 5 to 35 CPU minutes when every configuration is feasible; six axes of 40 values (4.1 × 10⁹)
 * held 635 GB. The editor reports the same bound ({@code fabric.study.too-many-runs}).
 */
public final class SearchSize {
    /** The most configurations a search's stated axes may span, over all its base jobs. */
    public static final long MAX_CONFIGURATIONS = 1_000_000;

    private SearchSize() {
    }

    /**
     * The configurations one base job's space spans: Π over {@code roles} (the pools' roles as a variation names
     * them, {@code [""]} for a training job) of the value counts of the axes in {@code counts} (keyed by {@link
     * VariationSpec#label}) that set that pool: an axis of its role, else an axis without a role, unless an axis of
     * the role states the same parameter. Saturates at Long.MAX_VALUE.
     */
    public static long perBase(List<String> roles, Map<String, Integer> counts) {
        long n = 1;
        for (String role : roles) {
            for (Map.Entry<String, Integer> axis : counts.entrySet()) {
                String label = axis.getKey();
                boolean roled = label.contains(" ");
                boolean sets = roled ? label.startsWith(role + " ") : !counts.containsKey(role + " " + label);
                n = sets ? StudySize.saturatingProduct(n, axis.getValue()) : n;
            }
        }
        return n;
    }

    /** Why {@code study}'s search is refused, or null when its axes span at most {@link #MAX_CONFIGURATIONS}. */
    public static String refusal(StudySpec study) {
        WorkloadSpec workload = study.workloads().get(0);
        Knobs.Workload kind = workload instanceof TrainingSpec ? Knobs.Workload.TRAINING
                : workload instanceof InferenceSpec ? Knobs.Workload.INFERENCE : Knobs.Workload.BENCHMARK;
        List<VariationSpec> searched = study.variations().stream()
                .filter(a -> Search.enumerates(kind, a.parameter())).toList();
        if (searched.isEmpty()) {
            return null;
        }
        List<String> roles = workload instanceof InferenceSpec inference
                ? inference.pools().stream().map(p -> Keywords.of(p.role())).toList() : List.of("");
        long configurations = StudySize.saturatingProduct(StudySize.runs(Search.baseSweep(study)), perBase(roles,
                searched.stream().collect(Collectors.toMap(VariationSpec::label, a -> a.values().size(), Math::max))));
        if (configurations <= MAX_CONFIGURATIONS) {
            return null;
        }
        VariationSpec largest = searched.get(0);
        for (VariationSpec axis : searched) {
            largest = axis.values().size() > largest.values().size() ? axis : largest;
        }
        return "study " + study.name() + " " + excess(configurations, largest.label(), largest.values().size());
    }

    /**
     * The words for a search of {@code configurations} (more than {@link #MAX_CONFIGURATIONS}) whose largest searched
     * axis, {@code vary axis}, has {@code values} values: the product, the bound with its reason, the axis and the fix.
     */
    public static String excess(long configurations, String axis, int values) {
        String count = configurations == Long.MAX_VALUE ? "more than 9.2 x 10^18"
                : String.format(Locale.ROOT, "%,d", configurations);
        return String.format(Locale.ROOT,
                "searches %s configurations (its base jobs times the product of its searched axes' value counts),"
                + " more than the %,d a search may consider: each feasible one is held, about 155 B, and screened,"
                + " 0.3 to 2.1 ms. The largest searched axis is 'vary %s' with %,d values. Fix: search fewer values"
                + " (or 'in all', which takes the feasible ones), or split the study.", count, MAX_CONFIGURATIONS,
                axis, values);
    }
}
