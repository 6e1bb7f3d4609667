package org.fabricsim.runtime.packet;

/**
 * InfiniBand congestion control's parameters (InfiniBand Architecture Specification Vol. 1, Annex A10), as the
 * Linux hfi1 driver runs the channel adapter's side ({@code drivers/infiniband/hw/hfi1}: {@code process_becn} in
 * {@code rc.c}, {@code set_link_ipg} and {@code cca_timer_fn} in {@code init.c}).
 *
 * <p>Switch: a packet leaving an egress queue of more than {@code thresholdBytes} is marked FECN (Marking_Rate 0
 * and Packet_Size 0: every packet is eligible), unless the port is only a victim of congestion further on: the
 * specification tells a root of congestion (the queue is over its threshold while the port has credits to send)
 * from a victim (over the threshold because the port lacks link credits: the next hop is congested and holds them
 * back), and a switch marks at a victim port only if that port's bit of the SwitchCongestionSetting's Victim_Mask
 * is set (Annex A10, SwitchCongestionSetting attribute, A10.4.3.6: a 256-bit Victim_Mask with the Credit_Mask
 * and Threshold; the OpenIB diagnostics' {@code ibccconfig SwitchCongestionSetting <controlmap> <victimmask>
 * <creditmask> ...} sets it; the attribute's layout, 32-bit Control_Map, 256-bit Victim_Mask and Credit_Mask,
 * is the OpenFabrics ibcc tools' {@code ccSWCongestionSetting}; the rule is paraphrased, the specification's own
 * text was not at hand). The mask is meant for ports that face channel adapters: an HCA that is slow to
 * return credits is itself the root of the congestion it causes, and only the switch port in front of it can say
 * so; a credit-starved port between switches is a victim whose marks would throttle flows that do not cross the
 * root. Here a port is a victim for a departure when it waited with packets queued and no credit since its last
 * departure ({@link VictimMask}). Destination: every FECN-marked packet is answered with a BECN,
 * which reaches the source one feedback delay later. Source, per flow (a QP): a BECN raises the congestion
 * control table index, CCTI ← min(CCTI + CCTI_Increase, CCTI_Limit), and starts the CCTI timer if it is not
 * running; each time the timer expires, CCTI ← CCTI − 1 if above CCTI_Min, and it restarts while CCTI is above
 * CCTI_Min. The table entry CCT[CCTI] = (shift s, multiplier m) sets the injection rate delay between packets,
 * IRD = packet time × m / 2^s, so the flow sends at line × 1 / (1 + m / 2^s).
 *
 * <p>The table: entry i = (s = {@code cctShift}, m = i), a linear table whose step is the finest the entry's
 * 2-bit shift allows (1/8 of a packet time at s = 3). Assumed: the specification leaves the table to the subnet
 * manager and OpenSM's default table is empty (congestion control off); studies of IB CC fill 128 entries.
 *
 * @param thresholdBytes FECN marking starts above this egress queue, bytes
 * @param cctiIncrease   CCTI_Increase, table entries added per BECN, at least 1
 * @param cctiLimit      CCTI_Limit, the last table index, 1 to 16383
 * @param cctiMin        CCTI_Min, the index the timer stops at, below cctiLimit
 * @param cctiTimerPs    CCTI_Timer, the period of one index decrease, picoseconds (the specification counts
 *                       it in units of 1.024 µs)
 * @param cctShift       the shift of every table entry, 0 to 3
 * @param victimMask     which credit-starved ports still mark
 */
public record IbCc(long thresholdBytes, int cctiIncrease, int cctiLimit, int cctiMin, long cctiTimerPs,
        int cctShift, VictimMask victimMask) {
    /** One unit of CCTI_Timer: 1.024 µs. */
    public static final long TIMER_UNIT_PS = 1_024_000L;

    public IbCc {
        if (thresholdBytes < 0 || cctiIncrease < 1 || cctiLimit < 1 || cctiLimit > 16383 || cctiMin < 0
                || cctiMin >= cctiLimit || cctiTimerPs <= 0 || cctShift < 0 || cctShift > 3 || victimMask == null) {
            throw new IllegalArgumentException("InfiniBand congestion control parameters out of range");
        }
    }

    /**
     * Threshold 64 KiB (16 packets of 4 KiB; the specification's 4-bit Threshold maps to queue levels the switch
     * chooses: assumed), CCTI_Increase 1, CCTI_Limit 127 (a 128-entry table), CCTI_Min 0, CCTI_Timer 10 × 1.024
     * µs, shift 3 (assumed, see the class comment), the Victim_Mask set on the ports that face end nodes.
     */
    public static IbCc defaults() {
        return new IbCc(64 << 10, 1, 127, 0, 10 * TIMER_UNIT_PS, 3, VictimMask.END_NODE_PORTS);
    }

    /**
     * The Victim_Mask bits of every switch: set on the ports whose link leads to an end node (a channel adapter,
     * the specification's intended use), or on every port (a credit-starved port marks as a root does).
     */
    public enum VictimMask { END_NODE_PORTS, ALL_PORTS }

    /** Copies these parameters with {@code value} as the Victim_Mask. */
    public IbCc withVictimMask(VictimMask value) {
        return new IbCc(thresholdBytes, cctiIncrease, cctiLimit, cctiMin, cctiTimerPs, cctShift, value);
    }

    /** The fraction of line rate a flow at table index {@code ccti} sends at: 2^s / (2^s + ccti). */
    public double rateFraction(int ccti) {
        double scale = 1 << cctShift;
        return scale / (scale + ccti);
    }
}
