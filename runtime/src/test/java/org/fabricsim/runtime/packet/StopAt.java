package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.sim.TimeSource;

/** A time source that hides the network's events after a deadline, so a run of long flows can stop there. */
record StopAt(TimeSource network, long deadlinePs) implements TimeSource {
    @Override
    public long nextEventPs() {
        long next = network.nextEventPs();
        return next > deadlinePs ? NONE : next;
    }

    @Override
    public void fire(Simulation simulation) {
        network.fire(simulation);
    }
}
