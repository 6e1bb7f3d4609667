package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.network.FlowListener;
import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.network.NetworkStatistics;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;

/**
 * The packet-level network model: every flow is cut into packets of the MTU plus headers, which
 * NICs inject at line rate, links serialize (wire bytes / rate) and propagate (the link latency),
 * and switches queue per output port and priority in a shared buffer under the configured flow
 * control, ECN, routing, loss, recovery and congestion control. Behind {@link NetworkModel}, so
 * collectives and training steps run on it unchanged.
 *
 * <p><b>Events</b> are int words ({@link EventTypes}: a type and a link, queue, packet or flow handle)
 * ordered by time in picoseconds ({@link EventQueue}: fixed-delay events in FIFO lanes, the rest in a
 * 4-ary heap); the model is the simulation's {@link org.fabricsim.runtime.sim.TimeSource}. This class
 * is the event loop and the model's interface; ports and switches are {@link Forwarding}'s, endpoints
 * {@link Transport}'s (sending) and {@link Receiver}'s. A packet crossing a link costs two events (end
 * of serialization, arrival), each O(1) in a lane; nothing is allocated per packet.
 *
 * <p><b>Finish times.</b> A flow class finishes when its last packet has been delivered; the time
 * reported is that arrival minus the path's propagation latency, because callers add the path
 * latency themselves (the {@link NetworkModel} convention). The per-hop store-and-forward of the
 * last packet remains in it. A late duplicate of a flow already delivered goes straight to its receiver,
 * which discards it, without loading the rest of its path. Deterministic for a seed: one {@link java.util.SplittableRandom}
 * (the simulation's) draws ECN marks, bit errors, flow hashes and the ties of adaptive routing on port quality
 * ({@link PortQuality}).
 */
public final class PacketNetwork implements NetworkModel {
    private final Simulation simulation;
    final Graph graph;
    final PacketConfig config;
    private final EventQueue events = new EventQueue();
    final Packets packets = new Packets();
    final SwitchBuffers buffers;
    final Transport transport;
    private final NextHops nextHops;
    private final FlowClasses classes;
    final PortStatistics ports;
    private final int priorities;
    final PortGates gates;
    final Forwarding forwarding;
    private final PacketCounters counters;
    private final RouteCycles cycles;
    private FlowListener listener = (tag, finishPs) -> { };
    long cnps;
    /** The words {@link EventQueue#unreadInLane} hands out for {@link Forwarding#readAhead}. */
    private final int[] later = new int[Forwarding.LOOKAHEAD];

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
        if (config.congestionControl() == PacketConfig.CongestionControl.HPCC) {
            packets.recordTelemetry();
        }
        if (config.congestionControl() == PacketConfig.CongestionControl.SWIFT) {
            packets.recordSendTimes();
        }
        if (config.routing() == PacketRouting.PATH) {
            packets.fitPath(4);
        }
        PortQuality quality = config.routing() == PacketRouting.ADAPTIVE_QUALITY
                ? new PortQuality(graph, simulation.random()) : null;
        nextHops = new NextHops(graph, config.routing(), buffers, quality);
        classes = new FlowClasses(graph, config);
        ports = new PortStatistics(links, priorities);
        gates = new PortGates(this, graph, buffers, ports);
        forwarding = new Forwarding(this, graph, buffers, gates, ports, nextHops, quality, classes, transport);
        counters = new PacketCounters(this);
        cycles = new RouteCycles(graph, config);
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
     * A network of {@code fabric} at the graph's fastest link rate, after the same check of the run's size against
     * the default {@link RunLimits} ({@link PacketFabric#checkedAt}).
     */
    public static PacketNetwork of(Simulation simulation, Graph graph, PacketFabric fabric, double totalBytes,
            int maxPathLinks) {
        return new PacketNetwork(simulation, graph, fabric.checkedAt(graph, totalBytes, maxPathLinks));
    }

    @Override
    public int start(int[] path, int length, double bytesPerFlow, int multiplicity, int tag) {
        return start(path, length, bytesPerFlow, multiplicity, tag, 0);
    }

    /** As {@link #start(int[], int, double, int, int)}, its packets starting on virtual lane {@code priority}. */
    public int start(int[] path, int length, double bytesPerFlow, int multiplicity, int tag, int priority) {
        if (priority < 0 || priority >= priorities) {
            throw new IllegalArgumentException("priority " + priority + " outside 0.." + (priorities - 1));
        }
        int handle = classes.open(path, length, bytesPerFlow, multiplicity, tag, nowPs());
        cycles.add(path, length, priority);
        if (forwarding.carriesPaths()) {
            packets.fitPath(length);
            transport.flows.fitPath(length);
        }
        for (int i = 0; i < multiplicity; i++) {
            int flow = transport.flows.allocate(transport::grow);
            classes.initFlow(transport.flows, flow, handle, priority, graph.linkBytesPerSecond(path[0]),
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

    /**
     * The next event's time; {@link #NONE} once the run is over. Events run out with flow classes unfinished only when
     * nothing can move again: that throws a {@link PacketDeadlockException} ({@link Stall}) and reports no time.
     */
    @Override
    public long nextEventPs() {
        cycles.refuseCycle();
        if (events.isEmpty()) {
            if (classes.active() > 0) {
                throw new Stall(this).failure();
            }
            return NONE;
        }
        return events.peekTimePs();
    }

    @Override
    public void fire(Simulation context) {
        int word = events.pop();
        int id = EventTypes.id(word);
        int type = EventTypes.type(word);
        forwarding.readAhead(later, events.unreadInLane(Forwarding.LOOKAHEAD, later));
        switch (type) {
            case EventTypes.TX_DONE -> forwarding.transmitted(id);
            case EventTypes.ARRIVE -> forwarding.arrive(id);
            case EventTypes.NIC_WAKE -> transport.nics.onWake(id);
            case EventTypes.PAUSE -> gates.pause(id);
            case EventTypes.RESUME, EventTypes.CREDIT -> {
                gates.reopen(type, id);
                tryTransmit(id / priorities);
            }
            case EventTypes.NACK -> transport.onNack(id);
            case EventTypes.TIMEOUT -> transport.onTimeout(id);
            case EventTypes.TRIM_NACK -> transport.onTrimNack(id);
            case EventTypes.ACK -> transport.onAck(id);
            case EventTypes.BECN, EventTypes.CCTI_TIMER -> transport.senders.ibCc.fire(type, id);
            case EventTypes.PULL_TICK -> transport.senders.pulls.tick(id);
            case EventTypes.PULL -> transport.senders.pulls.onPull(id);
            case EventTypes.VOQ_REQUEST, EventTypes.GRANT_TICK, EventTypes.GRANT ->
                    transport.senders.scheduler.fire(type, id);
            default -> CongestionEvents.fire(this, transport, type, id);
        }
    }

    double random() {
        return simulation.random().nextDouble();
    }

    long nowPs() {
        return simulation.nowPs();
    }

    /** Schedules an event at {@code atPs} (inside the clock's range: {@link ClockRange}). */
    void schedule(long atPs, int type, int id) {
        ClockRange.check(this, atPs, type);
        events.push(atPs, EventTypes.word(type, id));
    }

    /** Schedules an event {@code delayPs} from now (a fixed delay: it goes to a FIFO lane of the {@link EventQueue}). */
    void scheduleAfter(long delayPs, int type, int id) {
        ClockRange.check(this, nowPs() + delayPs, type);
        events.pushAfter(nowPs(), delayPs, EventTypes.word(type, id));
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

    /** Copies onto {@code packet}, just made by {@code flow}, what forwarding reads ({@link Forwarding#carry}). */
    void carry(int packet, int flow) {
        forwarding.carry(packet, flow);
    }

    /** The last link of {@code flow}'s given path: its destination's egress port. */
    int egressLink(int flow) {
        int[] path = classes.path(transport.flows.flowClass[flow]);
        return path[path.length - 1];
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

    /** Starts serializing the next packet on {@code link} if the port is idle and has one ({@link Forwarding#tryTransmit}). */
    void tryTransmit(int link) {
        forwarding.tryTransmit(link);
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
        if (flows.done(flow) && flows.counters[Flows.refs(flow)] == 0) {
            flows.counters[Flows.refs(flow)] = -1;
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
        return new NetworkStatistics(classes.classesStarted, classes.flowsStarted, 0, 0, forwarding.packetHops);
    }

    /** The run's port reports, busiest ports and totals, read as they stand ({@link PacketCounters}). */
    public PacketCounters counters() {
        return counters;
    }
}
