package org.fabricsim.dsl.ide.hover;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.hover.HoverService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.analysis.Oversubscription;
import org.fabricsim.runtime.spec.ClusterSpec;

import com.google.inject.Inject;

/**
 * Hover: the element's {@code /** doc *}{@code /} comment; on a hardware part (its name or any reference to
 * it, the standard catalog's included) its key figures with their sources ({@link PartFigures}); on a
 * cluster the design review's lock-in summary and oversubscription ratios, computed by the runtime's
 * analysis from the cluster's spec. Where there is nothing to say (a keyword, a number, white space) the
 * answer is no hover at all rather than an empty one, which clients showed as an empty box.
 */
public class FabricHover extends HoverService {

    @Inject
    private SpecMapper mapper;

    @Override
    public Hover hover(Document document, XtextResource resource, HoverParams params, CancelIndicator cancelIndicator) {
        Hover hover = super.hover(document, resource, params, cancelIndicator);
        return isEmpty(hover) ? null : hover;
    }

    private static boolean isEmpty(Hover hover) {
        if (hover == null || hover.getContents() == null) {
            return true;
        }
        return hover.getContents().isLeft() ? hover.getContents().getLeft().isEmpty()
                : hover.getContents().getRight() == null || hover.getContents().getRight().getValue() == null
                        || hover.getContents().getRight().getValue().isBlank();
    }

    @Override
    public String getContents(EObject element) {
        String text = join(super.getContents(element), PartFigures.of(element));
        return element instanceof Cluster cluster ? join(text, review(cluster)) : text;
    }

    private static String join(String first, String second) {
        if (first == null || first.isEmpty()) {
            return second;
        }
        return second == null || second.isEmpty() ? first : first + "\n\n" + second;
    }

    /** The lock-in summary and the ratios, as Markdown; empty when the cluster cannot be mapped yet. */
    String review(Cluster cluster) {
        ClusterSpec spec = mapper.toCountedClusterOrNull(cluster);
        if (spec == null) {
            return "";
        }
        StringBuilder text = new StringBuilder("```\n").append(LockIn.of(spec).summary());
        for (Oversubscription.Ratio ratio : Oversubscription.of(spec)) {
            text.append("Oversubscription at ").append(ratio.where()).append(": ").append(ratio.label()).append('\n');
        }
        return text.append("```").toString();
    }
}
