package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.runtime.network.FlowListener;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.network.NetworkStatistics;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.junit.jupiter.api.Test;

/** A run whose network model ends with flows that never delivered their bytes reports no time. */
class UnfinishedRunTest {

    /** A network that takes every flow and never moves a byte, and has no event: it ends the run at once. */
    private static final class SilentNetwork implements NetworkModel {
        private int classes;
        private double startedBytes;

        @Override
        public int start(int[] path, int length, double bytesPerFlow, int multiplicity, int tag) {
            startedBytes += bytesPerFlow * multiplicity;
            return classes++;
        }

        @Override
        public void setListener(FlowListener listener) {
        }

        @Override
        public double linkBytes(int link) {
            return 0;
        }

        @Override
        public double bytesStarted() {
            return startedBytes;
        }

        @Override
        public double bytesDelivered() {
            return 0;
        }

        @Override
        public int activeFlowClasses() {
            return classes;
        }

        @Override
        public NetworkStatistics statistics() {
            return new NetworkStatistics(classes, classes, 0, 0, 0);
        }

        @Override
        public long nextEventPs() {
            return NONE;
        }

        @Override
        public void fire(Simulation simulation) {
        }
    }

    @Test
    void shouldFailARunWhoseFlowsDidNotAllDeliverTheirBytes() {
        // Four single-NIC nodes on one switch; a ring all-gather of 4 MiB starts its first step (each rank sends a
        // quarter, 1 MiB, to the next: 4 classes, 4 MiB) and the network never finishes one.
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0);
        ClusterTopology cluster = ClusterTopology.build(ClusterParameters.scaleOutOnly(4, nic,
                FatTreeParameters.singleSwitch(nic)));
        CollectiveRequest request = CollectiveRequest.of(CollectiveOperation.ALL_GATHER, 4L << 20, 4);
        Schedule schedule = AlgorithmSelector.schedule(cluster, request, Algorithm.RING, null);
        Simulation simulation = new Simulation(request.seed());
        ScheduleRunner runner = new ScheduleRunner(cluster, new Router(cluster, request.routing(), request.seed()),
                new SilentNetwork(), simulation, request, Algorithm.RING, new PhaseMemo());
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> runner.run(schedule));
        assertEquals("the network model ended the run with 4 flow classes unfinished, 0 of 4194304 bytes delivered:"
                + " it has no time to report", error.getMessage());
    }
}
