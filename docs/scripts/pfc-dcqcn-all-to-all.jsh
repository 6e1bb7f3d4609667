// The held-out all-to-all (16 hosts, 4 per leaf, 2:1, 256 KiB per pair) on the packet backend under PFC and credits,
// with and without DCQCN, at switch buffers of 2-12 MiB: makespan, CNPs, PFC pause time, deepest queue; then, at the
// catalogue's 12 MiB with PFC and DCQCN, the leaf uplinks' and NICs' utilisation per 50 us. docs/fabric-behaviour.md,
// "Why DCQCN on PFC stalls the all-to-all". Run from the repository root after `./mvnw -B -o -q -pl runtime compile`:
// jshell -R-Xmx2g --class-path runtime/target/classes:runtime/src/main/resources docs/scripts/pfc-dcqcn-all-to-all.jsh
import org.fabricsim.runtime.fabricbehaviour.*;
import org.fabricsim.runtime.packet.*;
import org.fabricsim.runtime.routing.*;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
var P = BehaviourAccuracy.PATTERNS.get(1);
var LINE = TrafficPattern.LINE_BYTES_PER_SECOND;
void run(BehaviourKey.FlowControl fc, CongestionControl cc, double bufferMiB, boolean trace) {
    PacketConfig c = PatternRuns.packetConfig(new BehaviourKey(fc, cc, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
    PacketConfig.Buffer b = c.buffer();
    c = c.withBuffer(new PacketConfig.Buffer((long) (bufferMiB * (1 << 20)), b.dynamicAlpha(), b.pfcReserveBytes(),
            b.pfcResumeOffsetBytes(), b.pfcShift(), b.creditPackets()));
    var topology = P.topology(LINE);
    var sim = new Simulation(11);
    var net = new PacketNetwork(sim, topology.graph(), c);
    long[] last = new long[1];
    net.setListener((tag, ps) -> last[0] = Math.max(last[0], ps));
    var router = new Router(topology, RoutingMode.ECMP, 11);
    int[] path = new int[topology.maxRouteLinks()];
    for (int f = 0; f < P.flows(); f++) {
        int n = router.route(P.src()[f], P.dst()[f], Router.flowKey(P.src()[f], P.dst()[f], 0), 0, path);
        router.commit(path, n, P.bytes()[f]);
        net.start(path, n, P.bytes()[f], 1, f);
    }
    int links = topology.graph().linkCount();
    double[] prev = new double[links];
    long stepPs = 50_000_000L;
    int[] sampler = new int[1];
    sampler[0] = sim.register(payload -> {
        StringBuilder s = new StringBuilder(String.format("t=%4d us, uplinks:", sim.nowPs() / 1_000_000));
        for (int l = 0; l < links; l++) {
            double u = (net.linkBytes(l) - prev[l]) / (LINE * stepPs / 1e12);
            prev[l] = net.linkBytes(l);
            if (l < 8 || l >= 16 && l % 2 == 0) s.append(l == 16 ? " NICs:" : "").append(String.format(" %.2f", u));
        }
        System.out.println(s + ", flows left " + net.activeFlowClasses());
        if (net.activeFlowClasses() > 0) sim.schedule(sim.nowPs() + stepPs, sampler[0], 0);
    });
    if (trace) sim.schedule(stepPs, sampler[0], 0);
    sim.run(net);
    long pausePs = 0, peak = 0;
    for (int l = 0; l < links; l++) { pausePs += net.port(l).pausePs(); peak = Math.max(peak, net.port(l).peakQueueBytes()); }
    System.out.printf("%s %s %4.0f MiB: %7.1f us, CNPs %d, pause %.0f us, deepest queue %d KiB%n", fc, cc, bufferMiB,
            last[0] / 1e6, net.totals().cnps(), pausePs / 1e6, peak >> 10);
}
for (double s : new double[] {2, 3, 4, 6, 8, 12})
    for (var fc : new BehaviourKey.FlowControl[] {BehaviourKey.FlowControl.PFC, BehaviourKey.FlowControl.CREDIT})
        for (var cc : new CongestionControl[] {CongestionControl.NONE, CongestionControl.DCQCN})
            run(fc, cc, s, false);
run(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN, 12, true);
/exit
