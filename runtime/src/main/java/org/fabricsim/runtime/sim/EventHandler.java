package org.fabricsim.runtime.sim;

/** Reacts to an event registered with {@link Simulation#register(EventHandler)}. */
@FunctionalInterface
public interface EventHandler {
    /**
     * Called when the event fires; {@link Simulation#nowPs()} is its time.
     *
     * @param payload the int the event was scheduled with (typically a handle)
     */
    void onEvent(int payload);
}
