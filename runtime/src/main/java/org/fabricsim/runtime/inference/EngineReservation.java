package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The memory a serving engine holds back on each accelerator besides its weights before it sizes
 * its KV cache: R = H + C + N + A bytes.
 *
 * <p>TensorRT-LLM's PyTorch backend sizes the cache after one profiling forward pass of
 * max_num_tokens tokens as (total − peak) × f, total being cudaMemGetInfo's, peak the weights, the
 * pass's activation peak inside torch and the memory used outside torch ("e.g., NCCL and CUDA
 * graphs"): NVIDIA/TensorRT-LLM tensorrt_llm/_torch/pyexecutor/_util.py, KvCacheCreator
 * estimate_max_tokens and _cal_max_tokens. vLLM subtracts the same three from its share,
 * gpu_memory_utilization × total − weights − activation peak − non-torch (vllm-project/vllm PR 10511,
 * "Memory profiling results"). So, whatever the framework's fraction:
 * <ul>
 * <li>H: what NVML counts and the CUDA driver does not expose (NVML total − cudaMemGetInfo total), the
 * accelerator's measured {@link AcceleratorSpec#reservedMemoryBytes()} (its model's {@code reserved-memory}):
 * the catalog's H100 SXM states 81,559 MiB against 79.22 GiB (PR 10511's log, total_gpu_memory),
 * 437.72 MiB = 458,982,687 B; its H200 SXM 143,771 MiB against 139.80 GiB (PyTorch's out-of-memory
 * message, "total capacity of 139.80 GiB"), 615.8 MiB = 645,713,101 B; 0 for a part that states none.</li>
 * <li>C: memory outside torch on a lone GPU (CUDA context, cuBLAS workspace and library modules),
 * 1.79 GiB (PR 10511's log, Llama 3 8B on one H100, non_torch_memory).</li>
 * <li>N: the communicator's buffers when TP &gt; 1, 1.79 GiB (the same log at TP 2: 3.58 GiB
 * outside torch, less C). NCCL sizes its buffers per channel and connection (NCCL_BUFFSIZE, 4 MiB
 * by default); a ring or NVLS rank connects to its neighbours, not to every peer, so N is taken
 * independent of TP (measured at TP 2 only).</li>
 * <li>A: the activation peak of the profiling pass, T = max_num_tokens tokens spread over the DP · CP
 * ranks, T_a = T ÷ (DP · CP) per accelerator, through one layer's MLP, whose live tensors are the
 * residual stream and the normed input (2 · T_a · h), the gate and up projections' output
 * (2 · T_a · I) and the activated product (T_a · I) at 2 bytes (BF16), I = the FFN width per
 * accelerator (ffn ÷ TP; the routed experts' top-k widths ÷ max(EP, TP) for MoE layers):
 * A = 2 · T_a · (2h + 3I). The logits are computed for each request's last token only and are left
 * out; 0 when the pool states no token limit.</li>
 * </ul>
 */
public final class EngineReservation {
    private static final double GIB = 1024.0 * 1024 * 1024;
    /** C: outside torch on one H100 at TP 1 (vLLM PR 10511, non_torch_memory 1.79 GiB). */
    static final double OUTSIDE_TORCH_BYTES = 1.79 * GIB;
    /** N: the TP communicator's buffers (the same log at TP 2: 3.58 GiB outside torch, less C). */
    static final double COMMUNICATOR_BYTES = (3.58 - 1.79) * GIB;
    private static final int ACTIVATION_BYTES = 2;

    private EngineReservation() {
    }

    /** R = H + C + N + A: bytes each accelerator of the replica holds outside its weights and cache. */
    public static double bytesPerAccelerator(TransformerSpec model, AcceleratorSpec accelerator,
            ParallelismSpec parallel, int iterationTokens) {
        return hiddenBytes(accelerator) + OUTSIDE_TORCH_BYTES
                + (parallel.tensor() > 1 ? COMMUNICATOR_BYTES : 0)
                + activationBytes(model, parallel, iterationTokens);
    }

    /** H: NVML's total less the CUDA driver's, as the part states it; 0 where unstated. */
    static double hiddenBytes(AcceleratorSpec accelerator) {
        return accelerator.reservedMemoryBytes();
    }

    /**
     * A = 2 · T_a · (2h + 3I) bytes: one layer's MLP at T_a = T ÷ (DP · CP) tokens, the share of an
     * iteration's T tokens each attention data or context rank carries, I its FFN width per accelerator.
     */
    static double activationBytes(TransformerSpec model, ParallelismSpec parallel, int iterationTokens) {
        if (iterationTokens <= 0) {
            return 0;
        }
        double dense = (double) model.ffn() / parallel.tensor();
        double routed = model.moe() ? (double) model.topK() * model.expertFfn()
                / Math.max(parallel.expert(), parallel.tensor()) : 0;
        double width = Math.max(dense, routed);
        double tokensPerAccelerator = (double) iterationTokens / (parallel.data() * parallel.context());
        return ACTIVATION_BYTES * tokensPerAccelerator * (2.0 * model.hidden() + 3 * width);
    }
}
