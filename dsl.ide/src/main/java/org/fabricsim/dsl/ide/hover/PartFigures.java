package org.fabricsim.dsl.ide.hover;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * The key figures of a hardware part for its hover, each with the source its file cites for it: an
 * accelerator's dense peak per precision, HBM capacity and bandwidth, the HBM its driver keeps from the process
 * and scale-up ports × rate; a fabric's
 * link rate and latency, scope and loss; a NIC's or a switch's ports × rate (radix), buffer and latency; a
 * node's accelerators, NICs and scale-up domain. A figure's source is the {@code // source: …} comment on
 * its line, or on the comment lines right above it, as the standard catalog writes them.
 */
final class PartFigures {
    private static final double BITS_PER_BYTE = 8;
    private static final double GIGA = 1e9;

    private PartFigures() {
    }

    /** The figures as a Markdown list; empty for an element that is no hardware part. */
    static String of(EObject part) {
        List<String> lines = new ArrayList<>();
        if (part instanceof Accelerator accelerator) {
            accelerator(accelerator, lines);
        } else if (part instanceof Fabric fabric) {
            fabric(fabric, lines);
        } else if (part instanceof Nic nic) {
            ports(nic, nic.getPorts(), nic.getPortRate(), Literals.NIC__PORTS, lines);
            figure(nic, Literals.NIC__LATENCY, "Latency", text(nic.getLatency()), lines);
            figure(nic, Literals.NIC__FABRICS, "Speaks", names(nic.getFabrics()), lines);
        } else if (part instanceof Switch device) {
            ports(device, device.getPorts(), device.getPortRate(), Literals.SWITCH__PORTS, lines);
            figure(device, Literals.SWITCH__BUFFER, "Buffer", text(device.getBuffer()), lines);
            figure(device, Literals.SWITCH__LATENCY, "Latency", text(device.getLatency()), lines);
            figure(device, Literals.SWITCH__FABRICS, "Speaks", names(device.getFabrics()), lines);
        } else if (part instanceof Node node) {
            node(node, lines);
        }
        return String.join("\n", lines);
    }

    private static void accelerator(Accelerator accelerator, List<String> lines) {
        String peaks = accelerator.getCompute().stream()
                .map(rate -> rate.getPrecision().getLiteral().toUpperCase(Locale.ROOT) + " " + text(rate.getRate()))
                .collect(Collectors.joining(", "));
        figure(accelerator, Literals.ACCELERATOR__COMPUTE, "Dense peak", peaks, lines);
        figure(accelerator, Literals.ACCELERATOR__MEMORY, "HBM",
                text(accelerator.getMemory()) + " at " + text(accelerator.getMemoryBandwidth()), lines);
        figure(accelerator, Literals.ACCELERATOR__RESERVED_MEMORY, "Kept by the driver",
                text(accelerator.getReservedMemory()), lines);
        figure(accelerator, Literals.ACCELERATOR__EFFICIENCY, "Matmul efficiency", text(accelerator.getEfficiency()), lines);
        if (Written.written(accelerator, Literals.ACCELERATOR__SCALE_UP_PORTS) && isRate(accelerator.getScaleUpPortRate())) {
            double total = accelerator.getScaleUpPorts() * Units.bytesPerSecond(accelerator.getScaleUpPortRate());
            figure(accelerator, Literals.ACCELERATOR__SCALE_UP_PORTS, "Scale-up", accelerator.getScaleUpPorts() + " × "
                    + text(accelerator.getScaleUpPortRate()) + " = " + gigabytes(total) + " per direction", lines);
        }
        figure(accelerator, Literals.ACCELERATOR__POWER, "TDP", text(accelerator.getPower()), lines);
    }

    private static void fabric(Fabric fabric, List<String> lines) {
        String latency = fabric.getLatency() == null ? "" : ", latency " + text(fabric.getLatency());
        figure(fabric, Literals.FABRIC__LINK_RATE, "Link", text(fabric.getLinkRate()) + latency, lines);
        figure(fabric, Literals.FABRIC__SCOPE, "Scope", fabric.getScope().getLiteral() + ", "
                + fabric.getOpenness().getLiteral(), lines);
        if (Written.written(fabric, Literals.FABRIC__LOSS)) {
            String control = fabric.getFlowControl() == null || !Written.written(fabric, Literals.FABRIC__FLOW_CONTROL) ? ""
                    : " (" + fabric.getFlowControl().getLiteral() + ")";
            figure(fabric, Literals.FABRIC__LOSS, "Loss", fabric.getLoss().getLiteral() + control, lines);
        }
        if (Written.written(fabric, Literals.FABRIC__CONGESTION_CONTROL)) {
            figure(fabric, Literals.FABRIC__CONGESTION_CONTROL, "Congestion control",
                    fabric.getCongestionControl().getLiteral(), lines);
        }
    }

    private static void node(Node node, List<String> lines) {
        if (node.getAccelerator() != null) {
            figure(node, Literals.NODE__ACCELERATORS, "Accelerators", node.getAccelerators() + " × "
                    + node.getAccelerator().getName(), lines);
        }
        if (node.getNic() != null) {
            figure(node, Literals.NODE__NICS, "NICs", node.getNics() + " × " + node.getNic().getName()
                    + (node.isRailAligned() ? ", rail-aligned" : ""), lines);
        }
        if (node.getScaleUp() != null && node.getScaleUp().getFabric() != null) {
            figure(node, Literals.NODE__SCALE_UP, "Scale-up", node.getScaleUp().getFabric().getName() + " "
                    + node.getScaleUp().getTopology().getLiteral(), lines);
        }
    }

    /** {@code ports × rate = total}, the radix and aggregate bandwidth of a NIC or switch. */
    private static void ports(EObject part, int ports, Quantity rate, EStructuralFeature feature, List<String> lines) {
        if (!isRate(rate)) {
            return;
        }
        double totalBitsPerSecond = ports * Units.bytesPerSecond(rate) * BITS_PER_BYTE;
        figure(part, feature, "Ports", ports + " × " + text(rate) + " = " + gigabits(totalBitsPerSecond)
                + " per direction", lines);
    }

    /** Whether {@code quantity} is a data rate: a hover sums rates only where the validator would let them through. */
    private static boolean isRate(Quantity quantity) {
        return quantity != null && Units.dimensionOf(quantity) == Dimension.DATA_RATE;
    }

    private static void figure(EObject part, EStructuralFeature feature, String label, String value, List<String> lines) {
        if (Written.written(part, feature) && value != null && !value.isEmpty()) {
            lines.add(line(label, value, source(part, feature)));
        }
    }

    private static String line(String label, String value, String source) {
        return "- **" + label + "** " + value + (source == null ? "" : " — _" + source + "_");
    }

    /** The number and unit as written, e.g. {@code 989 TFLOPS}. */
    private static String text(Quantity quantity) {
        if (quantity == null) {
            return null;
        }
        INode node = NodeModelUtils.findActualNodeFor(quantity);
        return node == null ? null : NodeModelUtils.getTokenText(node);
    }

    private static String names(List<? extends org.fabricsim.dsl.fabric.Element> elements) {
        return elements.stream().map(e -> e.eIsProxy() ? "?" : e.getName()).collect(Collectors.joining(", "));
    }

    private static String gigabytes(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%,.0f GB/s", bytesPerSecond / GIGA);
    }

    private static String gigabits(double bitsPerSecond) {
        double gigabits = bitsPerSecond / GIGA;
        return gigabits >= 1000 ? String.format(Locale.ROOT, "%.1f Tb/s", gigabits / 1000)
                : String.format(Locale.ROOT, "%,.0f Gb/s", gigabits);
    }

    /**
     * The source cited for {@code feature} of {@code part}: the text after {@code // source:} on the line where
     * the feature ends, else on the comment lines right above the line where it starts; null when none.
     */
    private static String source(EObject part, EStructuralFeature feature) {
        List<INode> nodes = NodeModelUtils.findNodesForFeature(part, feature);
        if (nodes.isEmpty()) {
            return null;
        }
        String text = nodes.get(0).getRootNode().getText();
        INode last = nodes.get(nodes.size() - 1);
        int lineEnd = lineEnd(text, last.getEndOffset());
        String cited = cited(text.substring(last.getEndOffset(), lineEnd));
        int lineStart = text.lastIndexOf('\n', Math.max(0, nodes.get(0).getOffset() - 1)) + 1;
        while (cited == null && lineStart > 0) {
            int previousStart = text.lastIndexOf('\n', lineStart - 2) + 1;
            String previous = text.substring(previousStart, lineStart - 1).strip();
            if (!previous.startsWith("//")) {
                break;
            }
            cited = cited(previous);
            lineStart = previousStart;
        }
        return cited;
    }

    private static String cited(String line) {
        int comment = line.indexOf("// source:");
        return comment < 0 ? null : line.substring(comment + "// source:".length()).strip();
    }

    private static int lineEnd(String text, int from) {
        int end = from;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return end;
    }
}
