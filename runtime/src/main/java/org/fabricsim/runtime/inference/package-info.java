/**
 * Inference serving: a request-level discrete-event simulation of LLM serving on a cluster.
 *
 * <ul>
 * <li>{@link org.fabricsim.runtime.inference.RequestStream}: arrivals (Poisson, trace, all at once;
 * a closed loop of clients is driven by {@link org.fabricsim.runtime.inference.ServingSimulation})
 * and token lengths (fixed, uniform, lognormal, empirical), drawn from the run's seeded random
 * source.</li>
 * <li>{@link org.fabricsim.runtime.inference.ServingModel}: the per-iteration cost of one pipeline
 * stage of a replica (roofline over weights, KV reads and FLOPs, TP and EP collectives, the hop
 * between stages) and the KV-cache size ({@link org.fabricsim.runtime.inference.KvCache});
 * {@link org.fabricsim.runtime.inference.PipelineStages}: how the batches of a replica's slots
 * flow through its stages.</li>
 * <li>{@link org.fabricsim.runtime.inference.ServingSimulation}: the events of serving (arrivals,
 * iteration ends, KV-cache arrivals) over the state of {@link
 * org.fabricsim.runtime.inference.RequestTable} (per request) and {@link
 * org.fabricsim.runtime.inference.Replicas} (per batch slot: PP per replica); {@link
 * org.fabricsim.runtime.inference.BatchBuilder}: continuous batching with chunked prefill,
 * KV-capacity admission and preemption; {@link org.fabricsim.runtime.inference.KvHandoff}: when
 * disaggregated, the KV-cache transfer from the prefill pool to the decode pool, and the EP
 * all-to-all as background load, as flows on the engine's network model.</li>
 * <li>{@link org.fabricsim.runtime.inference.TwoBatchOverlap}: an MoE layer's dispatch and combine
 * under the other half-batch's compute, with the SM share the communication kernels take.</li>
 * <li>{@link org.fabricsim.runtime.inference.PoolFigures}: prefix-cache token counts and each pool's
 * own throughput and utilization.</li>
 * <li>{@link org.fabricsim.runtime.inference.InferenceRunner}: spec in, {@code inference}
 * {@link org.fabricsim.runtime.result.RunResult} out (TTFT/ITL/E2E percentiles, throughput,
 * goodput, KV-transfer times, $/Mtok, utilization).</li>
 * </ul>
 */
package org.fabricsim.runtime.inference;
