package org.fabricsim.dsl.ide.quickfix;

import java.util.List;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.editor.quickfix.AbstractDeclarativeIdeQuickfixProvider;
import org.eclipse.xtext.ide.editor.quickfix.DiagnosticResolutionAcceptor;
import org.eclipse.xtext.ide.editor.quickfix.QuickFix;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.validation.IssueCodes;

import com.google.gson.JsonArray;

/**
 * Quick fixes (LSP code actions) where the fix is obvious, driven by the issue data the validators and the linker
 * attach: import the missing package, use the closest name, correct a misspelled import to the nearest package, set
 * TP to what the scale-up domain holds, search within the cluster's accelerators, add the tiers the endpoints need,
 * write the ratio the ports realize, a network rate written in bytes in bits, as many scale-up switches as carry the domain, write the leaves whose ports hold
 * their NIC ports and uplinks, write as many rails as NIC ports, write torus dimensions that hold the accelerators,
 * one plane per NIC port of an accelerator, a pod count that divides the data ways, nodes that fill whole scale-up
 * domains; for a benchmark, run it on whole scale-up domains, run it over the scale-out network when the cluster has
 * no data-centre network, remove a {@code channels} line so that NCCL's count runs, write factor 2 for a sweep's
 * factor below 2, use every accelerator of the node, write {@code auto} for an in-switch reduction or a torus bucket
 * algorithm that cannot run, or an algorithm that does not run its operation or its ranks, and {@code Simple} for a
 * protocol that cannot. Each fix is one text edit; those that place or remove more than the marked text are their own
 * classes ({@link ImportEdit}, {@link LeafCountEdit}, {@link ChannelsEdit}).
 */
public class FabricQuickFixes extends AbstractDeclarativeIdeQuickfixProvider {

    @QuickFix(IssueCodes.MISSING_IMPORT)
    public void addImport(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Add the import, or correct the misspelt one", (diagnostic, object, document) -> {
            String pkg = data(diagnostic, 0);
            return pkg == null ? List.of() : List.of(ImportEdit.edit(object, document, pkg, data(diagnostic, 1)));
        });
    }

    @QuickFix(IssueCodes.UNRESOLVED_NAME)
    public void useClosestName(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Use the closest name", 0);
    }

    @QuickFix(IssueCodes.UNKNOWN_IMPORT)
    public void importNearestPackage(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Import the nearest package", 0);
    }

    @QuickFix(IssueCodes.TP_CROSSES_SCALE_UP)
    public void fitTensorToScaleUp(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Set tensor to the nearest degree the scale-up domain and the heads take", 0);
    }

    @QuickFix(IssueCodes.SEARCH_WITHIN_CLUSTER)
    public void limitToTheCluster(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Search within the cluster's accelerators", 0);
    }

    @QuickFix(IssueCodes.RADIX_TOO_SMALL)
    public void addTiers(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Add the tiers the endpoints need", (diagnostic, object, document) -> {
            String tiers = data(diagnostic, 0);
            boolean onTiers = document.getSubstring(diagnostic.getRange()).trim().matches("\\d+");
            return tiers == null || tiers.isEmpty() || !onTiers ? List.of()
                    : List.of(new TextEdit(diagnostic.getRange(), tiers));
        });
    }

    @QuickFix(IssueCodes.OVERSUBSCRIPTION_PORTS)
    public void writeRealizableRatio(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Write the ratio the ports realize", 1);
    }

    /**
     * A stated leaf tier that lacks the ports: writes the leaf count the issue data gives (item 2, leaf only;
     * {@link LeafCountEdit}). A derived leaf is refused only where no leaf count fits ({@code fabric.physical.leaf-ports}
     * has no such fix).
     */
    @QuickFix(IssueCodes.TIER_PORTS)
    public void writeTheLeavesThatFit(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Write the leaves whose ports fit",
                (diagnostic, object, document) -> LeafCountEdit.edits(data(diagnostic, 2), object, document));
    }

    @QuickFix(IssueCodes.SCALE_UP_BLOCKING)
    public void switchesThatCarryTheDomain(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Write the switches that carry the domain", 0);
    }

    @QuickFix(IssueCodes.NETWORK_RATE_IN_BYTES)
    public void writeTheRateInBits(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Write the rate in bits", 0);
    }

    @QuickFix(IssueCodes.RAILS_WITHOUT_NICS)
    public void railPerNicPort(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "One rail per NIC port", 0);
    }

    /** Replaces every written dimension, from the first to the last, with the ones the issue data gives. */
    @QuickFix(IssueCodes.TORUS_SHAPE)
    public void fitTheTorusToTheAccelerators(DiagnosticResolutionAcceptor acceptor) {
        replaceListWithData(acceptor, "Write the dimensions that hold the accelerators",
                Literals.TORUS_TOPOLOGY__DIMENSIONS);
    }

    @QuickFix(IssueCodes.TORUS_WRAP)
    public void wrapTheTorussOwnDimensions(DiagnosticResolutionAcceptor acceptor) {
        replaceListWithData(acceptor, "Wrap only the torus's own dimensions, each once",
                Literals.TORUS_TOPOLOGY__WRAPPED);
    }

    @QuickFix(IssueCodes.TORUS_CUBES)
    public void cubesThatTileTheTorus(DiagnosticResolutionAcceptor acceptor) {
        replaceListWithData(acceptor, "Write cubes that tile the torus", Literals.TORUS_TOPOLOGY__CUBE);
    }

    @QuickFix(IssueCodes.TORUS_SLICE)
    public void sliceOfWholeCubes(DiagnosticResolutionAcceptor acceptor) {
        replaceListWithData(acceptor, "Write a slice of whole cubes that fits", Literals.BENCHMARK__SLICE);
    }

    /** Replaces the written values of a list feature, from the first to the last, with the issue data's text. */
    private static void replaceListWithData(DiagnosticResolutionAcceptor acceptor, String label,
            EStructuralFeature feature) {
        acceptor.accept(label, (diagnostic, object, document) -> {
            String replacement = data(diagnostic, 0);
            List<INode> written = object == null ? List.of() : NodeModelUtils.findNodesForFeature(object, feature);
            if (replacement == null || replacement.isEmpty() || written.isEmpty()) {
                return List.of();
            }
            Range range = new Range(document.getPosition(written.get(0).getOffset()),
                    document.getPosition(written.get(written.size() - 1).getEndOffset()));
            return List.of(new TextEdit(range, replacement));
        });
    }

    @QuickFix(IssueCodes.TORUS_BENCHMARK_NODES)
    public void benchmarkOnTheWholeTorus(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Run it on all the torus's nodes", 0);
    }

    @QuickFix(IssueCodes.CLUSTER_PARTIAL_DOMAIN)
    public void nodesOfWholeDomains(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Write the nodes that fill whole scale-up domains", 0);
    }

    @QuickFix(IssueCodes.BENCHMARK_PARTIAL_DOMAIN)
    public void benchmarkOnWholeDomains(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Run it on whole scale-up domains", 0);
    }

    @QuickFix(IssueCodes.PLANES_NIC_PORTS)
    public void planePerNicPort(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "One plane per NIC port of an accelerator", 0);
    }

    @QuickFix(IssueCodes.DATA_CENTRE_PODS)
    public void dividingPodCount(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Write a pod count that divides them", 0);
    }

    @QuickFix(IssueCodes.DATA_CENTRE_MISSING)
    public void runOverTheScaleOutNetwork(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Run it over the scale-out network", 1);
    }

    @QuickFix(IssueCodes.CHANNELS_OUT_OF_RANGE)
    public void letNcclChooseOutOfRangeChannels(DiagnosticResolutionAcceptor acceptor) {
        removeChannels(acceptor);
    }

    @QuickFix(IssueCodes.CHANNELS_IDLE_NICS)
    public void letNcclChooseChannels(DiagnosticResolutionAcceptor acceptor) {
        removeChannels(acceptor);
    }

    @QuickFix(IssueCodes.SWEEP_FACTOR)
    public void doubleEachSize(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Double each size (factor 2)", 0);
    }

    @QuickFix(IssueCodes.BENCHMARK_ACCELERATORS)
    public void useTheNodesAccelerators(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Use every accelerator of the node", 0);
    }

    @QuickFix(IssueCodes.IN_NETWORK_UNAVAILABLE)
    public void letNcclChooseTheAlgorithm(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Let NCCL choose the algorithm", 0);
    }

    @QuickFix(IssueCodes.DP_ALGORITHM_UNAVAILABLE)
    public void letNcclChooseTheDataParallelAlgorithm(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Let NCCL choose the algorithm", 0);
    }

    @QuickFix(IssueCodes.BUCKET_UNAVAILABLE)
    public void letAutoChooseForTheTorus(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Let auto choose the algorithm", 0);
    }

    @QuickFix(IssueCodes.ALGORITHM_OPERATION)
    public void letAutoChooseForTheOperation(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Let auto choose the algorithm", 0);
    }

    @QuickFix(IssueCodes.ALGORITHM_RANKS)
    public void letAutoChooseForTheRanks(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Let auto choose the algorithm", 0);
    }

    @QuickFix(IssueCodes.PROTOCOL_ALGORITHM)
    public void useSimpleWithTheAlgorithm(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Use the Simple protocol", 0);
    }

    @QuickFix(IssueCodes.PROTOCOL_SPRAYING)
    public void useSimpleOnTheSprayingNetwork(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Use the Simple protocol", 0);
    }

    @QuickFix(IssueCodes.GO_BACK_N_SELECTIVE_TRANSPORT)
    public void useSelectiveRepeat(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Use selective repeat", 0);
    }

    /** Deletes the {@code channels N} the diagnostic marks ({@link ChannelsEdit#removal}). */
    private static void removeChannels(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Let NCCL choose the channels",
                (diagnostic, object, document) -> ChannelsEdit.removal(diagnostic, document));
    }

    private static void replaceWithData(DiagnosticResolutionAcceptor acceptor, String label, int index) {
        acceptor.accept(label, (diagnostic, object, document) -> {
            String value = data(diagnostic, index);
            return value == null || value.isEmpty() ? List.of() : List.of(new TextEdit(diagnostic.getRange(), value));
        });
    }

    /**
     * Issue data item {@code index}: in process the data is the issue's {@code String[]}; over
     * the wire LSP4J hands it back as a JSON array.
     */
    static String data(Diagnostic diagnostic, int index) {
        Object data = diagnostic.getData();
        if (data instanceof String[] array) {
            return index < array.length ? array[index] : null;
        }
        if (data instanceof JsonArray array) {
            return index < array.size() && array.get(index).isJsonPrimitive() ? array.get(index).getAsString() : null;
        }
        if (data instanceof List<?> list) {
            return index < list.size() ? String.valueOf(list.get(index)) : null;
        }
        return null;
    }
}
