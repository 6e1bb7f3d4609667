package org.fabricsim.runtime.sim;

/**
 * Decides, when an event of its handler is about to fire, whether it fires then or at a later time ({@link
 * Simulation#register(EventHandler, Postponer)}): an event scheduled for a time known only to be no later than the
 * true one, which is worked out when the event comes due.
 */
@FunctionalInterface
public interface Postponer {
    /**
     * The time the event is due at, not earlier than {@code timePs}; {@code timePs} when it fires now.
     *
     * @param event   the event's handle
     * @param payload the int the event was scheduled with
     * @param timePs  the time it is queued for
     */
    long dueAtPs(int event, int payload, long timePs);
}
