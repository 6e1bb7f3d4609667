package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.Variations;

/**
 * What the spaces of every kind of search share: the values each searched axis takes (the study's
 * {@code vary} values for it, every value when the search is {@code in all}, the workload's own
 * otherwise), the search's own limits (accelerators, budget), the configurations considered and the
 * rejections per rule, and how far a configuration lies outside the space. Axes are keyed by their
 * label as written after {@code vary} ({@code tensor}, {@code decode replicas}).
 */
abstract class AxisSpace {
    static final String ACCELERATORS = "accelerators";
    static final String BUDGET = "budget";

    final SearchSpec search;
    private final Map<String, List<Object>> stated = new HashMap<>();
    private final Map<String, Integer> rejected = new LinkedHashMap<>();
    private long considered;

    AxisSpace(SearchSpec search, List<VariationSpec> axes) {
        this.search = search;
        for (VariationSpec axis : axes) {
            stated.put(axis.label(), axis.values());
        }
    }

    /** Calls {@code feasible} with every configuration of {@code base} that passes every rule. */
    abstract void enumerate(WorkloadSpec base, Consumer<WorkloadSpec> feasible);

    /**
     * The value count of each axis this space takes more than one value of for {@code base}, keyed by label: a stated
     * axis its values, under {@code in all} the most values the enumeration takes for {@code base} (its cluster, layers
     * and batch); the product over the pools ({@link SearchSize#perBase}) bounds the configurations considered.
     */
    abstract Map<String, Integer> counts(WorkloadSpec base);

    /** The value count of each stated axis, keyed by label: {@link #counts} of a base job without {@code in all}. */
    final Map<String, Integer> statedCounts() {
        Map<String, Integer> counts = new HashMap<>();
        stated.forEach((axis, values) -> counts.put(axis, values.size()));
        return counts;
    }

    /**
     * Puts {@code axis}'s value count into {@code counts}: stated, {@code all} under {@code in all} (computed only
     * then: a divisor count is O(√n)), else none (1).
     */
    final void count(Map<String, Integer> counts, String axis, IntSupplier all) {
        if (stated.containsKey(axis)) {
            counts.put(axis, stated.get(axis).size());
        } else if (search.all()) {
            counts.put(axis, all.getAsInt());
        }
    }

    /**
     * How far {@code spec} lies outside this space: the searched parameters whose value is not one the
     * space takes (0 for a configuration of the space).
     */
    abstract int distance(WorkloadSpec spec, WorkloadSpec base);

    /** Counts {@code spec} as considered and passes it on when it breaks no rule, else counts its rule. */
    final void offer(WorkloadSpec spec, String rule, Consumer<WorkloadSpec> feasible) {
        if (rule == null) {
            considered++;
            feasible.accept(spec);
        } else {
            reject(rule);
        }
    }

    final void reject(String rule) {
        considered++;
        rejected.merge(rule, 1, Integer::sum);
    }

    /** The search's own rules: at most {@code within} accelerators, at most the budget per hour; null when met. */
    final String limits(int accelerators, double costPerHour) {
        if (search.maxAccelerators() > 0 && accelerators > search.maxAccelerators()) {
            return ACCELERATORS;
        }
        if (search.budgetPerHour() > 0 && costPerHour > search.budgetPerHour()) {
            return BUDGET;
        }
        return null;
    }

    /** Configurations considered so far, feasible or not. */
    final long considered() {
        return considered;
    }

    /** Configurations rejected per rule, in the order rules first rejected one. */
    final Map<String, Integer> rejected() {
        return rejected;
    }

    final boolean states(String axis) {
        return stated.containsKey(axis);
    }

    /** The whole values of {@code axis} (a {@code parameter}): stated, {@code all} under {@code in all}, else {@code own}. */
    final List<Integer> wholes(String axis, Parameter parameter, int own, List<Integer> all) {
        if (stated.containsKey(axis)) {
            return stated.get(axis).stream().map(v -> Variations.whole(parameter, v)).toList();
        }
        return search.all() ? all : List.of(own);
    }

    /** The keyword values of {@code parameter}: stated, every keyword under {@code in all}, else {@code own}. */
    final List<Object> keywords(Parameter parameter, String own) {
        if (stated.containsKey(parameter.label())) {
            return stated.get(parameter.label());
        }
        return search.all() ? List.copyOf(Knobs.keywords(parameter)) : List.of(own);
    }

    /** 0 when {@code value} is one {@code axis} takes in this space, else 1. */
    final int outside(String axis, Object value, Object own) {
        if (stated.containsKey(axis)) {
            return stated.get(axis).stream().anyMatch(v -> v.equals(value)
                    || v instanceof Number n && value instanceof Number m && n.longValue() == m.longValue()) ? 0 : 1;
        }
        return search.all() || value.equals(own) ? 0 : 1;
    }

    /**
     * Divisors of {@code n} up to {@code limit}, ascending; empty for n < 1. Each divisor d ≤ √n pairs with n ÷ d ≥ √n,
     * so O(√n) trials (the count of a whole batch per replica reaches 2^31 − 1, where a loop to n took 2^31 trials and
     * its counter overflowed into a division by zero).
     */
    static List<Integer> divisors(int n, int limit) {
        List<Integer> small = new ArrayList<>();
        List<Integer> large = new ArrayList<>();
        for (long d = 1; d * d <= n; d++) {
            if (n % d == 0) {
                small.add((int) d);
                if (d * d != n) {
                    large.add((int) (n / d));
                }
            }
        }
        Collections.reverse(large);
        small.addAll(large);
        return small.stream().filter(d -> d <= limit).toList();
    }
}
