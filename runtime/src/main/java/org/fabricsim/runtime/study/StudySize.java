package org.fabricsim.runtime.study;

import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.VariationSpec;

/**
 * How many runs a sweep plans: its workloads times the product of its {@code vary} axes' value counts
 * ({@link StudyRunner#expand}), and the bound above which it is refused before anything is planned. The bound,
 * {@value #MAX_RUNS} runs, is what one study can hold and finish: every run is planned up front and its result kept
 * until the study ends (the JSON result lists them all), about 2.7 KB a run for the smallest benchmark (0.2 KB of
 * it the planned run), so the bound holds about 0.27 GB, within the JVM's default heap (a quarter of the memory) of
 * a 2 GB machine, and at that benchmark's 1.6 ms a run it is minutes on one core (measured in docs/performance.md,
 * "Study size, bounded (session 63)"). The editor reports the same bound.
 */
public final class StudySize {
    /** The most runs a sweep may plan. */
    public static final int MAX_RUNS = 100_000;

    private StudySize() {
    }

    /** The runs {@code study} plans: workloads × its axes' value counts, saturating at Long.MAX_VALUE. */
    public static long runs(StudySpec study) {
        long runs = study.workloads().size();
        for (VariationSpec axis : study.variations()) {
            runs = saturatingProduct(runs, axis.values().size());
        }
        return runs;
    }

    /** {@code a × b} for non-negative factors, or Long.MAX_VALUE where it overflows. */
    public static long saturatingProduct(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }

    /** Why {@code study} is refused, or null when it plans at most {@link #MAX_RUNS} runs. */
    public static String refusal(StudySpec study) {
        long runs = runs(study);
        if (runs <= MAX_RUNS) {
            return null;
        }
        List<VariationSpec> axes = study.variations();
        if (axes.isEmpty()) {
            return String.format(Locale.ROOT,
                    "study %s has %,d workloads, more than the %,d runs a study may run. Fix: split it.",
                    study.name(), runs, MAX_RUNS);
        }
        VariationSpec largest = axes.get(0);
        for (VariationSpec axis : axes) {
            largest = axis.values().size() > largest.values().size() ? axis : largest;
        }
        return "study " + study.name() + " " + excess(runs, largest.label(), largest.values().size());
    }

    /**
     * The words for a sweep of {@code runs} runs (more than {@link #MAX_RUNS}) whose largest axis, {@code vary
     * axis}, has {@code values} values: the product, the bound with its reason, the largest axis and the fix.
     */
    public static String excess(long runs, String axis, int values) {
        String count = runs == Long.MAX_VALUE ? "more than 9.2 x 10^18" : String.format(Locale.ROOT, "%,d", runs);
        return String.format(Locale.ROOT,
                "plans %s runs (the product of its vary axes' value counts), more than the %,d a study"
                + " may run: each is planned up front and its result held until the study ends, about 2.7 KB a run."
                + " The largest axis is 'vary %s' with %,d values. Fix: vary fewer values or fewer parameters, or"
                + " split the study.", count, MAX_RUNS, axis, values);
    }
}
