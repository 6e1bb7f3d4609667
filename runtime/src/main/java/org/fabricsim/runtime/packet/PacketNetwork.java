package org.fabricsim.runtime.packet;

import java.util.List;

import org.fabricsim.runtime.network.FlowListener;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.network.NetworkStatistics;
import org.fabricsim.runtime.packet.PacketConfig.FlowControl;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;

/**
 * The packet-level network model: every flow is cut into packets of the MTU plus headers, which
 * NICs inject at line rate, links serialize (wire bytes / rate) and propagate (the link latency),
 * and switches queue per output port and priority in a shared buffer under the configured flow
 * control, ECN, routing, loss, recovery and congestion control. Behind {@link NetworkModel}, so
 * collectives and training steps run on it unchanged.
 *
 * <p><b>Events</b> are int words (type in the low {@value #TYPE_BITS} bits, a link, queue, packet or flow handle
 * above) ordered by time in picoseconds ({@link EventQueue}: fixed-delay events in FIFO lanes, the
 * rest in a 4-ary heap); the model is the simulation's {@link org.fabricsim.runtime.sim.TimeSource}.
 * A packet crossing a link costs two events (end of serialization, arrival), each O(1) in a lane;
 * nothing is allocated per packet.
 *
 * <p><b>Finish times.</b> A flow class finishes when its last packet has been delivered; the time
 * reported is that arrival minus the path's propagation latency, because callers add the path
 * latency themselves (the {@link NetworkModel} convention). The per-hop store-and-forward of the
 * last packet remains in it. A late duplicate of a flow already delivered goes straight to its receiver,
 * which discards it, without loading the rest of its path. Deterministic for a seed: one {@link java.util.SplittableRandom}
 * (the simulation's) draws ECN marks, bit errors and spraying choices.
 */
public final class PacketNetwork implements NetworkModel {
    static final int TX_DONE = 0;
    static final int ARRIVE = 1;
    static final int NIC_WAKE = 2;
    static final int PAUSE = 3;
    static final int RESUME = 4;
    static final int CREDIT = 5;
    static final int NACK = 6;
    static final int CNP = 7;
    static final int TIMEOUT = 8;
    static final int ALPHA = 9;
    static final int DECREASE = 10;
    static final int INCREASE = 11;
    static final int TRIM_NACK = 12;
    static final int ACK = 13;
    static final int BECN = 14;
    static final int CCTI_TIMER = 15;
    static final int PULL_TICK = 16;
    static final int PULL = 17;
    /** Bits of an event word that hold its type; the handle is above them. */
    static final int TYPE_BITS = 5;
    private static final int TYPE_MASK = (1 << TYPE_BITS) - 1;

    private final Simulation simulation;
    private final Graph graph;
    final PacketConfig config;
    private final EventQueue events = new EventQueue();
    final Packets packets = new Packets();
    private final SwitchBuffers buffers;
    private final Transport transport;
    private final NextHops nextHops;
    private final FlowClasses classes;
    private final PortStatistics ports;
    private final int priorities;
    private final double[] psPerByte;
    private final boolean[] busy;
    private final PortGates gates;
    private final boolean[] fromSwitchOnly;
    private final boolean telemetry;
    /** Whether packets carry their flow's path (PATH routing). */
    private final boolean carriesPaths;
    private FlowListener listener = (tag, finishPs) -> { };
    private long packetHops;
    private long cnps;
    /** How far along its lane {@link #prefetch} reads ahead, in events. */
    private static final int LOOKAHEAD = 8;
    /** The sum of the loads {@link #prefetch} makes, kept so that the compiler keeps them. */
    private int touched;

    public PacketNetwork(Simulation simulation, Graph graph, PacketConfig config) {
        this.simulation = simulation;
        this.graph = graph;
        this.config = config;
        this.priorities = config.priorities();
        int links = graph.linkCount();
        buffers = new SwitchBuffers(graph, config, packets);
        double[] lineBytesPerSecond = new double[links];
        for (int link = 0; link < links; link++) {
            lineBytesPerSecond[link] = graph.linkBytesPerSecond(link);
        }
        transport = new Transport(this, config, lineBytesPerSecond);
        telemetry = config.congestionControl() == PacketConfig.CongestionControl.HPCC;
        if (telemetry) {
            packets.recordTelemetry();
        }
        if (config.congestionControl() == PacketConfig.CongestionControl.SWIFT) {
            packets.recordSendTimes();
        }
        carriesPaths = config.routing() == PacketRouting.PATH;
        if (carriesPaths) {
            packets.fitPath(4);
        }
        nextHops = new NextHops(graph, config.routing(), buffers);
        classes = new FlowClasses(graph, config);
        ports = new PortStatistics(links, priorities);
        psPerByte = new double[links];
        busy = new boolean[links];
        gates = new PortGates(this, graph, buffers, ports);
        fromSwitchOnly = new boolean[links];
        for (int link = 0; link < links; link++) {
            psPerByte[link] = 1e12 / graph.linkBytesPerSecond(link);
            fromSwitchOnly[link] = graph.nodeKind(graph.linkFrom(link)) == Graph.SWITCH;
        }
    }

    /**
     * A network with the RoCE defaults at the graph's fastest link rate ({@link PacketConfig#roce}),
     * after checking that a run moving {@code totalBytes} over paths of up to {@code maxPathLinks}
     * links fits the default {@link RunLimits} ({@link PacketRunTooLargeException} otherwise).
     */
    public static PacketNetwork roce(Simulation simulation, Graph graph, double totalBytes, int maxPathLinks) {
        return of(simulation, graph, PacketFabric.ROCE, totalBytes, maxPathLinks);
    }

    /**
     * A network of {@code fabric} at the graph's fastest link rate ({@link PacketFabric#at}), after the same
     * check of the run's size against the default {@link RunLimits}.
     */
    public static PacketNetwork of(Simulation simulation, Graph graph, PacketFabric fabric, double totalBytes,
            int maxPathLinks) {
        double fastest = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            fastest = Math.max(fastest, graph.linkBytesPerSecond(link));
        }
        PacketConfig config = fabric.at(fastest);
        RunEstimate.of(config, graph, totalBytes, 0, maxPathLinks).check(config.limits());
        return new PacketNetwork(simulation, graph, config);
    }

    @Override
    public int start(int[] path, int length, double bytesPerFlow, int multiplicity, int tag) {
        return start(path, length, bytesPerFlow, multiplicity, tag, 0);
    }

    /** As {@link #start(int[], int, double, int, int)}, on priority class {@code priority} (0 the highest). */
    public int start(int[] path, int length, double bytesPerFlow, int multiplicity, int tag, int priority) {
        if (priority < 0 || priority >= priorities) {
            throw new IllegalArgumentException("priority " + priority + " outside 0.." + (priorities - 1));
        }
        int handle = classes.open(path, length, bytesPerFlow, multiplicity, tag, nowPs());
        if (carriesPaths) {
            packets.fitPath(length);
        }
        for (int i = 0; i < multiplicity; i++) {
            int flow = transport.flows.allocate(transport::grow);
            classes.initFlow(transport.flows, flow, handle, i, priority, graph.linkBytesPerSecond(path[0]),
                    simulation.random().nextInt());
            transport.activate(flow);
            tryTransmit(path[0]);
        }
        return handle;
    }

    @Override
    public void setListener(FlowListener value) {
        listener = value;
    }

    @Override
    public long nextEventPs() {
        return events.isEmpty() ? NONE : events.peekTimePs();
    }

    @Override
    public void fire(Simulation context) {
        int word = events.pop();
        int id = word >>> TYPE_BITS;
        int type = word & TYPE_MASK;
        prefetch(type);
        switch (type) {
            case TX_DONE -> {
                busy[id] = false;
                tryTransmit(id);
            }
            case ARRIVE -> arrive(id);
            case NIC_WAKE -> transport.nics.onWake(id);
            case PAUSE -> gates.pause(id);
            case RESUME, CREDIT -> {
                gates.reopen(type, id);
                tryTransmit(id / priorities);
            }
            case NACK -> transport.onNack(id);
            case TIMEOUT -> transport.onTimeout(id);
            case TRIM_NACK -> transport.onTrimNack(id);
            case ACK -> transport.onAck(id);
            case BECN, CCTI_TIMER -> transport.senders.ibCc.fire(type, id);
            case PULL_TICK -> transport.senders.pulls.tick(id);
            case PULL -> transport.senders.pulls.onPull(id);
            default -> CongestionEvents.fire(this, transport, type, id);
        }
    }

    /**
     * Reads ahead, so that the memory system fetches it while this event runs: after an arrival, the record of
     * the packet that arrives {@value #LOOKAHEAD} arrivals later on the same lane; after a transmission's end,
     * the head of the queue that a later transmission's end serves. These records waited long enough to leave
     * the cache (a packet crosses a link while thousands of other events run), and the loads are independent
     * of this event's work, so their misses overlap it instead of stalling the later event. Changes nothing
     * but the time: the loads' sum goes to {@link #touched}, read by nothing. O(1).
     */
    private void prefetch(int type) {
        int later = type == ARRIVE || type == TX_DONE ? events.laterInLane(LOOKAHEAD) : -1;
        if (later < 0 || (later & TYPE_MASK) != type) {
            return;
        }
        int id = later >>> TYPE_BITS;
        if (type == ARRIVE) {
            touched += packets.link(id);
        } else if (fromSwitchOnly[id]) {
            int head = buffers.head[id * priorities];
            touched += head < 0 ? 0 : packets.link(head);
        }
    }

    double random() {
        return simulation.random().nextDouble();
    }

    long nowPs() {
        return simulation.nowPs();
    }

    void schedule(long atPs, int type, int id) {
        events.push(atPs, id << TYPE_BITS | type);
    }

    /** Schedules an event {@code delayPs} from now (a fixed delay: it goes to a FIFO lane of the {@link EventQueue}). */
    void scheduleAfter(long delayPs, int type, int id) {
        events.pushAfter(nowPs(), delayPs, id << TYPE_BITS | type);
    }

    int nodeCount() {
        return graph.nodeCount();
    }

    double lineRate(int link) {
        return graph.linkBytesPerSecond(link);
    }

    long feedbackPs(int flow) {
        return classes.feedbackPs(transport.flows.flowClass[flow]);
    }

    long roundTripPs(int flow) {
        return classes.roundTripPs(transport.flows.flowClass[flow]);
    }

    void countCnp() {
        cnps++;
    }

    /**
     * Copies onto {@code packet}, just made by {@code flow}, what forwarding reads: the flow's priority
     * and destination, under PATH routing its path and under Swift the time. O(path length).
     */
    void carry(int packet, int flow) {
        Flows flows = transport.flows;
        packets.setPriority(packet, flows.priority[flow]);
        packets.setDestination(packet, flows.destination[flow]);
        if (carriesPaths) {
            int[] links = classes.path(flows.flowClass[flow]);
            packets.setPath(packet, links, links.length);
        }
        if (packets.sentPs != null) {
            packets.sentPs[packet] = nowPs();
        }
    }

    /** The number of links of {@code flow}'s given path. */
    int pathLinks(int flow) {
        return classes.path(transport.flows.flowClass[flow]).length;
    }

    int priorities() {
        return priorities;
    }

    /** Whether the NIC port may send a packet of {@code priority} now (not paused, credit left). */
    boolean mayInject(int link, int priority) {
        return gates.open(link * priorities + priority);
    }

    /** Starts serializing the next packet on {@code link} if the port is idle and has one. */
    void tryTransmit(int link) {
        if (busy[link]) {
            return;
        }
        int packet = fromSwitchOnly[link] ? gates.dequeue(link) : transport.nextPacket(link);
        if (packet < 0) {
            return;
        }
        int priority = packets.priority(packet);
        gates.take(link * priorities + priority);
        busy[link] = true;
        packets.setLink(packet, link);
        int wire = packets.wireBytes(packet);
        long serializationPs = (long) (wire * psPerByte[link] + 0.5);
        ports.sentBytes[link] += wire;
        ports.payloadBytes[link] += packets.payloadBytes(packet);
        if (telemetry) {
            packets.telemetry(packet, link, buffers.queuedBytes(link), ports.sentBytes[link], nowPs());
        }
        if (!fromSwitchOnly[link] && packets.seq(packet) < transport.flows.maxSent[packets.flow(packet)] - 1) {
            ports.retransmittedBytes[link] += packets.payloadBytes(packet);
        }
        packetHops++;
        scheduleAfter(serializationPs, TX_DONE, link);
        scheduleAfter(serializationPs + graph.linkLatencyPs(link), ARRIVE, packet);
    }

    private void arrive(int packet) {
        int link = packets.link(packet);
        int priority = packets.priority(packet);
        if (config.bitErrorRate() > 0 && simulation.random().nextDouble() < classes.corruption(packets.wireBytes(packet))) {
            drop(packet, link, link, priority);
            return;
        }
        int node = graph.linkTo(link);
        int destination = packets.destination(packet);
        if (node == destination || transport.flows.done(packets.flow(packet))) {
            returnCredit(link, priority);
            transport.receive(packet);
            return;
        }
        int hop = packets.hop(packet) + 1;
        packets.setHop(packet, hop);
        int out = carriesPaths ? packets.pathLink(packet, hop) : nextHop(packet, node, destination, hop);
        if ((packets.flags(packet) & Packets.TRIMMED) != 0) {
            buffers.enqueueHeader(packet, link, out);
            tryTransmit(out);
            return;
        }
        ports.depth(out, buffers.queuedBytes(out));
        if (!buffers.admit(packet, link, out, priority)) {
            if (config.trimming()) {
                trim(packet, link, out);
            } else {
                drop(packet, out, link, priority);
            }
            return;
        }
        ports.queued(out, buffers.queuedBytes(out));
        if (config.flowControl() == FlowControl.PFC && buffers.shouldPause(link, priority)) {
            scheduleAfter(graph.linkLatencyPs(link), PAUSE, link * priorities + priority);
        }
        tryTransmit(out);
    }

    /** The link {@code packet} leaves switch {@code node} on under the adaptive routings; the flow's given path where no minimal hop exists. */
    private int nextHop(int packet, int node, int destination, int hop) {
        int flow = packets.flow(packet);
        int out = nextHops.choose(node, destination, transport.flows.hash[flow], packets.seq(packet));
        return out >= 0 ? out : classes.pathLink(transport.flows.flowClass[flow], hop);
    }

    /** Cuts {@code packet}, refused by the queue of {@code out}, to its headers and sends them on ahead of the data. */
    private void trim(int packet, int inLink, int out) {
        ports.trimmed[out]++;
        packets.setFlags(packet, packets.flags(packet) | Packets.TRIMMED);
        packets.setPayloadBytes(packet, 0);
        packets.setWireBytes(packet, config.headerBytes());
        buffers.enqueueHeader(packet, inLink, out);
        tryTransmit(out);
    }

    private void returnCredit(int link, int priority) {
        if (config.flowControl() == FlowControl.CREDIT) {
            scheduleAfter(graph.linkLatencyPs(link), CREDIT, link * priorities + priority);
        }
    }

    private void drop(int packet, int countedLink, int inLink, int priority) {
        ports.drops[countedLink]++;
        returnCredit(inLink, priority);
        int flow = packets.flow(packet);
        packets.release(packet);
        transport.flows.refs[flow]--;
        releaseIfIdle(flow);
    }

    /** Marks a flow delivered; reports its class once all its flows are. */
    void complete(int flow) {
        Flows flows = transport.flows;
        flows.setDone(flow, true);
        int handle = flows.flowClass[flow];
        if (classes.flowDone(handle, flows.deliveredBytes[flow])) {
            int tag = classes.tag(handle);
            long finishPs = Math.max(classes.startPs(handle), nowPs() - classes.propagationPs(handle));
            classes.close(handle);
            listener.onFinished(tag, finishPs);
        }
    }

    /** Recycles a finished flow's handle once nothing in flight refers to it. */
    void releaseIfIdle(int flow) {
        Flows flows = transport.flows;
        if (flows.done(flow) && flows.refs[flow] == 0) {
            flows.refs[flow] = -1;
            flows.release(flow);
        }
    }

    @Override
    public double linkBytes(int link) {
        return ports.payloadBytes[link];
    }

    @Override
    public double bytesStarted() {
        return classes.bytesStarted;
    }

    @Override
    public double bytesDelivered() {
        return classes.bytesDelivered;
    }

    @Override
    public int activeFlowClasses() {
        return classes.active();
    }

    /** Flow classes and flows started; no solves (nothing is solved); packet-hops as completion batches. */
    @Override
    public NetworkStatistics statistics() {
        return new NetworkStatistics(classes.classesStarted, classes.flowsStarted, 0, 0, packetHops);
    }

    /** The report of the port at the egress of {@code link}. */
    public PortReport port(int link) {
        return ports.report(graph, link);
    }

    /**
     * The reports of the busiest ports, at most {@value PortStatistics#REPORTED_PORTS}: deepest peak
     * queue first, then pause time, drops, bytes sent (ports that carried nothing are left out).
     */
    public List<PortReport> busiestPorts() {
        return ports.busiest(graph, PortStatistics.REPORTED_PORTS);
    }

    /** The run's totals: packet-hops, drops, trims, retransmitted and duplicate payload bytes, CNPs, headroom overflows, timeouts. */
    public PacketTotals totals() {
        long drops = 0;
        long trimmed = 0;
        for (int link = 0; link < graph.linkCount(); link++) {
            drops += ports.drops[link];
            trimmed += ports.trimmed[link];
        }
        return new PacketTotals(packetHops, drops, trimmed, transport.retransmittedBytes, transport.duplicateBytes,
                cnps, buffers.headroomDrops, transport.timeouts, packets.peakLive());
    }
}
