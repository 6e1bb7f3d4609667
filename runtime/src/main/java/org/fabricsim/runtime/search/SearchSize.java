package org.fabricsim.runtime.search;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.StudyRunner;
import org.fabricsim.runtime.study.StudySize;

/**
 * How many configurations a search's stated axes span, and the bound above which it is refused before anything is
 * enumerated. A search considers, for each base job ({@link Search#baseSweep}), the product over its pools (one for a
 * training job) of the value counts of the searched axes that set each pool's parameters ({@code vary decode replicas}
 * for the decode pool, else {@code vary replicas} for every pool): B × Π_pools Π_parameters n. An axis that {@code in
 * all} fills counts the most values it enumerates for each base job ({@link AxisSpace#counts}: the divisors of the
 * base's scale-up domain for TP, of N up to the layers for PP, of its batch for the micro-batch, every schedule and
 * virtual stage, sharding and recomputation; for a pool, 1 to the most replicas that fit its cluster), so the sum over
 * the bases, Σ_b Π_pools Π_parameters n_b, bounds what the enumeration considers.
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
     * Why {@code study}'s search is refused, or null: its base jobs beyond {@link StudySize#MAX_RUNS} ({@link
     * StudySize#refusal} of {@link Search#baseSweep}, as {@link StudyRunner#expand} refuses them), else its
     * configurations beyond {@link #MAX_CONFIGURATIONS} ({@link #beyondBound}).
     */
    public static String refusal(StudySpec study) {
        return refusal(study, new BaseJobs(study));
    }

    /** {@link #refusal}, counting on {@code bases}, {@code study}'s base jobs, which keep what they planned. */
    static String refusal(StudySpec study, BaseJobs bases) {
        String tooMany = study.search() == null ? null : StudySize.refusal(bases.sweep());
        String beyond = tooMany == null ? beyondBound(study, bases) : null;
        return tooMany != null ? tooMany : beyond == null ? null : "study " + study.name() + " " + beyond;
    }

    /**
     * {@link #refusal}'s words after {@code study NAME} ({@code searches N configurations ...}), or null when the
     * search spans at most {@link #MAX_CONFIGURATIONS} configurations (or its base jobs are more than {@link
     * StudySize#MAX_RUNS}, {@link #refusal}'s other reason): Σ over the base jobs {@link Search#run} enumerates ({@link
     * Search#baseSweep}) of {@link #perBase} of the counts its space takes for that base ({@link AxisSpace#counts}:
     * stated values, and under {@code in all} the values enumerated for the base's cluster, layers and batch, so a
     * {@code vary cluster} or {@code vary batch} base of a larger scale-up domain or batch counts its own). Without
     * {@code in all} the counts are the same on every base: B × Π, O(axes). Under it the bases are counted in order
     * until the sum passes the bound ({@code at least N} when bases remain uncounted), so O(min(B, bound ÷ least per
     * base) × (axes + √batch + √N)): a training base whose schedule, sharding and recomputation the study does not
     * state counts at least their 12 pairs × 5 × 3 = 180, so at most 5,556 bases are counted (at loads of 8 to 14 on
     * 2 cores: counting all of 99,856 bases took 0.8 to 6 s, 22 to 30 s where their batches neared 2³¹; with the
     * stop 0.1 to 1 s, mostly planning the bases, and 0.26 to 0.78 s for 5,555 bases within the bound). A base the
     * study cannot build (a failed run, not enumerated) counts its stated axes, which the editor counts on the model.
     * The axis named is the one of most values over the bases counted, a stated one (the first written) on a tie.
     */
    public static String beyondBound(StudySpec study) {
        return beyondBound(study, new BaseJobs(study));
    }

    /** {@link #beyondBound}, counting on {@code bases}, {@code study}'s base jobs, which keep what they planned. */
    private static String beyondBound(StudySpec study, BaseJobs bases) {
        WorkloadSpec workload = study.workloads().get(0);
        SearchKind kind = study.search() == null ? null : Search.kind(workload);
        if (kind == null || StudySize.runs(bases.sweep()) > StudySize.MAX_RUNS) {
            return null;
        }
        AxisSpace space = kind.space(study.search(), study.variations().stream().filter(kind::searches).toList());
        Map<String, Integer> counts = new HashMap<>(); // each axis's most values over the bases
        long configurations = 0;
        boolean partial = false;
        if (!study.search().all()) {
            counts.putAll(space.counts(workload));
            configurations = StudySize.saturatingProduct(StudySize.runs(bases.sweep()), perBase(roles(workload),
                    counts));
        } else {
            List<StudyRunner.PlannedRun> runs = bases.runs();
            for (int b = 0; b < runs.size() && configurations <= MAX_CONFIGURATIONS; b++) {
                WorkloadSpec base = bases.built(b);
                Map<String, Integer> own = base == null ? space.statedCounts() : space.counts(base);
                configurations = saturatingSum(configurations, perBase(roles(base == null ? workload : base), own));
                own.forEach((axis, n) -> counts.merge(axis, n, Math::max));
                partial = b < runs.size() - 1;
            }
        }
        return configurations <= MAX_CONFIGURATIONS ? null : excess((partial && configurations < Long.MAX_VALUE
                ? "at least " : "") + count(configurations), study, counts);
    }

    /**
     * {@link #excess}'s words for {@code study}'s search of {@code configurations} (as written: {@code 1,020,600},
     * {@code at least 1,020,600}), naming the axis of most {@code counts}.
     */
    private static String excess(String configurations, StudySpec study, Map<String, Integer> counts) {
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

    /** The pools' roles of {@code workload} as a variation names them, {@code [""]} for a training job. */
    private static List<String> roles(WorkloadSpec workload) {
        return workload instanceof InferenceSpec inference
                ? inference.pools().stream().map(p -> Keywords.of(p.role())).toList() : List.of("");
    }

    /** {@code a + b} for non-negative terms, or Long.MAX_VALUE where it overflows. */
    private static long saturatingSum(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }

    /**
     * The words for a search of {@code configurations} (more than {@link #MAX_CONFIGURATIONS}) whose largest searched
     * axis, {@code axis} as quoted ({@code 'vary tensor'}, {@code 'pipeline' (in all)}), has {@code values} values:
     * the product, the bound with its reason, the axis and the fix.
     */
    public static String excess(long configurations, String axis, int values) {
        return excess(count(configurations), axis, values);
    }

    private static String count(long configurations) {
        return configurations == Long.MAX_VALUE ? "more than 9.2 x 10^18"
                : String.format(Locale.ROOT, "%,d", configurations);
    }

    private static String excess(String count, String axis, int values) {
        return String.format(Locale.ROOT,
                "searches %s configurations (the product of its searched axes' value counts summed over its base jobs,"
                + " 'in all' counting the values it enumerates for each base job's cluster, layers and batch),"
                + " more than the %,d a search may consider: each feasible one is held, about 155 B, and screened,"
                + " 0.3 to 2.1 ms. The largest searched axis is %s with %,d values. Fix: search fewer values"
                + " (state them, or 'in all' on a smaller job), or split the study.", count, MAX_CONFIGURATIONS,
                axis, values);
    }
}
