package org.fabricsim.dsl.ide.hover;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.ide.server.hover.HoverService;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.analysis.Oversubscription;
import org.fabricsim.runtime.spec.ClusterSpec;

import com.google.inject.Inject;

/**
 * Hover: the element's {@code /** doc *}{@code /} comment and, on a cluster (its name or any
 * reference to it), the design review's lock-in summary and oversubscription ratios, computed by
 * the runtime's analysis from the cluster's spec.
 */
public class FabricHover extends HoverService {

    @Inject
    private SpecMapper mapper;

    @Override
    public String getContents(EObject element) {
        String documentation = super.getContents(element);
        if (!(element instanceof Cluster cluster)) {
            return documentation;
        }
        String review = review(cluster);
        if (review.isEmpty()) {
            return documentation;
        }
        return documentation == null || documentation.isEmpty() ? review : documentation + "\n\n" + review;
    }

    /** The lock-in summary and the ratios, as Markdown; empty when the cluster cannot be mapped yet. */
    String review(Cluster cluster) {
        ClusterSpec spec;
        try {
            spec = mapper.toCluster(cluster);
        } catch (RuntimeException incomplete) {
            return "";
        }
        StringBuilder text = new StringBuilder("```\n").append(LockIn.of(spec).summary());
        for (Oversubscription.Ratio ratio : Oversubscription.of(spec)) {
            text.append("Oversubscription at ").append(ratio.where()).append(": ").append(ratio.label()).append('\n');
        }
        return text.append("```").toString();
    }
}
