/**
 * The compute model: FLOPs, bytes and roofline time of each operation of a transformer layer,
 * forward and backward, on one accelerator.
 *
 * <p>Time of one kernel = max(FLOPs ÷ (peak × efficiency), bytes ÷ HBM bandwidth). GEMM efficiency
 * is the accelerator's measured large-GEMM fraction (catalog {@code efficiency}, MAMF) times tile
 * and wave quantization of the GEMM's shape ({@link org.fabricsim.runtime.compute.Gemm}); flash
 * attention and memory-bound element-wise kernels use the constants of {@link
 * org.fabricsim.runtime.compute.ComputeCalibration}, each with its source.
 */
package org.fabricsim.runtime.compute;
