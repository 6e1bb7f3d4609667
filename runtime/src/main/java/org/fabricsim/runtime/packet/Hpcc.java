package org.fabricsim.runtime.packet;

/**
 * HPCC's parameters (Li et al., "HPCC: High Precision Congestion Control", SIGCOMM 2019), with the
 * defaults of the paper and of its ns-3 simulator (alibaba-edu/High-Precision-Congestion-Control,
 * {@code simulation/run.py}, case {@code hp}).
 *
 * <p>The reaction to an acknowledgement carrying in-band telemetry of every hop j (egress queue
 * qlen_j, bytes sent txBytes_j, timestamp ts_j, line rate B_j), against the previous one of the
 * same flow: u_j = (ΔtxBytes_j / Δts_j) / B_j + min(qlen_j, qlen'_j) / (B_j·T), with T the flow's
 * base round trip; U_max = max_j u_j with its τ = Δts_j (at most T); the flow's utilisation estimate
 * U ← (U·(T − τ) + U_max·τ) / T. With k = U / η: if k ≥ 1 or the increase stage has reached
 * {@code maxStage}, R = R_c / k + R_AI (multiplicative decrease, stage 0); otherwise R = R_c + R_AI
 * (stage + 1); R is bounded to [R_min, line rate]. R_c and the stage are kept once per round trip
 * (the first acknowledgement past the highest sequence sent at the last update); the acknowledgements in
 * between set R from the same R_c without keeping it (the paper's per-ACK fast reaction). The sender
 * keeps at most W = R·T bytes unacknowledged (the paper's window, R = W / T; W_init = B·T at line
 * rate B), so its first round trip puts one bandwidth-delay product in flight ({@link HpccSender#windowEndSeq}).
 *
 * @param eta                 target utilisation η, in (0, 1]
 * @param maxStage            additive increases before a multiplicative step is forced
 * @param additiveBytesPerSecond R_AI (the paper's W_AI as a rate: W_AI per base round trip)
 * @param minBytesPerSecond   R_min
 */
public record Hpcc(double eta, int maxStage, double additiveBytesPerSecond, double minBytesPerSecond) {
    /** Hops of telemetry a packet carries at most (ns-3's {@code IntHeader::maxHop}); later hops are not recorded. */
    static final int MAX_HOPS = 5;

    /**
     * η = 0.95 and maxStage = 5 (the paper, §3.3 and §5); R_AI = 10 Mb/s per 25 Gb/s of line rate
     * (ns-3 {@code run.py}: {@code ai = 10 * bw / 25}); R_min = 1 Gb/s ({@code MIN_RATE 1000Mb/s}).
     */
    public Hpcc {
        if (!(eta > 0 && eta <= 1) || maxStage < 0 || !(additiveBytesPerSecond > 0) || !(minBytesPerSecond > 0)) {
            throw new IllegalArgumentException("HPCC needs eta in (0, 1], maxStage >= 0 and positive rates");
        }
    }

    public static Hpcc defaults(double lineBytesPerSecond) {
        double per25G = lineBytesPerSecond / (25e9 / 8);
        return new Hpcc(0.95, 5, 10e6 / 8 * per25G, 1e9 / 8);
    }
}
