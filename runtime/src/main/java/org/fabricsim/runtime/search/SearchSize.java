package org.fabricsim.runtime.search;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudySize;

/**
 * How many configurations a search's stated axes span, and the bound above which it is refused before anything is
 * enumerated. A search considers, for each base job ({@link Search#baseSweep}), the product over its pools (one for a
 * training job) of the value counts of the searched axes that set each pool's parameters ({@code vary decode replicas}
 * for the decode pool, else {@code vary replicas} for every pool): B × Π_pools Π_parameters n. An axis that {@code in
 * all} fills counts the most values it enumerates for the job as written ({@link AxisSpace#counts}: the divisors of the
 * scale-up domain for TP, of N up to the layers for PP, of the batch for the micro-batch, every schedule and virtual
 * stage, sharding and recomputation; for a pool, 1 to the most replicas that fit), so the product bounds what the
 * enumeration considers.
 *
 * <p>The bound, {@value #MAX_CONFIGURATIONS} configurations, is what one search can hold and screen. The enumeration
 * streams (each configuration is built and checked against the rules, then dropped unless feasible), but every
 * feasible configuration is held until the screen has ranked them all, 155 B each at 1,000,000 (136 B at 100,000), and
 * considered at 8.4 µs each (39 µs at 100,000, before the JIT has finished); the screen then takes 0.32 ms a plan
 * for a 16-layer job on 64 H100 and 2.1 ms for Llama 3 405B on 16,384 (docs/performance.md, "Search space, bounded
 * (session 64)"). So the bound holds at most 0.16 GB, within the default heap of a 2 GB machine, enumerates in
 * seconds and screens in 5 to 35 CPU minutes when every configuration is feasible; six axes of 40 values (4.1 × 10⁹)
 * held 635 GB. The editor reports the same bound ({@code fabric.study.too-many-runs}), counting an {@code in all}
 * search's axes through {@link #beyondBound} where it can map the study.
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

    /**
     * Why {@code study}'s search is refused, or null when its axes span at most {@link #MAX_CONFIGURATIONS}: its base
     * jobs times {@link #perBase} of the counts its space takes for the job as written ({@link AxisSpace#counts}:
     * stated values, and under {@code in all} the values enumerated for the job's cluster, layers and batch).
     */
    public static String refusal(StudySpec study) {
        String beyond = beyondBound(study);
        return beyond == null ? null : "study " + study.name() + " " + beyond;
    }

    /**
     * {@link #refusal}'s words after {@code study NAME} ({@code searches N configurations ...}), or null; the axis
     * named is the one of most values, a stated one (the first written) on a tie.
     */
    public static String beyondBound(StudySpec study) {
        WorkloadSpec workload = study.workloads().get(0);
        SearchKind kind = study.search() == null ? null : Search.kind(workload);
        if (kind == null) {
            return null;
        }
        Map<String, Integer> counts = kind.space(study.search(), study.variations().stream().filter(kind::searches)
                .toList()).counts(workload);
        List<String> roles = workload instanceof InferenceSpec inference
                ? inference.pools().stream().map(p -> Keywords.of(p.role())).toList() : List.of("");
        long configurations = StudySize.saturatingProduct(StudySize.runs(Search.baseSweep(study)),
                perBase(roles, counts));
        if (configurations <= MAX_CONFIGURATIONS) {
            return null;
        }
        String largest = null;
        for (VariationSpec axis : study.variations()) {
            largest = counts.containsKey(axis.label()) && (largest == null
                    || counts.get(axis.label()) > counts.get(largest)) ? axis.label() : largest;
        }
        boolean stated = largest != null;
        for (Map.Entry<String, Integer> axis : new TreeMap<>(counts).entrySet()) {
            if (largest == null || axis.getValue() > counts.get(largest)) {
                largest = axis.getKey();
                stated = false;
            }
        }
        return excess(configurations, stated ? "'vary " + largest + "'" : "'" + largest + "' (in all)",
                counts.get(largest));
    }

    /**
     * The words for a search of {@code configurations} (more than {@link #MAX_CONFIGURATIONS}) whose largest searched
     * axis, {@code axis} as quoted ({@code 'vary tensor'}, {@code 'pipeline' (in all)}), has {@code values} values:
     * the product, the bound with its reason, the axis and the fix.
     */
    public static String excess(long configurations, String axis, int values) {
        String count = configurations == Long.MAX_VALUE ? "more than 9.2 x 10^18"
                : String.format(Locale.ROOT, "%,d", configurations);
        return String.format(Locale.ROOT,
                "searches %s configurations (its base jobs times the product of its searched axes' value counts,"
                + " 'in all' counting the values it enumerates for the job's cluster, layers and batch),"
                + " more than the %,d a search may consider: each feasible one is held, about 155 B, and screened,"
                + " 0.3 to 2.1 ms. The largest searched axis is %s with %,d values. Fix: search fewer values"
                + " (state them, or 'in all' on a smaller job), or split the study.", count, MAX_CONFIGURATIONS,
                axis, values);
    }
}
