package org.fabricsim.runtime.search;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

/**
 * The reason of a search without a result: the rule that rejected the most, and the nearest point that
 * passes. Nothing feasible: the nearest feasible configuration is the one with the fewest parameters
 * outside the space, found among every feasible value of the searched parameters (O(that space)).
 * Nothing passing the screen (a deployment's SLOs): the screened configuration that missed least.
 */
final class Nearest {
    private Nearest() {
    }

    /** Why no configuration of {@code space} is feasible, and the nearest one that is. */
    static String nothingFeasible(SearchKind kind, AxisSpace space, SearchSpec search, List<WorkloadSpec> bases) {
        AxisSpace everything = kind.space(new SearchSpec(search.objective(), true, search.maxAccelerators(),
                search.budgetPerHour(), search.refine()), List.of());
        Candidate[] nearest = new Candidate[1];
        int[] distance = {Integer.MAX_VALUE};
        for (WorkloadSpec base : bases) {
            everything.enumerate(base, spec -> {
                int d = space.distance(spec, base);
                if (d < distance[0]) {
                    distance[0] = d;
                    nearest[0] = new Candidate(spec, Map.of());
                }
            });
        }
        String point = nearest[0] == null ? "no configuration of any value of the searched parameters is feasible"
                + " either" : "the nearest feasible configuration is " + nearest[0].label(kind) + " (" + distance[0]
                        + " parameter" + (distance[0] == 1 ? "" : "s") + " outside the space)";
        return "no configuration of the search space is feasible: " + most(space) + "; " + point;
    }

    /** Why none of {@code screened} passed the screen, and the one that missed least ({@code miss}). */
    static String nothingPasses(SearchKind kind, AxisSpace space, List<Candidate> screened, double[] miss) {
        int least = 0;
        for (int i = 1; i < miss.length; i++) {
            if (miss[i] < miss[least]) {
                least = i;
            }
        }
        return "no feasible configuration passes the screen: " + most(space) + "; the nearest is "
                + screened.get(least).label(kind) + String.format(Locale.ROOT, ", at %.2f× its limit", miss[least]);
    }

    private static String most(AxisSpace space) {
        Map.Entry<String, Integer> worst = space.rejected().entrySet().stream().max(Map.Entry.comparingByValue())
                .orElse(null);
        return worst == null ? "the study's axes build no job"
                : "rule '" + worst.getKey() + "' rejected the most (" + worst.getValue() + " of " + space.considered()
                        + ")";
    }
}
