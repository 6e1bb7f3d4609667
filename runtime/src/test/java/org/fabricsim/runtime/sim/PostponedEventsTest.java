package org.fabricsim.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class PostponedEventsTest {
    /**
     * Events scheduled in the order C at 30, A at 10, B at 30, with {@code fillers} more at 1,000 (70 of them put the
     * queue past its 64-entry ring, into the heap). A, scheduled postponable at 10, is postponed when it comes due to 30: it must fire where
     * an event scheduled at 30 in its place would, after C (scheduled before it) and before B (after it), and count
     * as one event. The reference schedules A at 30 directly, in the same order.
     */
    private static List<String> fire(boolean postponed, int fillers) {
        Simulation simulation = new Simulation(3);
        List<String> fired = new ArrayList<>();
        EventHandler record = payload -> fired.add(simulation.nowPs() + ":" + (char) payload);
        int plain = simulation.register(record);
        int later = simulation.register(record, (event, payload, timePs) -> timePs < 30 ? 30 : timePs);
        simulation.schedule(30, plain, 'C');
        if (postponed) {
            simulation.schedulePostponable(10, later, 'A');
        } else {
            simulation.schedule(30, later, 'A');
        }
        simulation.schedule(30, plain, 'B');
        for (int i = 0; i < fillers; i++) {
            simulation.schedule(1_000, plain, 'F');
        }
        simulation.run(new TimeSource() {
            @Override
            public long nextEventPs() {
                return NONE;
            }

            @Override
            public void fire(Simulation s) {
            }
        });
        fired.add("events " + simulation.eventsFired());
        return fired;
    }

    @Test
    void shouldFireAPostponedEventWhereOneScheduledAtItsLaterTimeWouldFire() {
        for (int fillers : new int[] {0, 70}) {
            List<String> expected = fire(false, fillers);
            assertEquals(List.of("30:C", "30:A", "30:B"), expected.subList(0, 3));
            assertEquals("events " + (3 + fillers), expected.get(expected.size() - 1));
            assertEquals(expected, fire(true, fillers));
        }
    }

    @Test
    void shouldAskThePostponerOnlyWhenItsEventIsNextToFire() {
        Simulation simulation = new Simulation(3);
        List<String> seen = new ArrayList<>();
        int handler = simulation.register(payload -> seen.add("fired at " + simulation.nowPs()),
                (event, payload, timePs) -> {
                    seen.add("asked at " + simulation.nowPs());
                    return timePs;
                });
        simulation.schedulePostponable(20, handler, 0);
        simulation.schedule(25, handler, 1);
        long[] sourcePs = {15};
        simulation.run(new TimeSource() {
            @Override
            public long nextEventPs() {
                return sourcePs[0];
            }

            @Override
            public void fire(Simulation s) {
                seen.add("source at " + s.nowPs());
                sourcePs[0] = NONE;
            }
        });
        // The source's event at 15 goes first; the postponable event at 20 is asked about once, then fires at 20; the
        // one at 25, scheduled plainly, is not asked about.
        assertEquals(List.of("source at 15", "asked at 15", "fired at 20", "fired at 25"), seen);
        assertEquals(2, simulation.eventsFired());
    }
}
