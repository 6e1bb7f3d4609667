package org.fabricsim.runtime.sim;

/**
 * A run refused because its events fall due past the engine's clock range ({@link ClockLimit}): the model's fault (a
 * link of 1 b/s), said in its words, which a command that runs the engine outside a study (such as {@code fabric
 * import --all-reduce}) reports as the input's error instead of an internal one.
 */
public final class ClockRangeException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    ClockRangeException(String message) {
        super(message);
    }
}
