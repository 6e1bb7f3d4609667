package org.fabricsim.runtime.fabricbehaviour;

import org.fabricsim.runtime.network.ChoiceHashing;
import org.fabricsim.runtime.network.ContentionModel;
import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.Graph;

/**
 * A {@link FabricBehaviour} on one cluster ({@link FabricBehaviour#on}): scale-up links keep their capacity,
 * the multipath factor applies between switches, and each link's buffers are its switches'.
 *
 * <p><b>Buffers.</b> Drops' and head-of-line blocking's are {@link SwitchBuffers}'. DCQCN's stall ({@link DcqcnStall}):
 * the queue of link L sits on its sending switch, which admits n_in × what one ingress holds before backpressure (PFC S
 * / 9 + reserve, a credit; {@link FabricBehaviour#ingressAdmittedBytes}), or α·S / (1 + α) on a lossy or trimming
 * switch; a NIC's link has no switch queue, so it never stalls. A DCQCN row's saturated link runs at the smaller of
 * m_p·u and the stall's factor: the incasts the table measured past Kmax already hold their stall in u, and m_p holds
 * the permutation's cuts recovering on the same timer τ_i (the table's permutation never stalls in the flow model, so
 * m_p is what it was measured as), so they are alternatives, not a
 * product. IB CC's overshoot and timer recovery ({@link
 * IbCcRecovery}) reads the same admitted queue, and an ib-cc row's saturated link runs at the smaller of u and its
 * factor, for the same reason (the table's incasts hold the overshoot they measured, and the later oscillations
 * the recovery leaves out), at an overload of at most n_in: its queue grows only as fast as its input links bring
 * bytes, each assumed at most the link's own rate (a spine's downlink fed by one uplink is never overloaded, though
 * its flows' senders offer it more: without the bound the table's 8:1 incast across an uplink, u = 0.9985, read
 * 0.826 there). A link one flow saturates runs it at HPCC's η + R_AI / B under HPCC ({@link HpccLinks}), whole
 * under the others; under HPCC with spraying a class that crosses a link between switches with part of its flow's
 * packets leaves it unread ({@link HpccLinks#crossesUnread}). The flows left in an ib-cc episode that opened with
 * more inherit the crowd's index and the queue behind its last
 * byte ({@link IbCcRecovery#inheritedCapacityFactor}), read with the episode's opening overload, flows and input
 * links, and the same admitted queue; in a DCQCN episode they inherit the rate the crowd's CNPs cut them to, held
 * until their increase timer fires ({@link DcqcnInheritedCut}), taken as the smaller of it and m_p·u (both hold
 * DCQCN's cuts); both read a sprayed link group as one member carrying its share. An ib-cc row's class, and a DCQCN
 * row's whose switches admit past Kmax, offers a switch link at most its share of the link before it ({@link
 * #offersInputShare}): a spine downlink fed by saturated uplinks is not read as overloaded.
 * DCQCN below Kmax: where a DCQCN row's queue stays in the marking band ({@link DcqcnStall#belowKmax}) at an
 * overload past the table's last degree whose own incast stays there too, u is that incast's delay held ({@link
 * DcqcnStall#heldDelayFactor}), not the rate read toward incasts past Kmax (at 1 MiB per sender: a DCQCN row
 * measures that size, its other blocks copy it).
 * A lossy ib-cc row reads its table's drop points as its scenarios' drops, not a rate ({@link LossyIbCcGrid}), and
 * the queues a DCQCN or ib-cc row's switches admit, with a link group's member they are read on, are {@link
 * AdmittedQueues}'.
 * Under receiver-driven pull with adaptive routing a flow with room on its uplink follows its hash, and a link past
 * the choice runs at the expected imbalance of the hashes for its episode ({@link #choiceHashing}, {@link PulledHashes}).
 * A go-back-N row that reorders charges the bytes a link past every choice delivers while two inputs feed it ({@link
 * #sharedInputFactor}, {@link GoBackNReordering}), a sprayed group's as one member carrying its share.
 * Per-link arrays built once, O(links); every call O(1) besides the behaviour's own reading.
 */
final class TopologyContention implements ContentionModel {
    private final FabricBehaviour behaviour;
    private final Graph graph;
    private final boolean[] scaleUp;
    private final boolean[] multipath;
    /** What each link's switches hold before they drop or block it. */
    private final SwitchBuffers buffers;
    private final DropTimeouts drops;
    /** DCQCN's stall; null for every other congestion control. */
    private final DcqcnStall stall;
    /** DCQCN's rate cut that the flows left in an episode inherit; null for every other congestion control. */
    private final DcqcnInheritedCut inheritedCut;
    /** IB CC's overshoot and timer recovery; null for every other congestion control. */
    private final IbCcRecovery recovery;
    /** A lossy ib-cc row's grids ({@link LossyIbCcGrid}); null for every other row. */
    private final LossyIbCcGrid lossyGrid;
    /** A DCQCN or ib-cc row's switch queues; null for every other row. */
    private final AdmittedQueues queues;
    /** DCQCN: the table's last degree whose incast admits at most Kmax ({@link DcqcnStall#lastDegreeBelowKmax}). */
    private final int belowKmaxDegree;
    private final boolean oneBlock;
    /** What HPCC makes of the links: a lone flow's share, pacing, blind links and colliding hashes. */
    private final HpccLinks hpcc;
    /** Where a pulled flow with room on its uplink follows its hash ({@link PulledHashes}); null elsewhere. */
    private final PulledHashes pulledHashes;
    /** Per link handle, whether go-back-N's reordering is charged on it ({@link GoBackNReordering#pastTheChoice}). */
    private final boolean[] reorders;

    TopologyContention(FabricBehaviour behaviour, ClusterTopology topology) {
        this.behaviour = behaviour;
        this.graph = topology.graph();
        scaleUp = ScaleUpLinks.of(topology);
        multipath = new boolean[graph.linkCount()];
        for (int link = 0; link < multipath.length; link++) {
            multipath[link] = graph.joinsSwitches(link);
        }
        drops = behaviour.dropsOnOverflow() ? new DropTimeouts(behaviour.oneFlowPerSender()) : null;
        buffers = new SwitchBuffers(behaviour, topology, multipath, drops != null);
        oneBlock = behaviour.sameAtEveryPathAndSize();
        hpcc = new HpccLinks(behaviour, topology);
        pulledHashes = PulledHashes.followsHash(behaviour.key().congestionControl(), behaviour.key().routing())
                ? new PulledHashes(graph) : null;
        boolean dcqcn = behaviour.key().congestionControl() == CongestionControl.DCQCN;
        boolean ibCc = behaviour.key().congestionControl() == CongestionControl.INFINIBAND;
        PacketConfig scenario = PacketConfig.roce(TrafficPattern.LINE_BYTES_PER_SECOND);
        stall = dcqcn ? new DcqcnStall(behaviour.dcqcn(), TrafficPattern.LINE_BYTES_PER_SECOND
                * scenario.payloadEfficiency(), scenario.mtuBytes()) : null;
        inheritedCut = dcqcn ? new DcqcnInheritedCut(behaviour.dcqcn(), TrafficPattern.LINE_BYTES_PER_SECOND
                * scenario.payloadEfficiency(), scenario.mtuBytes()) : null;
        recovery = ibCc ? new IbCcRecovery(behaviour.ibCc(), scenario.mtuBytes()) : null;
        lossyGrid = ibCc && behaviour.key().flowControl() == BehaviourKey.FlowControl.LOSSY
                ? new LossyIbCcGrid(behaviour.utilisation(), recovery, TrafficPattern.LINE_BYTES_PER_SECOND
                        * scenario.payloadEfficiency(), DropTimeouts.DROP_FREE_QUEUE_BYTES) : null;
        double scenarioSwitchBytes = scenario.buffer().switchBytes();
        queues = dcqcn || ibCc ? new AdmittedQueues(behaviour, topology, scenarioSwitchBytes) : null;
        reorders = behaviour.reordering().reorders() ? GoBackNReordering.pastTheChoice(graph) : null;
        belowKmaxDegree = dcqcn ? stall.lastDegreeBelowKmax(FabricBehaviour.INCAST_DEGREES,
                behaviour.ingressAdmittedBytes(scenarioSwitchBytes)) : 0;
    }

    /**
     * The measured factor ({@link #measuredFactor}), on a link HPCC sees no more than its pacing of the link's flows
     * ({@link HpccLinks#paced}); 1 on a scale-up link. What the classes HPCC does not read bring is the reading's. An
     * HPCC link whose flows sit at the rate floor reads the table's most crowded incast ({@link HpccLinks#atRateFloor}).
     */
    @Override
    public double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
            double episodeBytesPerSender, double episodeBytes, int inputLinks) {
        if (link < scaleUp.length && scaleUp[link]) {
            return 1;
        }
        boolean betweenSwitches = multipath[graph.firstMember(link)];
        boolean floor = hpcc.atRateFloor(link, flowsPerSender, episodeBytesPerSender, episodeBytes);
        return hpcc.paced(link, measuredFactor(link, floor ? UtilisationGrid.CROWDED_DEGREE : overload,
                floor ? UtilisationGrid.CROWDED_FLOWS_PER_SENDER : flowsPerSender, pathLinks, episodeBytesPerSender,
                episodeBytes, inputLinks, betweenSwitches), floor, flowsPerSender, pathLinks, episodeBytesPerSender,
                episodeBytes);
    }

    private double measuredFactor(int link, double overload, double flowsPerSender, double pathLinks,
            double episodeBytesPerSender, double episodeBytes, int inputLinks, boolean betweenSwitches) {
        double m = overload > 1 && betweenSwitches ? behaviour.multipathFactor() : 1;
        double[] utilisation = lossyGrid == null ? behaviour.utilisation()
                : lossyGrid.onLink(queues, graph, link, overload, flowsPerSender, episodeBytesPerSender, episodeBytes,
                        inputLinks);
        if (drops != null) {
            double admitted = buffers.admittedBytes(link);
            return m * drops.capacityFactor(overload, episodeBytes, graph.linkBytesPerSecond(link), admitted);
        }
        double rate = oneBlock ? UtilisationGrid.inBlock(utilisation, 0, overload, flowsPerSender)
                : UtilisationGrid.at(utilisation, overload, flowsPerSender, pathLinks, episodeBytesPerSender);
        if (queues == null) {
            return m * rate;
        }
        int physical = queues.physical(link);
        double admitted = queues.bytes(physical, inputLinks);
        double bytesPerSecond = graph.linkBytesPerSecond(physical);
        if (stall != null && m < 1 && stall.neverPastKmax(admitted, bytesPerSecond)
                && !stall.cutBelowShare(admitted / queues.spreadOver(link, link < multipath.length && multipath[link]),
                        overload, flowsPerSender, episodeBytesPerSender / flowsPerSender, bytesPerSecond)) {
            m = 1;
        }
        if (queues.isGroup(link)) {
            return m * rate;
        }
        double flows = flowsPerSender * episodeBytes / episodeBytesPerSender;
        if (stall != null && belowKmaxDegree > 0 && overload > belowKmaxDegree
                && stall.belowKmax(overload, episodeBytes, admitted, bytesPerSecond)) {
            double senderBytes = FabricBehaviour.SENDER_BYTES[0];
            rate = stall.heldDelayFactor(belowKmaxDegree, UtilisationGrid.at(utilisation, belowKmaxDegree,
                    flowsPerSender, pathLinks, senderBytes), senderBytes, episodeBytes / bytesPerSecond);
        }
        return stall != null
                ? Math.min(m * rate, stall.capacityFactor(overload, flows, episodeBytes, bytesPerSecond, admitted))
                : m * Math.min(rate, recovery.capacityFactor(Math.min(overload, inputLinks), flows, episodeBytes,
                        bytesPerSecond, admitted));
    }

    /**
     * The factor of the flows left in an episode that opened with more, read with the opening overload bounded by its
     * input links and the queue its switch admits for them, as {@link #saturatedCapacityFactor} reads them; 1 where
     * nothing is inherited, for every other congestion control, a NIC's link and a scale-up link. A sprayed link
     * group of g members, each of capacity c, is read as one member carrying N₀/g and N₂/g flows and R₂/g bytes:
     * spraying sends 1/g of every flow's packets through each member, so every member's FIFO queue holds the same
     * mix, fills, drains and marks alike.
     * <ul>
     * <li>An ib-cc row's ({@link IbCcRecovery#inheritedCapacityFactor}), with the queue one member admits, times the
     * multipath factor where that applies. A flow at rate r crosses each member at r/g, and its index rises by I per
     * marked packet it sends through any of them, I·r/MTU − 1/τ, with r = g·c/N₀ under the crowd: one member's rise
     * with N₀/g flows, I·c/((N₀/g)·MTU) − 1/τ, and after it the same with N₂/g (docs/fabric-behaviour.md, "IB CC's
     * inherited index on sprayed links"). O(1).
     * <li>A DCQCN row's ({@link DcqcnInheritedCut}), with its share 1/g of the admitted queue, and not times the
     * multipath factor: the link gives the smaller of the two, since m_p was measured on a permutation whose loss is
     * DCQCN's own rate cuts recovering on the same timer (the rows without DCQCN read 0.999), as the stall and u are
     * alternatives. O(increase steps).
     * </ul>
     */
    @Override
    public double inheritedCapacityFactor(int link, double openingOverload, double openingFlows,
            int openingInputLinks, double elapsedSeconds, double flows, double remainingBytes) {
        if (hpcc.inherits()) {
            return link < scaleUp.length && scaleUp[link] ? 1
                    : hpcc.inheritedFactor(link, openingFlows, flows, remainingBytes);
        }
        if (queues == null || recovery == null && inheritedCut == null || openingInputLinks == 0
                || link < scaleUp.length && scaleUp[link]) {
            return 1;
        }
        int physical = queues.physical(link);
        double members = queues.members(link);
        double inputOverload = Math.min(openingOverload, openingInputLinks);
        double bytesPerSecond = graph.linkBytesPerSecond(physical);
        double queueBytes = queues.bytes(physical, openingInputLinks);
        if (inheritedCut != null) {
            return inheritedCut.capacityFactor(inputOverload, openingFlows / members, elapsedSeconds, flows / members,
                    remainingBytes / members, bytesPerSecond, queueBytes / members);
        }
        double factor = recovery.inheritedCapacityFactor(inputOverload, openingFlows / members, elapsedSeconds,
                flows / members, remainingBytes / members, bytesPerSecond, queueBytes);
        return factor == 1 ? 1 : (multipath[physical] ? behaviour.multipathFactor() : 1) * factor;
    }

    /**
     * A class offers a switch link at most its fair share of the link before it ({@link
     * ContentionModel#offersInputShare}) where no input of an egress FIFO is held: a queue fed by saturated links then
     * grows only as fast as they bring its flows' bytes (IB CC marks only past its threshold). A DCQCN row's
     * switches hold no input where even two inputs admit past Kmax, 2·B_in &gt; Kmax (no table degree is held
     * at or below Kmax, {@link DcqcnStall#lastDegreeBelowKmax}: PFC 2 × 1.40 MB, lossy and trimming unbounded, against
     * 1.6 MB): DCQCN's marks, not backpressure, bound the queue, each input holding at most Kmax / 2 &lt; B_in. Where
     * 2·B_in ≤ Kmax (credits, 2 × 256 KiB) backpressure holds an input first, and a held input throttles its whole
     * link before (credits' head of line), which the solve lacks (docs/fabric-behaviour.md, "DCQCN's adaptive
     * all-to-all: input shares where no input is held").
     */
    @Override
    public boolean offersInputShare() {
        return recovery != null || stall != null && belowKmaxDegree == 0;
    }

    /** An ib-cc or DCQCN row's flows inherit the state of the crowd an episode opened with; no other row's do. */
    @Override
    public boolean inheritsState() {
        return recovery != null || inheritedCut != null || hpcc.inherits();
    }

    /** A DCQCN or HPCC row's flows left are cut while the crowd thins: the newest answer holds. */
    @Override
    public boolean reasksInherited() {
        return inheritedCut != null || hpcc.inherits();
    }

    @Override
    public double smallestFactor() {
        return buffers.blocks() ? 0 : smallestReadingFactor();
    }

    /** {@link #smallestFactor} but for head-of-line blocking, which a finite buffer adds (0 then). */
    @Override
    public double smallestReadingFactor() {
        return drops == null && stall == null && recovery == null && pulledHashes == null
                ? Math.min(hpcc.smallestLoneFlowFactor(), behaviour.smallestFactor())
                        / behaviour.reordering().slowdown()
                : 0;
    }

    @Override
    public boolean leavesLinksUnread() {
        return hpcc.leavesLinksUnread();
    }

    @Override
    public boolean crossesUnread(int link, int firstLink, int lastLink) {
        return hpcc.crossesUnread(link, firstLink, lastLink);
    }

    @Override
    public boolean chargesSharedInputs() {
        return reorders != null;
    }

    @Override
    public double sharedInputFactor(int link, double episodeBytes, double sharedBytes) {
        int members = graph.groupSize(link);
        return reorders[link] ? behaviour.reordering().factor(episodeBytes / members, sharedBytes / members) : 1;
    }

    /**
     * A scale-up link keeps its capacity; any other runs a lone flow at HPCC's share of it ({@link
     * HpccLinks#loneFlowFactor}: under adaptive HPCC a colliding flow's on an uplink whose flow likely shares its
     * hashed uplink), whole under the others. The siblings' flows are read when the link's component is solved.
     */
    @Override
    public double loneFlowCapacityFactor(int link, long[] flowsOnLink) {
        if (link < scaleUp.length && scaleUp[link]) {
            return 1;
        }
        return hpcc.loneFlowFactor(link, flowsOnLink);
    }

    @Override
    public ChoiceHashing choiceHashing() {
        return pulledHashes;
    }

    @Override
    public double backlogBufferBytes(int link) {
        return buffers.backlogBytes(link);
    }
}
