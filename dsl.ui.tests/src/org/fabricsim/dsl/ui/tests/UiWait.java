package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.eclipse.swt.widgets.Display;

/** Waiting in a UI test: runs the display loop until a condition holds, failing after {@link #TIMEOUT}. */
final class UiWait {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private UiWait() {
    }

    /** Runs the display loop until {@code condition} yields a non-null value, failing after {@link #TIMEOUT}. */
    static <T> T waitFor(String what, Supplier<T> condition) {
        return waitFor(what, condition, () -> "");
    }

    /** As {@link #waitFor(String, Supplier)}, saying in the failure what {@code state} reads then. */
    static <T> T waitFor(String what, Supplier<T> condition, Supplier<String> state) {
        Display display = Display.getCurrent();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (true) {
            T result = condition.get();
            if (result != null) {
                return result;
            }
            if (System.nanoTime() > deadline) {
                fail("timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what + " " + state.get());
            }
            if (display == null || !display.readAndDispatch()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    fail("interrupted while waiting for " + what);
                }
            }
        }
    }

    static void waitUntilTrue(String what, BooleanSupplier condition) {
        waitFor(what, () -> condition.getAsBoolean() ? Boolean.TRUE : null);
    }
}
