package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Studies.parameter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Arrival;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.ClosedLoopArrival;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FabricScope;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.KeywordValue;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.NumberValue;
import org.fabricsim.dsl.fabric.PoissonArrival;
import org.fabricsim.dsl.fabric.QuantityValue;
import org.fabricsim.dsl.fabric.ReferenceValue;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.TraceArrival;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.search.Search;
import org.fabricsim.runtime.search.SearchSize;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.Knobs;
import org.fabricsim.runtime.study.StudySize;

import com.google.inject.Inject;

/**
 * Whether a {@code vary} can run: its parameter is one the study's workload has ({@link
 * Knobs#appliesTo}, the table the runtime applies values with), a pool role names a pool parameter of
 * a deployment that has such a pool, and every value is of the parameter's kind ({@link Knobs#kind}):
 * a keyword it takes, a whole number (at most 2^31 − 1), a positive number, or a cluster, model or scale-out fabric.
 */
public class VariationValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    private static final List<Parameter> POOL_PARAMETERS = List.of(Parameter.REPLICAS, Parameter.MAX_BATCH_TOKENS,
            Parameter.MAX_SEQUENCES, Parameter.TENSOR, Parameter.PIPELINE, Parameter.DATA, Parameter.CONTEXT,
            Parameter.EXPERT, Parameter.CAPACITY_FACTOR, Parameter.ROUTING_SKEW);

    @Check
    public void checkVariationParameterApplies(Variation variation) {
        Knobs.Workload kind = kind(variation);
        Parameter parameter = parameter(variation);
        if (kind != null && !Knobs.appliesTo(parameter, kind)) {
            String workload = name(kind);
            error(Character.toUpperCase(workload.charAt(0)) + workload.substring(1) + " has no " + parameter.label()
                    + " to vary: " + where(parameter)
                    + ", or remove this axis.", variation, Literals.VARIATION__PARAMETER, IssueCodes.VARY_PARAMETER);
        }
    }

    /**
     * {@code vary rate} sets the rate of Poisson arrivals ({@code Variations.poissonAt}), {@code vary clients} the
     * clients of a closed loop ({@code Variations.closedLoopOf}); a deployment whose requests arrive otherwise has no
     * such value, and the runtime failed every run of the axis ("vary rate sets the rate of Poisson arrivals, but
     * ...", exit 3; session 65's fuzzing).
     */
    @Check
    public void checkVariedArrivalMatchesTheTraffic(Variation variation) {
        Parameter parameter = parameter(variation);
        if ((parameter == Parameter.RATE || parameter == Parameter.CLIENTS)
                && variation.eContainer() instanceof Study study
                && study.getWorkload() instanceof Inference inference && inference.getTraffic() != null
                && inference.getTraffic().getArrival() != null) {
            Arrival arrival = inference.getTraffic().getArrival();
            boolean rate = parameter == Parameter.RATE;
            if (rate ? arrival instanceof PoissonArrival : arrival instanceof ClosedLoopArrival) {
                return;
            }
            error((rate ? "'vary rate' sets the rate of Poisson arrivals" : "'vary clients' sets the clients of a"
                    + " closed loop") + ", but " + inference.getName() + "'s requests arrive " + arrival(arrival)
                    + ": write " + (rate ? "'arrival poisson <rate> /s'" : "'arrival closed-loop <N> clients'") + " in "
                    + inference.getName() + " to sweep the " + (rate ? "load" : "concurrency")
                    + ", or remove this axis.", variation, Literals.VARIATION__PARAMETER, IssueCodes.VARY_PARAMETER);
        }
    }

    private static String arrival(Arrival arrival) {
        if (arrival instanceof TraceArrival trace) {
            return "from the trace \"" + trace.getFile() + "\"";
        }
        if (arrival instanceof PoissonArrival) {
            return "as a Poisson process";
        }
        return arrival instanceof ClosedLoopArrival ? "from closed-loop clients" : "all at once";
    }

    @Check
    public void checkVariationPoolExists(Variation variation) {
        if (!Written.written(variation, Literals.VARIATION__POOL)) {
            return;
        }
        String role = variation.getPool().getLiteral();
        Workload workload = ((Study) variation.eContainer()).getWorkload();
        if (!(workload instanceof Inference inference) || !POOL_PARAMETERS.contains(parameter(variation))) {
            error("'" + role + "' names the pools of an inference deployment whose replicas, parallelism or batch"
                    + " limits vary; write 'vary " + parameter(variation).label() + "' without it.", variation,
                    Literals.VARIATION__POOL, IssueCodes.VARY_POOL);
        } else if (inference.getPools().stream().noneMatch(p -> p.getRole() == variation.getPool())) {
            error(inference.getName() + " has no " + role + " pool: name one of its pools' roles, or leave the role"
                    + " out to vary every pool.", variation, Literals.VARIATION__POOL, IssueCodes.VARY_POOL);
        }
    }

    @Check
    public void checkVariationValueKind(Variation variation) {
        Parameter parameter = parameter(variation);
        for (Value value : variation.getValues()) {
            String problem = problem(parameter, value);
            if (problem != null) {
                List<String> keywords = Knobs.keywords(parameter);
                error("vary " + parameter.label() + " takes " + expected(parameter) + "; " + problem + ".", value,
                        null, IssueCodes.VARY_VALUE, keywords.isEmpty() ? "1" : keywords.get(0));
            }
        }
    }

    /**
     * A sweep's runs, the product of its axes' value counts (a study simulates one workload), at most {@link
     * StudySize#MAX_RUNS}, the bound the runtime refuses above; marked on the largest axis. The axes a search
     * enumerates are its space, screened rather than run one by one, and are not counted; its other axes make its base
     * jobs ({@link Search#baseSweep}), planned up front as a sweep's runs, and are.
     */
    @Check
    public void checkStudyRunsWithinBound(Study study) {
        long runs = plannedRuns(study);
        if (runs > StudySize.MAX_RUNS) {
            Variation largest = largest(study, true);
            error("This study " + StudySize.excess(runs, label(largest), largest.getValues().size()), largest,
                    Literals.VARIATION__VALUES, IssueCodes.STUDY_TOO_MANY_RUNS, label(largest));
        } else if (study.getSearch() != null) {
            checkSearchWithinBound(study, runs);
        }
    }

    /**
     * The runs {@code study} plans up front: the product of the value counts of its {@link #planned} axes (every axis
     * of a sweep, a search's base axes), saturating at Long.MAX_VALUE; above {@link StudySize#MAX_RUNS} the runtime
     * refuses the study whole. O(axes).
     */
    static long plannedRuns(Study study) {
        long runs = 1;
        for (Variation variation : study.getVariations()) {
            if (planned(study, variation)) {
                runs = StudySize.saturatingProduct(runs, variation.getValues().size());
            }
        }
        return runs;
    }

    /** The first axis of most values among those {@link #planned} (or not, as {@code planned} says); null if none. */
    private static Variation largest(Study study, boolean planned) {
        Variation largest = null;
        for (Variation variation : study.getVariations()) {
            if (planned(study, variation) == planned
                    && (largest == null || variation.getValues().size() > largest.getValues().size())) {
                largest = variation;
            }
        }
        return largest;
    }

    /**
     * A search's configurations, its {@code bases} times the value counts of the axes it enumerates per pool ({@link
     * SearchSize#perBase}), at most {@link SearchSize#MAX_CONFIGURATIONS}, the bound the runtime refuses above; marked
     * on the largest searched axis, whose label is the issue data. Under {@code in all}, where the study maps, the
     * words are the runtime's ({@link SearchSize#beyondBound}: the values each axis it fills enumerates for each base
     * job, a {@code vary cluster} or {@code vary batch} base its own), the same number the run refuses with, at least
     * the stated axes' count; marked on that axis when the stated axes alone pass the bound, else on {@code in all}
     * without data.
     */
    private void checkSearchWithinBound(Study study, long bases) {
        Map<String, Integer> counts = new HashMap<>();
        for (Variation variation : study.getVariations()) {
            if (!planned(study, variation)) {
                counts.merge(label(variation), variation.getValues().size(), Math::max);
            }
        }
        Variation largest = largest(study, false);
        List<String> roles = study.getWorkload() instanceof Inference inference
                ? inference.getPools().stream().map(p -> p.getRole().getLiteral()).toList() : List.of("");
        long configurations = StudySize.saturatingProduct(bases, SearchSize.perBase(roles, counts));
        String beyond = study.getSearch().isAll() ? CheckedSpecs.cached(getContext(), study, "search-size",
                s -> SearchSize.beyondBound(mapper.toStudy(s, "editor", "editor"))) : null;
        if (configurations > SearchSize.MAX_CONFIGURATIONS) {
            error("This study " + (beyond != null ? beyond : SearchSize.excess(configurations, "'vary "
                    + label(largest) + "'", largest.getValues().size())), largest, Literals.VARIATION__VALUES,
                    IssueCodes.STUDY_TOO_MANY_RUNS, label(largest));
        } else if (beyond != null) {
            error("This study " + beyond, study.getSearch(), Literals.SEARCH__ALL, IssueCodes.STUDY_TOO_MANY_RUNS, "");
        }
    }

    /** {@code decode replicas}, {@code tensor}: the axis as written after {@code vary}. */
    private static String label(Variation variation) {
        return (Written.written(variation, Literals.VARIATION__POOL) ? variation.getPool().getLiteral() + " " : "")
                + parameter(variation).label();
    }

    /** Whether each value of {@code variation} is planned up front: every axis of a sweep, a search's base axes. */
    private static boolean planned(Study study, Variation variation) {
        Knobs.Workload kind = kind(variation);
        return study.getSearch() == null || kind != null && !Search.enumerates(kind, parameter(variation));
    }

    /** What is wrong with {@code value} for {@code parameter}, or null. */
    private static String problem(Parameter parameter, Value value) {
        return switch (Knobs.kind(parameter)) {
            case KEYWORD -> value instanceof KeywordValue k && Knobs.keywords(parameter).contains(k.getKeyword()) ? null
                    : "not " + written(value);
            case WHOLE -> value instanceof NumberValue n && n.getNumber().matches("[0-9]+")
                    && !n.getNumber().matches("0+") ? aboveAnInt(n.getNumber())
                    : written(value) + " is not a whole number of at least 1";
            case NUMBER -> value instanceof NumberValue || value instanceof QuantityValue ? null
                    : written(value) + " is not a number";
            case CLUSTER -> reference(value) instanceof Cluster ? null : written(value) + " is not a cluster";
            case MODEL -> reference(value) instanceof LanguageModel ? null : written(value) + " is not a model";
            case FABRIC -> reference(value) instanceof Fabric f && f.getScope() == FabricScope.SCALE_OUT ? null
                    : written(value) + " is not a scale-out fabric";
        };
    }

    /**
     * Null for a whole number of at most 2^31 − 1, the largest count the runtime holds ({@code vary replicas in
     * [2147483648]} ended a search in an internal error); else why not.
     */
    private static String aboveAnInt(String digits) {
        String significant = digits.replaceFirst("^0+", "");
        return significant.length() < 10 || significant.length() == 10 && significant.compareTo("2147483647") <= 0
                ? null : digits + " is above 2147483647";
    }

    private static String expected(Parameter parameter) {
        return switch (Knobs.kind(parameter)) {
            case KEYWORD -> String.join(", ", Knobs.keywords(parameter));
            case WHOLE -> "whole numbers of at least 1";
            case NUMBER -> "numbers";
            case CLUSTER -> "clusters";
            case MODEL -> "models";
            case FABRIC -> "scale-out fabrics";
        };
    }

    private static Object reference(Value value) {
        return value instanceof ReferenceValue r ? r.getReference() : null;
    }

    /** {@code value} as written, in quotes ({@code '8'}); {@code this value} where it has no text. */
    static String written(Value value) {
        ICompositeNode node = NodeModelUtils.findActualNodeFor(value);
        return node == null ? "this value" : "'" + node.getText().trim() + "'";
    }

    private static Knobs.Workload kind(Variation variation) {
        Workload workload = variation.eContainer() instanceof Study study ? study.getWorkload() : null;
        if (workload == null || workload.eIsProxy()) {
            return null;
        }
        return workload instanceof Benchmark ? Knobs.Workload.BENCHMARK
                : workload instanceof Inference ? Knobs.Workload.INFERENCE : Knobs.Workload.TRAINING;
    }

    /** The workload with its article ("a inference deployment" before session 68). */
    private static String name(Knobs.Workload kind) {
        return switch (kind) {
            case TRAINING -> "a training job";
            case INFERENCE -> "an inference deployment";
            case BENCHMARK -> "a benchmark";
        };
    }

    /** Which workloads do have {@code parameter}. */
    private static String where(Parameter parameter) {
        StringBuilder out = new StringBuilder();
        for (Knobs.Workload kind : Knobs.Workload.values()) {
            if (Knobs.appliesTo(parameter, kind)) {
                out.append(out.length() == 0 ? "" : " or ").append(name(kind));
            }
        }
        return "vary it in a study of " + out;
    }
}
