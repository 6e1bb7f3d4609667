package org.fabricsim.dsl.validation;

import java.util.List;
import java.util.Locale;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.DragonflyTopology;
import org.fabricsim.dsl.fabric.ExpertParallel;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FatTreeTopology;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.PodStructure;
import org.fabricsim.dsl.fabric.RailOptimizedTopology;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.fabric.TierLevel;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.analysis.SwitchRadix;

/**
 * Counts of hardware and topology (ports, scale-up ports, accelerators, NICs, rails, tiers, groups, dimensions), and
 * an expert-parallel benchmark's tokens and hidden size, are at least 1: a zero would otherwise
 * validate and only fail when the engine builds the network or runs the kernels. Tiers are at most
 * {@link SwitchRadix#MAX_TIERS}, the deepest fat-tree the engine builds: more used to run silently
 * as three (and two billion built a list of two billion ratios).
 */
public class HardwareCountsValidator extends FabricCheck {

    /**
     * {@code scale-up 0 x 25 GB/s} gave the part no scale-up rate of its own, so its domain ran silently at the
     * domain fabric's link rate instead ({@link org.fabricsim.dsl.mapping.HardwareMapper#domainBytesPerSecond}): on
     * NVLink4 (25 GB/s) a node's 1 GiB ring all-reduce at 20.4 GB/s bus bandwidth instead of 363 (session 63).
     */
    @Check
    public void checkAcceleratorCountsPositive(Accelerator accelerator) {
        positive(accelerator, List.of(Literals.ACCELERATOR__SCALE_UP_PORTS));
    }

    @Check
    public void checkNicCountsPositive(Nic nic) {
        positive(nic, List.of(Literals.NIC__PORTS));
    }

    @Check
    public void checkSwitchCountsPositive(Switch switchType) {
        positive(switchType, List.of(Literals.SWITCH__PORTS));
    }

    @Check
    public void checkNodeCountsPositive(Node node) {
        positive(node, List.of(Literals.NODE__ACCELERATORS, Literals.NODE__NICS));
    }

    @Check
    public void checkScaleUpCountsPositive(ScaleUpDomain domain) {
        positive(domain, List.of(Literals.SCALE_UP_DOMAIN__DOMAIN_SIZE, Literals.SCALE_UP_DOMAIN__SWITCHES));
    }

    @Check
    public void checkFatTreeCountsPositive(FatTreeTopology tree) {
        positive(tree, List.of(Literals.FAT_TREE_TOPOLOGY__TIERS, Literals.FAT_TREE_TOPOLOGY__RAILS,
                Literals.FAT_TREE_TOPOLOGY__PLANES));
    }

    @Check
    public void checkRailOptimizedCountsPositive(RailOptimizedTopology rail) {
        positive(rail, List.of(Literals.RAIL_OPTIMIZED_TOPOLOGY__RAILS, Literals.RAIL_OPTIMIZED_TOPOLOGY__TIERS,
                Literals.RAIL_OPTIMIZED_TOPOLOGY__PLANES));
    }

    @Check
    public void checkTierLevelCountPositive(TierLevel level) {
        positive(level, List.of(Literals.TIER_LEVEL__COUNT));
    }

    @Check
    public void checkPodSizePositive(PodStructure pods) {
        positive(pods, List.of(Literals.POD_STRUCTURE__SIZE));
    }

    @Check
    public void checkFatTreeTiersBuildable(FatTreeTopology tree) {
        buildableTiers(tree, Literals.FAT_TREE_TOPOLOGY__TIERS, tree.getTiers());
    }

    @Check
    public void checkRailOptimizedTiersBuildable(RailOptimizedTopology rail) {
        buildableTiers(rail, Literals.RAIL_OPTIMIZED_TOPOLOGY__TIERS, rail.getTiers());
    }

    private void buildableTiers(EObject topology, EAttribute feature, int tiers) {
        if (Written.written(topology, feature) && tiers > SwitchRadix.MAX_TIERS) {
            error(tiers + " tiers: the engine builds fat-trees of at most " + SwitchRadix.MAX_TIERS + " tiers; write"
                    + " 'tiers " + SwitchRadix.MAX_TIERS + "' and, if the endpoints do not fit, a switch with more"
                    + " ports.", topology, feature, IssueCodes.TOO_MANY_TIERS, String.valueOf(SwitchRadix.MAX_TIERS));
        }
    }

    @Check
    public void checkDragonflyCountsPositive(DragonflyTopology dragonfly) {
        positive(dragonfly, List.of(Literals.DRAGONFLY_TOPOLOGY__GROUPS, Literals.DRAGONFLY_TOPOLOGY__ROUTERS_PER_GROUP,
                Literals.DRAGONFLY_TOPOLOGY__GLOBAL_LINKS_PER_ROUTER));
    }

    @Check
    public void checkExpertParallelCountsPositive(ExpertParallel kernels) {
        positive(kernels, List.of(Literals.EXPERT_PARALLEL__TOKENS, Literals.EXPERT_PARALLEL__HIDDEN));
    }

    @Check
    public void checkTorusDimensionsPositive(TorusTopology torus) {
        for (int i = 0; i < torus.getDimensions().size(); i++) {
            if (torus.getDimensions().get(i) < 1) {
                error("A torus dimension holds at least 1 router: write 1 or more.", torus,
                        Literals.TORUS_TOPOLOGY__DIMENSIONS, i, IssueCodes.NOT_POSITIVE);
            }
        }
    }

    private void positive(EObject owner, List<EAttribute> counts) {
        for (EAttribute count : counts) {
            if (Written.written(owner, count) && ((Integer) owner.eGet(count)) < 1) {
                error("'" + keyword(count) + "' must be at least 1; write 1 or more, or leave it out where it is"
                        + " optional.", owner, count, IssueCodes.NOT_POSITIVE);
            }
        }
    }

    /** The keyword a count is written after: {@code routersPerGroup} is {@code routers-per-group}. */
    private static String keyword(EAttribute count) {
        return count == Literals.SCALE_UP_DOMAIN__DOMAIN_SIZE ? "domain"
                : count == Literals.ACCELERATOR__SCALE_UP_PORTS ? "scale-up"
                : count == Literals.TIER_LEVEL__COUNT ? "switches of a tier"
                : count == Literals.POD_STRUCTURE__SIZE ? "pods"
                : count.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }
}
