package org.fabricsim.runtime.collective;

import java.util.List;

import org.fabricsim.runtime.network.NetworkStatistics;
import org.fabricsim.runtime.packet.PacketCounters;
import org.fabricsim.runtime.packet.PortReport;

/**
 * The outcome of one simulated collective.
 *
 * <p>algbw = S / T and busbw = algbw · f(n) with the nccl-tests factor f of the operation
 * ({@link CollectiveOperation#busBandwidthFactor(int)}); GB/s means 10⁹ bytes per second.
 *
 * @param operation          the collective
 * @param algorithm          the algorithm that ran (chosen if the request said AUTO)
 * @param protocol           the NCCL protocol it ran with (chosen if the request said AUTO)
 * @param channels           the channels it ran on (NCCL lowers them for small sizes)
 * @param ranks              participants
 * @param sizeBytes          S
 * @param timePs             T, simulated, in picoseconds
 * @param algbwGBps          S / T in GB/s (0 when T = 0)
 * @param busbwGBps          algbw · f(n)
 * @param bytesInjected      bytes all transfers put on the fabric, repeats included
 * @param bytesDelivered     bytes that arrived; equal to bytesInjected
 * @param steps              steps executed (phases times repeats)
 * @param stepsSolved        steps whose flows the network model actually solved
 * @param stepsReused        steps whose duration was reused
 * @param events             simulation events fired plus network completion batches
 * @param network            the network model's counters
 * @param linkUsage          the per-link load summary
 * @param linkBytes          bytes carried per link handle (for heat maps)
 * @param topology           a description of the topology
 * @param ports              the busiest switch and NIC ports of a packet run ({@link
 *                           PacketCounters#busiestPorts}); empty on the other network models
 * @param bound              what set the time when the size did not, in words (NCCL's network proxy floor of an
 *                           LL or LL128 ring all-reduce across nodes); empty when the schedule's transfers did
 */
public record CollectiveResult(CollectiveOperation operation, Algorithm algorithm, Protocol protocol, int channels,
        int ranks, long sizeBytes,
        long timePs, double algbwGBps, double busbwGBps, double bytesInjected, double bytesDelivered, long steps,
        long stepsSolved, long stepsReused, long events, NetworkStatistics network, LinkUsage linkUsage,
        double[] linkBytes, String topology, List<PortReport> ports, String bound) {

    public CollectiveResult {
        linkBytes = linkBytes.clone();
        ports = List.copyOf(ports);
    }

    @Override
    public double[] linkBytes() {
        return linkBytes.clone();
    }

    /** T in seconds. */
    public double timeSeconds() {
        return timePs / 1e12;
    }
}
