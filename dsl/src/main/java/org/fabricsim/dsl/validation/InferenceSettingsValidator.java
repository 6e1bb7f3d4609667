package org.fabricsim.dsl.validation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.xtext.Alternatives;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Group;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;

/**
 * An inference deployment's settings, which the grammar reads as a list in any order (rule Inference in
 * Fabric.xtext says why it is not an unordered group): the list states the model and its cluster ({@code model M
 * on C}), the traffic and at least one pool, and every setting other than a pool at most once ({@code slo} too:
 * its objectives go on one line, separated by commas).
 *
 * <p>A setting is found by its leading keyword in the parse tree, the first keyword of an alternative of the
 * rule's list, so that {@code kv-transfer bulk} and {@code kv-transfer over data-centre}, which assign different
 * features, still count as one setting stated twice. The keyword is matched by its place in the grammar, not by
 * identity: a resource may have been parsed by another injector's copy of the grammar.
 */
public class InferenceSettingsValidator extends FabricCheck {
    private static final String MODEL = "model";
    private static final String TRAFFIC = "traffic";

    @Check
    public void checkInferenceModelStated(Inference inference) {
        if (!settings(inference).containsKey(MODEL)) {
            error("Inference " + inference.getName() + " serves no model: write 'model M on C', the language model"
                    + " it serves and the cluster it runs on.", inference, Literals.ELEMENT__NAME,
                    IssueCodes.INFERENCE_MODEL_MISSING);
        }
    }

    @Check
    public void checkInferenceTrafficStated(Inference inference) {
        if (!settings(inference).containsKey(TRAFFIC)) {
            error("Inference " + inference.getName() + " has no traffic: write 'traffic { arrival poisson 10 /s"
                    + " prompt fixed 1000 output fixed 200 }' with the requests it serves.", inference,
                    Literals.ELEMENT__NAME, IssueCodes.INFERENCE_TRAFFIC_MISSING);
        }
    }

    @Check
    public void checkInferencePoolStated(Inference inference) {
        if (inference.getPools().isEmpty()) {
            error("Inference " + inference.getName() + " has no pool of replicas: write a 'serving pool { replicas 1"
                    + " parallel tensor 8 }', or a 'prefill pool' and a 'decode pool'.", inference,
                    Literals.ELEMENT__NAME, IssueCodes.INFERENCE_POOL_MISSING);
        }
    }

    @Check
    public void checkInferenceSettingsStatedOnce(Inference inference) {
        for (Map.Entry<String, List<ILeafNode>> setting : settings(inference).entrySet()) {
            List<ILeafNode> written = setting.getValue();
            String keyword = setting.getKey();
            String keep = keyword.equals("slo") ? "write its objectives on one 'slo' line, separated by commas"
                    : "keep one";
            for (ILeafNode again : written.subList(1, written.size())) {
                acceptError("'" + keyword + "' is stated " + written.size() + " times in inference "
                        + inference.getName() + ": " + keep + ".", inference, again.getOffset(), again.getLength(),
                        IssueCodes.INFERENCE_SETTING_REPEATED, keyword);
            }
        }
    }

    /**
     * The leading keywords of the settings written in the deployment's braces, each with its nodes in text order
     * (completion reads it too: it offers no setting already written).
     */
    public static Map<String, List<ILeafNode>> settings(Inference inference) {
        Map<String, List<ILeafNode>> settings = new LinkedHashMap<>();
        ICompositeNode node = NodeModelUtils.findActualNodeFor(inference);
        if (node == null) {
            return settings;
        }
        for (ILeafNode leaf : node.getLeafNodes()) {
            if (leaf.getGrammarElement() instanceof Keyword keyword && beginsSetting(keyword)) {
                settings.computeIfAbsent(keyword.getValue(), k -> new ArrayList<>()).add(leaf);
            }
        }
        return settings;
    }

    /** The first keyword of an alternative of the Inference rule's repeated list of settings. */
    public static boolean beginsSetting(Keyword keyword) {
        return keyword.eContainer() instanceof Group setting && setting.getElements().get(0) == keyword
                && setting.eContainer() instanceof Alternatives list && "*".equals(list.getCardinality())
                && GrammarUtil.containingRule(keyword).getName().equals(Literals.INFERENCE.getName());
    }
}
