/**
 * Benchmarks of the engine: {@link org.fabricsim.benchmarks.EngineBenchmark} (JMH, single-shot
 * wall time of whole collectives) and {@link org.fabricsim.benchmarks.ScalingHarness} (wall time
 * against endpoint count). Both use the workloads of {@link org.fabricsim.benchmarks.Scenarios}.
 */
package org.fabricsim.benchmarks;
