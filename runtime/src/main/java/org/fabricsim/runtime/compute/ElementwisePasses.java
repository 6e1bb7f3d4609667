package org.fabricsim.runtime.compute;

import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The element-wise HBM traffic of one transformer layer's forward on one rank (T tokens, h hidden, t = TP, bytes per
 * activation element e): {@link ComputeCalibration#HIDDEN_PASSES_PER_LAYER} hidden vectors per token (÷t with
 * sequence parallelism), the activation's passes ({@link ComputeCalibration#SWIGLU_PASSES} or
 * {@link ComputeCalibration#GELU_PASSES}) over the MLP width (T·f/t), or in an MoE layer over the busiest rank's
 * routed rows (T/t·k·L·f_e) and the shared experts' (T·shared·f_e/t), and there the token permutation's
 * {@link ExpertPermutation#hiddenPasses} hidden vectors per token of the rank (T/t). The parts selective
 * recomputation runs again are single passes of their own ({@link #norms}, {@link #expertActivation},
 * {@link #activation}), each with its kernels' launch cost. O(1).
 *
 * @param device            the accelerator
 * @param model             the model
 * @param tokens            T
 * @param tensor            t
 * @param expertLoad        the busiest expert-parallel rank's load over the mean, L
 * @param sequenceParallel  whether TP shards the hidden vectors along the sequence
 * @param kernelSeconds     fixed cost of one kernel launch
 */
record ElementwisePasses(Device device, TransformerSpec model, double tokens, int tensor, double expertLoad,
        boolean sequenceParallel, double kernelSeconds) {

    /** The layer's forward element-wise seconds, launches apart. */
    double layerSeconds(boolean moeLayer) {
        double hiddenShard = sequenceParallel ? tensor : 1;
        double hiddenBytes = ComputeCalibration.HIDDEN_PASSES_PER_LAYER * tokens * model.hidden() / hiddenShard;
        double inner = moeLayer
                ? routedRows() * model.expertFfn() + tokens * model.sharedExperts() * model.expertFfn() / tensor
                : tokens * model.ffn() / tensor;
        double permutation = moeLayer ? ExpertPermutation.hiddenPasses(model.topK()) * tokens / tensor * model.hidden()
                : 0;
        return device.memorySeconds((hiddenBytes + activationPasses() * inner + permutation) * device.activationBytes());
    }

    /** The two norms' forward: {@link ComputeCalibration#NORM_PASSES_PER_LAYER} hidden vectors, two kernels. */
    PassTime norms() {
        double hidden = tokens * model.hidden() / (sequenceParallel ? tensor : 1);
        return forward(ComputeCalibration.NORM_PASSES_PER_LAYER * hidden, 2);
    }

    /** The routed experts' activation over the busiest rank's rows, one kernel. */
    PassTime expertActivation() {
        return forward(activationPasses() * routedRows() * model.expertFfn(), 1);
    }

    /** The activation of an MLP of {@code width} split by TP, one kernel. */
    PassTime activation(double width) {
        return forward(activationPasses() * tokens * width / tensor, 1);
    }

    private double routedRows() {
        return tokens / tensor * model.topK() * expertLoad;
    }

    private double activationPasses() {
        return model.gatedMlp() ? ComputeCalibration.SWIGLU_PASSES : ComputeCalibration.GELU_PASSES;
    }

    private PassTime forward(double elements, int kernels) {
        return new PassTime(device.memorySeconds(elements * device.activationBytes()) + kernels * kernelSeconds, 0, 0,
                0, 0);
    }
}
