package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.Recompute;
import org.fabricsim.dsl.fabric.RecomputeModule;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.model.Models;

/**
 * A training's {@code recompute selective modules ...} (Megatron-Core's {@code --recompute-modules}, which only
 * {@code --recompute-granularity selective} reads): a list after another policy, or a module the model lacks (the MLA
 * up-projections of a model without MLA, the expert activation or shared experts of a model without them, the dense
 * MLP of an MoE model whose every layer is routed), recomputes nothing and is a warning that names the fix.
 */
public class RecomputeValidator extends FabricCheck {

    @Check
    public void checkRecomputeModulesNeedSelective(Training training) {
        if (!training.getRecomputeModules().isEmpty() && training.getRecompute() != Recompute.SELECTIVE) {
            warning("'modules' names what selective recomputation runs again; 'recompute "
                    + training.getRecompute().getLiteral() + "' reads no list, so it changes nothing: write 'recompute"
                    + " selective modules ...' or remove the list.", training, Literals.TRAINING__RECOMPUTE_MODULES,
                    IssueCodes.RECOMPUTE_MODULE_ABSENT);
        }
    }

    @Check
    public void checkRecomputeModulesPresentInModel(Training training) {
        List<RecomputeModule> modules = training.getRecomputeModules();
        LanguageModel model = training.getModel();
        if (training.getRecompute() != Recompute.SELECTIVE || model == null || model.eIsProxy()) {
            return;
        }
        for (int i = 0; i < modules.size(); i++) {
            String lacks = lacks(model, modules.get(i));
            if (lacks != null) {
                warning("'" + modules.get(i).getLiteral() + "' recomputes a part " + model.getName() + " lacks ("
                        + lacks + "), so it recomputes nothing: remove it.", training,
                        Literals.TRAINING__RECOMPUTE_MODULES, i, IssueCodes.RECOMPUTE_MODULE_ABSENT);
            }
        }
    }

    /** What the model lacks for {@code module} to recompute anything; null when it has it. */
    private static String lacks(LanguageModel model, RecomputeModule module) {
        boolean moe = Models.moe(model);
        return switch (module) {
            case MLA_UP_PROJECTION -> model.getKvLoraRank() > 0 ? null
                    : "its attention has no MLA up-projections: 'mla kv-rank R' states them";
            case MOE_ACTIVATION -> moe ? null : "it is dense, without routed experts";
            case SHARED_EXPERTS -> moe && model.getSharedExperts() > 0 ? null
                    : "it has no shared experts: 'shared-experts N' states them";
            case MLP -> !moe || model.getDenseLayers() > 0 ? null
                    : "every layer is routed, without a dense MLP: 'dense-layers N' states dense ones";
            default -> null;
        };
    }
}
