package org.fabricsim.dsl.ide.contentassist;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.impl.ResourceDescriptionsProvider;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FabricScope;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.VariedParameter;
import org.fabricsim.dsl.services.FabricGrammarAccess;
import org.fabricsim.dsl.validation.InferenceSettingsValidator;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.study.Knobs;

import com.google.inject.Inject;

/**
 * Completion filtered by what the slot takes: after {@code import} the packages of the workspace and the
 * standard catalog ({@code fabric.catalog.nvidia.*}); inside {@code vary P in [ … ]} only the values of
 * P's kind ({@link Knobs#kind}: its keywords, or clusters, models or scale-out fabrics), the same rule the
 * validator applies, and for a number parameter its sign and currency; after {@code scale-out} only scale-out fabrics, and in a node's {@code scale-up} only
 * scale-up ones. A number, name or string slot offers nothing: Xtext's default put the grammar's feature
 * name there ({@code acceleratorsPerNode}), which is no text a model may contain.
 */
public class FabricProposals extends IdeContentProposalProvider {
    /** An open value list of a {@code vary}: the parameter is group 1. */
    private static final Pattern OPEN_VARY = Pattern.compile(
            "\\bvary\\s+(?:(?:serving|prefill|decode)\\s+)?([a-z-]+)\\s+in\\s*\\[[^\\[\\]]*$");
    /** The qualified name written so far after {@code import}. */
    private static final Pattern OPEN_IMPORT = Pattern.compile("\\bimport\\s+([A-Za-z0-9_.]*)$");
    /** How far back a completion looks for the {@code vary} or {@code import} it completes. */
    private static final int LOOKBACK_CHARS = 2048;

    @Inject
    private FabricGrammarAccess grammar;

    @Inject
    private StandardCatalog catalog;

    @Inject
    private ResourceDescriptionsProvider indexes;

    @Override
    protected void _createProposals(Assignment assignment, ContentAssistContext context,
            IIdeContentProposalAcceptor acceptor) {
        if (assignment == grammar.getImportAccess().getImportedNamespaceAssignment_1()) {
            packages(context, acceptor);
        } else if (assignment.getTerminal() instanceof CrossReference) {
            super._createProposals(assignment, context, acceptor);
        } else if (assignment.getTerminal() instanceof RuleCall call) {
            _createProposals(call, context, acceptor);
        }
    }

    /** The keywords a {@code vary} value may be, which Xtext does not offer for a rule that returns text. */
    @Override
    protected void _createProposals(RuleCall ruleCall, ContentAssistContext context,
            IIdeContentProposalAcceptor acceptor) {
        if (ruleCall.getRule() != grammar.getVaryKeywordRule()) {
            return;
        }
        Parameter parameter = varied(context);
        List<String> keywords = parameter != null ? Knobs.keywords(parameter)
                : GrammarUtil.containedKeywords(grammar.getVaryKeywordRule()).stream().map(Keyword::getValue).toList();
        for (String keyword : keywords) {
            ContentAssistEntry entry = getProposalCreator().createProposal(keyword, context,
                    ContentAssistEntry.KIND_KEYWORD, null);
            if (entry != null) {
                acceptor.accept(entry, getProposalPriorities().getKeywordPriority(keyword, entry));
            }
        }
    }

    /**
     * Inside a {@code vary} list only its punctuation, and the sign and currency of a number where the
     * parameter takes numbers: a keyword or name of another slot is no value of it. In an inference deployment,
     * no setting already written, above the caret or below it ({@link InferenceSettingsValidator#settings}: each
     * is stated once, a pool as often as needed).
     */
    @Override
    protected boolean filterKeyword(Keyword keyword, ContentAssistContext context) {
        Parameter parameter = varied(context);
        if (parameter == null) {
            return !writtenSetting(keyword, context);
        }
        String value = keyword.getValue();
        return value.equals(",") || value.equals("]")
                || Knobs.kind(parameter) == Knobs.Kind.NUMBER && (value.equals("-") || value.equals("$"));
    }

    @Override
    protected com.google.common.base.Predicate<IEObjectDescription> getCrossrefFilter(CrossReference reference,
            ContentAssistContext context) {
        if (reference == grammar.getValueAccess().getReferenceElementCrossReference_3_1_0()) {
            Parameter parameter = varied(context);
            return parameter == null ? candidate -> true : candidate -> takes(Knobs.kind(parameter), candidate, context);
        }
        if (reference == grammar.getScaleOutAccess().getFabricFabricCrossReference_0_0()) {
            return candidate -> scope(candidate, context, FabricScope.SCALE_OUT);
        }
        if (reference == grammar.getScaleUpDomainAccess().getFabricFabricCrossReference_0_0()) {
            return candidate -> scope(candidate, context, FabricScope.SCALE_UP);
        }
        return super.getCrossrefFilter(reference, context);
    }

    /** Every package of the workspace and the catalog, as {@code package.*}, replacing what is written. */
    private void packages(ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        Matcher written = OPEN_IMPORT.matcher(before(context));
        String prefix = written.find() ? written.group(1) : context.getPrefix();
        Set<String> packages = new LinkedHashSet<>();
        indexes.getResourceDescriptions(context.getResource()).getExportedObjectsByType(Literals.MODEL)
                .forEach(model -> packages.add(model.getQualifiedName().toString()));
        catalog.exportedObjects().stream().filter(d -> d.getEClass() == Literals.MODEL)
                .forEach(model -> packages.add(model.getQualifiedName().toString()));
        for (String name : packages) {
            String proposal = name + ".*";
            if (proposal.startsWith(prefix)) {
                ContentAssistEntry entry = new ContentAssistEntry();
                entry.setPrefix(prefix);
                entry.setProposal(proposal);
                entry.setKind(ContentAssistEntry.KIND_MODULE);
                entry.setDescription("package");
                acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry));
            }
        }
    }

    /** Whether {@code keyword} begins an inference setting that the deployment around the caret already states. */
    private static boolean writtenSetting(Keyword keyword, ContentAssistContext context) {
        if (!InferenceSettingsValidator.beginsSetting(keyword)) {
            return false;
        }
        Inference inference = EcoreUtil2.getContainerOfType(context.getCurrentModel(), Inference.class);
        return inference != null && InferenceSettingsValidator.settings(inference).containsKey(keyword.getValue());
    }

    /** The parameter whose value list the completion is in, or null outside one. */
    private static Parameter varied(ContentAssistContext context) {
        Matcher open = OPEN_VARY.matcher(before(context));
        if (!open.find()) {
            return null;
        }
        VariedParameter parameter = VariedParameter.get(open.group(1));
        return parameter == null ? null : Parameter.valueOf(parameter.getName());
    }

    private static String before(ContentAssistContext context) {
        String text = context.getRootNode() == null ? "" : context.getRootNode().getText();
        int end = Math.min(context.getOffset(), text.length());
        return text.substring(Math.max(0, end - LOOKBACK_CHARS), end);
    }

    /** Whether {@code candidate} is a value of a parameter of {@code kind}, as the validator decides it. */
    private static boolean takes(Knobs.Kind kind, IEObjectDescription candidate, ContentAssistContext context) {
        return switch (kind) {
            case CLUSTER -> candidate.getEClass() == Literals.CLUSTER;
            case MODEL -> candidate.getEClass() == Literals.LANGUAGE_MODEL;
            case FABRIC -> scope(candidate, context, FabricScope.SCALE_OUT);
            case KEYWORD, WHOLE, NUMBER -> false;
        };
    }

    private static boolean scope(IEObjectDescription candidate, ContentAssistContext context, FabricScope scope) {
        if (candidate.getEClass() != Literals.FABRIC) {
            return false;
        }
        EObject fabric = candidate.getEObjectOrProxy();
        if (fabric.eIsProxy()) {
            fabric = EcoreUtil.resolve(fabric, context.getResource());
        }
        return fabric instanceof Fabric resolved && !resolved.eIsProxy() && resolved.getScope() == scope;
    }
}
