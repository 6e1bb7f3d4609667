package org.fabricsim.runtime.inference;

import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.spec.AcceleratorSpec;

/**
 * The read time of one decode-attention call over {@code bytes} of cache on one accelerator: the measured line t₀ +
 * bytes ÷ (f·B) where the part's generation has one (Blackwell: {@link
 * ComputeCalibration#BLACKWELL_DECODE_ATTENTION_FIXED_SECONDS}, {@link
 * ComputeCalibration#BLACKWELL_DECODE_ATTENTION_READ_FRACTION}), else the bytes at the element-wise rate
 * ({@link Device#memorySeconds}) as every memory-bound kernel: Hopper's generation kernel (XQA) has no measured line
 * under a CUDA graph (docs/calibration.md, "Decode attention on Blackwell", session 62). Each call O(1).
 *
 * @param fixedSeconds t₀, seconds; 0 without a line
 * @param readFraction f, the share of the HBM rate the call reads at; 0 without a line
 */
record DecodeAttentionRead(double fixedSeconds, double readFraction) {
    /** No measured line: the cache at the element-wise rate, nothing fixed. */
    static final DecodeAttentionRead ELEMENT_WISE = new DecodeAttentionRead(0, 0);

    /** The line of {@code accelerator}'s generation, {@link #ELEMENT_WISE} without one. */
    static DecodeAttentionRead of(AcceleratorSpec accelerator) {
        return "blackwell".equals(accelerator.architecture())
                ? new DecodeAttentionRead(ComputeCalibration.BLACKWELL_DECODE_ATTENTION_FIXED_SECONDS,
                        ComputeCalibration.BLACKWELL_DECODE_ATTENTION_READ_FRACTION)
                : ELEMENT_WISE;
    }

    /** Seconds of one call reading {@code bytes} on {@code device}. */
    double seconds(Device device, double bytes) {
        return readFraction > 0 ? fixedSeconds + bytes / (device.memoryBytesPerSecond() * readFraction)
                : device.memorySeconds(bytes);
    }

    /** Seconds per byte of the read beyond the fixed part. */
    double secondsPerByte(Device device) {
        return readFraction > 0 ? 1 / (device.memoryBytesPerSecond() * readFraction) : device.memorySeconds(1);
    }
}
