package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.packet.Dcqcn;
import org.fabricsim.runtime.packet.PacketConfig;

/**
 * What DCQCN costs a contended link: a convergence delay per contention episode, with an onset in
 * the bytes each sender brings, not a rate.
 *
 * <p><b>Mechanism</b> (Zhu et al., SIGCOMM'15; the parameters are the packet backend's, {@link
 * Dcqcn#defaults}: the HPCC ns-3 simulator's rdma-hw.cc and run.py scaled to 100 Gb/s, Kmin = 400 KB,
 * Kmax = 1.6 MB, Pmax = 0.2, increase timer 300 µs). Every flow starts at line rate, so a link
 * offered ρ times its capacity c queues at (ρ − 1)·c. A packet leaving a queue of Kmin + x is marked
 * with probability Pmax·x/ΔK (ΔK = Kmax − Kmin), and a flow is cut only when one of its own packets
 * is marked: a flow is 1/(ρ·m) of the departures (m flows per sender), and while the queue grows
 * by dx, dx/(ρ − 1) bytes depart, so its expected marks reach one at x = √(2·ΔK·MTU·ρ·m·(ρ − 1)/Pmax),
 * at most ΔK (every packet is marked above Kmax). By then each sender has sent its line rate's share
 * of the queue's growth: B₀ = (Kmin + x)/(ρ − 1) bytes. A sender whose episode brings no more than
 * B₀ finishes before its first cut and costs nothing (the queue keeps the bottleneck busy, PFC or
 * credits hold it lossless). One that brings more is cut, and the rates climb back only on the
 * increase timer (fast recovery, R_C ← (R_C + R_T)/2 every 300 µs), while the queue that kept the
 * link busy drains: the link idles for a time of the order of the timer that does not grow with the
 * bytes: a delay D, not a rate. At ρ → 1 nothing queues, B₀ → ∞: no cut.
 *
 * <p><b>From the table.</b> D is read from the row's incasts (one switch, 1 MiB per sender split
 * over m flows): D(ρ, m) = T(ρ)·(1/u(ρ, m) − 1), u read as the rate model reads it and T(ρ) = ρ·B_s/c_s
 * the ideal time of the scenario of that degree (B_s = 1 MiB, c_s the scenarios' payload rate), so
 * the episode of R bytes on a link of c takes R/c + D and the link runs at (R/c)/(R/c + D): at the
 * scenario's own bytes, u(k, m) exactly. O(1) per call: one square root and the grid's logarithms.
 */
final class DcqcnDelays {
    private final double[] utilisation;
    private final double kminBytes;
    private final double rampBytes;
    /** 2·ΔK·MTU / Pmax: x² per unit of ρ·m·(ρ − 1). */
    private final double markSquareBytes;

    /** The delays of a row's {@code utilisation} (the {@link FabricBehaviour} layout; its first block is read). */
    DcqcnDelays(double[] utilisation) {
        PacketConfig config = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND);
        Dcqcn dcqcn = config.dcqcn();
        this.utilisation = utilisation;
        kminBytes = dcqcn.kminBytes();
        rampBytes = dcqcn.kmaxBytes() - dcqcn.kminBytes();
        markSquareBytes = 2 * rampBytes * config.mtuBytes() / dcqcn.pmax();
    }

    /** B₀: the bytes each sender sends before its flows' first cut, at overload ρ and m flows per sender. */
    double onsetBytesPerSender(double overload, double flowsPerSender) {
        if (overload <= 1) {
            return Double.POSITIVE_INFINITY;
        }
        double growth = overload - 1;
        double x = Math.min(rampBytes, Math.sqrt(markSquareBytes * overload * flowsPerSender * growth));
        return (kminBytes + x) / growth;
    }

    /** D(ρ, m, L̄, B), seconds: the convergence delay of an episode past the onset. */
    double delaySeconds(double overload, double flowsPerSender, double pathLinks, double bytesPerSender) {
        return UtilisationGrid.delaySecondsAt(utilisation, overload, flowsPerSender, pathLinks, bytesPerSender);
    }

    /**
     * The capacity factor of an episode of overload ρ = {@code overload}, m = {@code flowsPerSender},
     * that brings {@code episodeBytes} to a link of {@code bytesPerSecond}, {@code bytesPerSender} from
     * each sender: 1 up to the onset, (R/c)/(R/c + D) past it.
     */
    double capacityFactor(double overload, double flowsPerSender, double pathLinks, double bytesPerSender,
            double episodeBytes, double bytesPerSecond) {
        if (bytesPerSender <= onsetBytesPerSender(overload, flowsPerSender)) {
            return 1;
        }
        double idealSeconds = episodeBytes / bytesPerSecond;
        return idealSeconds / (idealSeconds + delaySeconds(overload, flowsPerSender, pathLinks, bytesPerSender));
    }
}
