package org.fabricsim.runtime.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The context of one simulation run: the clock in integer picoseconds, the event queue, and the
 * seeded random source. Nothing is static, so independent runs never interfere, and the same seed
 * gives bit-identical results.
 *
 * <p><b>Events.</b> An event is (time, handler id, payload) kept in primitive arrays; handlers are
 * registered once and referred to by an int id, so scheduling allocates nothing. Events fire in
 * order of time, then of scheduling order (stable tie-breaking), kept by an {@link EventQueue}:
 * O(1) to fire and O(later pending events) to schedule while few are pending, O(log E) for E
 * pending events beyond its ring.
 *
 * <p><b>Time sources.</b> Besides its own events, the loop in {@link #run(TimeSource)} asks a
 * {@link TimeSource} (typically the network model) for its next internal event; at equal times the
 * time source goes first, so that completions are visible to events scheduled for the same
 * instant.
 */
public final class Simulation {
    private final long seed;
    private final SplittableRandom random;
    private final EventQueue queue = new EventQueue();
    private EventHandler[] handlers = new EventHandler[4];
    private int handlerCount;
    private int[] eventHandler = new int[64];
    private int[] eventPayload = new int[64];
    private int[] freeEvents = new int[64];
    private int freeCount;
    private int eventSlots;
    private long nextSequence;
    private long nowPs;
    private long eventsFired;

    /** A context whose random source is seeded with {@code seed}. */
    public Simulation(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    /** The seed this run was created with. */
    public long seed() {
        return seed;
    }

    /** The seeded random source. Use only from the simulation thread. */
    public SplittableRandom random() {
        return random;
    }

    /** The current simulated time in picoseconds. */
    public long nowPs() {
        return nowPs;
    }

    /** Events fired so far. */
    public long eventsFired() {
        return eventsFired;
    }

    /** Registers a handler and returns its id. */
    public int register(EventHandler handler) {
        if (handlerCount == handlers.length) {
            handlers = Arrays.copyOf(handlers, handlerCount * 2);
        }
        handlers[handlerCount] = handler;
        return handlerCount++;
    }

    /**
     * Schedules {@code payload} for handler {@code handlerId} at {@code timePs} (not before now, and inside the
     * clock's range: a time below zero is a sum that wrapped, and the run fails as {@link ClockLimit} says).
     *
     * @return the event's handle, valid until it fires or is cancelled
     */
    public int schedule(long timePs, int handlerId, int payload) {
        if (timePs < 0 || timePs == TimeSource.NONE) {
            throw ClockLimit.beyond(nowPs);
        }
        if (timePs < nowPs) {
            throw new IllegalArgumentException("cannot schedule in the past: " + timePs + " < " + nowPs);
        }
        int event = allocateEvent();
        eventHandler[event] = handlerId;
        eventPayload[event] = payload;
        queue.add(event, timePs, nextSequence++);
        return event;
    }

    /** Cancels a pending event; does nothing if it has already fired. */
    public void cancel(int event) {
        if (queue.remove(event)) {
            freeEvents[freeCount++] = event;
        }
    }

    /** Advances the clock to {@code timePs}, which must not be in the past. */
    public void advanceTo(long timePs) {
        if (timePs < nowPs) {
            throw new IllegalArgumentException("time cannot go back: " + timePs + " < " + nowPs);
        }
        nowPs = timePs;
    }

    /**
     * Runs until neither the queue nor {@code source} has anything left.
     *
     * @param source the other producer of events (e.g. the network model)
     */
    public void run(TimeSource source) {
        while (true) {
            long sourcePs = source.nextEventPs();
            long queuePs = queue.isEmpty() ? TimeSource.NONE : queue.peekTime();
            if (sourcePs == TimeSource.NONE && queuePs == TimeSource.NONE) {
                return;
            }
            if (sourcePs <= queuePs) {
                advanceTo(sourcePs);
                source.fire(this);
            } else {
                fireNextEvent();
            }
        }
    }

    private void fireNextEvent() {
        long timePs = queue.peekTime();
        int event = queue.poll();
        advanceTo(timePs);
        int handlerId = eventHandler[event];
        int payload = eventPayload[event];
        freeEvents[freeCount++] = event;
        eventsFired++;
        handlers[handlerId].onEvent(payload);
    }

    private int allocateEvent() {
        if (freeCount > 0) {
            return freeEvents[--freeCount];
        }
        if (eventSlots == eventHandler.length) {
            int capacity = eventSlots * 2;
            eventHandler = Arrays.copyOf(eventHandler, capacity);
            eventPayload = Arrays.copyOf(eventPayload, capacity);
            freeEvents = Arrays.copyOf(freeEvents, capacity);
        }
        return eventSlots++;
    }
}
