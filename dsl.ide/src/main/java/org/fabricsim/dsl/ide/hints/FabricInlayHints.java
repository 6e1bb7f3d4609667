package org.fabricsim.dsl.ide.hints;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Element;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.analysis.Oversubscription;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

import com.google.inject.Inject;

/**
 * Inlay hints with the figures a reader would otherwise work out: after a cluster's name its accelerators
 * (nodes × accelerators per node), after its {@code scale-out} the oversubscription of each tier as the
 * hardware realizes it ({@link Oversubscription}); after a training job's {@code parallel} plan the memory
 * each accelerator of the busiest stage needs against its HBM ({@link Memory#training}), as the memory
 * check computes it. An element that cannot be mapped yet (half typed) gets no hint.
 */
public class FabricInlayHints {
    private static final double PERCENT = 100;

    @Inject
    private SpecMapper mapper;

    /** The hints of the definitions that start inside {@code range}. */
    public List<InlayHint> hints(Document document, XtextResource resource, Range range, CancelIndicator cancel) {
        List<InlayHint> hints = new ArrayList<>();
        if (resource == null || resource.getContents().isEmpty()
                || !(resource.getContents().get(0) instanceof Model model)) {
            return hints;
        }
        int from = document.getOffSet(range.getStart());
        int to = document.getOffSet(range.getEnd());
        for (Element element : model.getElements()) {
            INode node = NodeModelUtils.findActualNodeFor(element);
            if (cancel.isCanceled() || node == null || node.getEndOffset() < from || node.getOffset() > to) {
                continue;
            }
            if (element instanceof Cluster cluster) {
                cluster(document, cluster, hints);
            } else if (element instanceof Training training) {
                training(document, training, hints);
            }
        }
        return hints;
    }

    private void cluster(Document document, Cluster cluster, List<InlayHint> hints) {
        ClusterSpec spec = mapper.toCountedClusterOrNull(cluster);
        if (spec == null) {
            return;
        }
        add(document, cluster, Literals.ELEMENT__NAME, String.format(Locale.ROOT, "%,d accelerators", spec.accelerators()),
                hints);
        List<Oversubscription.Ratio> ratios = Oversubscription.of(spec);
        if (!ratios.isEmpty()) {
            add(document, cluster, Literals.CLUSTER__SCALE_OUT, "oversubscription " + ratios.stream()
                    .map(r -> r.where() + " " + r.label()).collect(Collectors.joining(", ")), hints);
        }
    }

    private void training(Document document, Training training, List<InlayHint> hints) {
        long needed;
        long capacity;
        try {
            TrainingSpec spec = mapper.toTraining(training);
            needed = Memory.training(spec).totalBytes();
            capacity = spec.cluster().node().accelerator().memoryBytes();
        } catch (RuntimeException incomplete) {
            return;
        }
        String share = capacity > 0 ? String.format(Locale.ROOT, " (%.0f %%)", PERCENT * needed / capacity) : "";
        add(document, training, Literals.TRAINING__PARALLEL, Memory.gigabytes(needed) + " of "
                + Memory.gigabytes(capacity) + " per accelerator" + share, hints);
    }

    /** A hint right after the text of {@code feature}, when the feature is written. */
    private static void add(Document document, EObject element, EStructuralFeature feature, String label,
            List<InlayHint> hints) {
        List<INode> nodes = NodeModelUtils.findNodesForFeature(element, feature);
        if (nodes.isEmpty()) {
            return;
        }
        Position end = document.getPosition(nodes.get(nodes.size() - 1).getEndOffset());
        InlayHint hint = new InlayHint(end, Either.forLeft(label));
        hint.setKind(InlayHintKind.Type);
        hint.setPaddingLeft(true);
        hints.add(hint);
    }
}
