package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Studies.varies;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.Search;
import org.fabricsim.dsl.fabric.SearchDirection;
import org.fabricsim.dsl.fabric.SearchObjective;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

import com.google.inject.Inject;

/**
 * Whether a study's {@code search} can run: it searches a training job (for MFU, tokens per second or
 * cost) or an inference deployment's pools (for $ per million tokens, tokens per second or TTFT p99,
 * under its SLOs), its direction fits its objective (more MFU and tokens per second are better,
 * less cost and TTFT), a cost objective or a budget has a cluster cost to count, the budget is money
 * per hour, its counts are at least 1, and its accelerator limit at most the cluster's.
 */
public class SearchValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkSearchDirectionFitsObjective(Search search) {
        boolean maximize = SearchSpec.Objective.valueOf(search.getObjective().getName()).maximize();
        if (maximize != (search.getDirection() == SearchDirection.MAXIMIZE)) {
            String fits = maximize ? "maximize" : "minimize";
            error("More " + search.getObjective().getLiteral() + " is " + (maximize ? "better" : "worse") + ": write '"
                    + fits + " " + search.getObjective().getLiteral() + "'.", search, Literals.SEARCH__DIRECTION,
                    IssueCodes.SEARCH_DIRECTION, fits);
        }
    }

    @Check
    public void checkSearchWorkloadSearchable(Search search) {
        Workload workload = ((Study) search.eContainer()).getWorkload();
        if (workload == null || workload.eIsProxy()) {
            return;
        }
        if (workload instanceof Inference) {
            if (search.getObjective() == SearchObjective.MFU || search.getObjective() == SearchObjective.COST_PER_STEP) {
                error("A deployment has no training step: search its pools for 'minimize cost-per-mtok', 'maximize"
                        + " tokens-per-second' or 'minimize ttft-p99'.", search, Literals.SEARCH__OBJECTIVE,
                        IssueCodes.SEARCH_OBJECTIVE);
            }
        } else if (!(workload instanceof Training)) {
            error("A search covers a training job or an inference deployment; " + workload.getName() + " is"
                    + " neither. Sweep it with 'vary' and compare the runs.", search, Literals.SEARCH__OBJECTIVE,
                    IssueCodes.SEARCH_OBJECTIVE);
        } else if (search.getObjective() == SearchObjective.TTFT_P99) {
            error("A training job has no time to first token: search it for 'maximize mfu', 'maximize"
                    + " tokens-per-second', 'minimize cost-per-step' or 'minimize cost-per-mtok'.", search,
                    Literals.SEARCH__OBJECTIVE, IssueCodes.SEARCH_OBJECTIVE);
        }
    }

    @Check
    public void checkSearchCostKnown(Search search) {
        boolean costs = search.getObjective() == SearchObjective.COST_PER_STEP
                || search.getObjective() == SearchObjective.COST_PER_MTOK || search.getBudget() != null;
        Workload workload = ((Study) search.eContainer()).getWorkload();
        Cluster cluster = workload instanceof Training training ? training.getCluster()
                : workload instanceof Inference inference ? inference.getCluster() : null;
        if (costs && cluster != null && !cluster.eIsProxy() && costless(cluster)) {
            error("The search counts dollars, but " + cluster.getName() + " has no 'cost': give the"
                    + " cluster a cost (e.g. 'cost H100At4' with 'accelerator-hour $4/h'), or search for mfu.",
                    search, search.getBudget() != null ? Literals.SEARCH__BUDGET : Literals.SEARCH__OBJECTIVE,
                    IssueCodes.SEARCH_NEEDS_COST);
        }
    }

    @Check
    public void checkSearchServingHasSlo(Search search) {
        if (((Study) search.eContainer()).getWorkload() instanceof Inference inference && !inference.eIsProxy()
                && inference.getSlos().isEmpty() && search.getObjective() != SearchObjective.TTFT_P99) {
            warning("Without an SLO the search sizes the pools by " + search.getObjective().getLiteral() + " alone,"
                    + " whatever their latency: give " + inference.getName() + " one (e.g. 'slo ttft p99 2 s, itl p99"
                    + " 50 ms').", search, Literals.SEARCH__OBJECTIVE, IssueCodes.SEARCH_NEEDS_SLO);
        }
    }

    @Check
    public void checkSearchBudgetPerHour(Search search) {
        if (search.getBudget() != null && Units.dimensionOf(search.getBudget()) != Dimension.MONEY_RATE) {
            error("A budget is what the job may cost per hour: write dollars per hour, such as $70000/h.", search,
                    Literals.SEARCH__BUDGET, IssueCodes.SEARCH_BUDGET);
        }
    }

    @Check
    public void checkSearchCountsPositive(Search search) {
        if (Written.written(search, Literals.SEARCH__REFINE) && search.getRefine() == 0) {
            error("A search refines at least its best screened plan: write 'refine 1' or more.", search,
                    Literals.SEARCH__REFINE, IssueCodes.NOT_POSITIVE);
        }
        if (Written.written(search, Literals.SEARCH__MAX_ACCELERATORS) && search.getMaxAccelerators() == 0) {
            error("A plan uses at least one accelerator: write 'within 1 accelerators' or more.", search,
                    Literals.SEARCH__MAX_ACCELERATORS, IssueCodes.NOT_POSITIVE);
        }
    }

    /**
     * A {@code within N accelerators} of at most the cluster's accelerators M. A training plan uses N (DP follows as N ÷
     * (TP × PP × CP)), so above M every plan breaks rule {@code cluster-size} and the search finds nothing (an error);
     * where the study states DP ({@code vary data}) or the workload is a deployment (whose replicas run to the least of
     * N and M) the limit only never binds (a warning). Skipped where the study varies the cluster. Data: M.
     */
    @Check
    public void checkSearchWithinCluster(Search search) {
        Study study = (Study) search.eContainer();
        Workload workload = study.getWorkload();
        Cluster cluster = workload instanceof Training training ? training.getCluster()
                : workload instanceof Inference inference ? inference.getCluster() : null;
        if (!Written.written(search, Literals.SEARCH__MAX_ACCELERATORS) || cluster == null || cluster.eIsProxy()
                || varies(study, Parameter.CLUSTER)) {
            return;
        }
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null || search.getMaxAccelerators() <= spec.accelerators()) {
            return;
        }
        String head = "'within " + search.getMaxAccelerators() + " accelerators' is more than the " + spec.accelerators()
                + " of " + cluster.getName();
        if (workload instanceof Training && !varies(study, Parameter.DATA)) {
            error(head + ": every plan would use " + search.getMaxAccelerators() + " (DP follows from the limit) and"
                    + " break rule cluster-size, so the search finds nothing. Write 'within " + spec.accelerators()
                    + " accelerators' or fewer.", search, Literals.SEARCH__MAX_ACCELERATORS,
                    IssueCodes.SEARCH_WITHIN_CLUSTER, Integer.toString(spec.accelerators()));
        } else {
            warning(head + ", which bounds every configuration already, so the limit never binds: write 'within "
                    + spec.accelerators() + " accelerators' or fewer, or leave it out.", search,
                    Literals.SEARCH__MAX_ACCELERATORS, IssueCodes.SEARCH_WITHIN_CLUSTER,
                    Integer.toString(spec.accelerators()));
        }
    }


    private static boolean costless(Cluster cluster) {
        return cluster.getCost() == null || cluster.getCost().eIsProxy()
                || cluster.getCost().getAcceleratorHour() == null && cluster.getCost().getCapex() == null;
    }
}
