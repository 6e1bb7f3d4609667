package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * The result audit of {@link EveryFieldMovesTheResultTest} on {@link EverySetting#MODEL}, the settings that
 * EveryConstruct and the examples do not write: congestion-control parameters, PFC, credits and link-level retry,
 * recovery, spraying, flows per peer, NICs and switches, rack-scale domains, pods and planes, stragglers. Most of them
 * act only where a link is contended (docs/fabric-behaviour.md: a link saturated by two flows or more runs at its
 * behaviour row's utilisation; an uncontended one runs as the ideal), and EverySetting's own workloads load its
 * scale-out networks little, so {@link #PROBES} add an all-to-all on each scale-out network: RailTiers' 2.25:1
 * rail-optimized InfiniBand tree (credit-based, IB CC with stated parameters, go-back-N), Fly's RoCE dragonfly (PFC,
 * HPCC with stated parameters, spraying), Board's mesh of scheduled cells and Tiers' InfiniBand data-centre switch, and
 * a gather (an incast) on Fly and on RailTiers.
 * A value moves, is named, refused or silent as there; the silent features must be exactly those allowed: the spec
 * audit's ({@link EveryFieldReachesTheSpecTest#SILENT}, where silent), EveryConstruct's reasons that hold here too
 * ({@link #SHARED}), {@link #NO_EFFECT_HERE} (a reason of this fixture) and {@link #UNEXPLAINED}.
 *
 * <p>On 2026-12-07 (shared 2-core machine at a load of 13 to 15): 358 values, 197 move, 16 named, 86 refused, 59
 * silent over 41 features, 247 to 313 s (72 s of CPU; the budget study's search is cut to the written configuration,
 * {@link #SMALLER}, as {@code in all} screens 53,910 configurations in 39 s a run). Later on 2026-12-07 (load 13) the
 * same audit at the merged main read 186 move, 15 named, 86 refused, 71 silent: RailTiers' and study Serving's
 * settings (IB CC's parameters, recovery, rails, planes, tiers' counts, rail alignment, the calibration) had gone
 * silent with the branches merged after it: RailExchange's 72 ranks ran inside Rack's 72-accelerator rack-scale
 * domain (a domain spans trays since then; 4 MiB in 8.81 us, 476 GB/s, algorithm direct), so no byte reached the
 * rail tree. HPCC's pacing of a link several flows fill ({@code HpccPacing.pacedFactor}) then made HPCC's eta and
 * additive-increase move FlyExchange: 188 move, 69 silent. Rack's domain is now 36 behind 4 Hub switches (two
 * domains on RailTiers' 18 trays of 4, the Hub cap still binding at 800 GB/s), so RailExchange crosses the rail tree
 * again and its settings move, with the domain size and Mesh's efficiency. Session 67 added the gather probes: at the
 * branch's base (load 20) 214 move, 15 named, 86 refused, 50 silent, 241 s; HPCC's max-stage and Fly's NIC
 * settings (Nic.ports, Nic.portRate, Node.nic, NodeGroup.node) move FlyGather, whose root's NIC an 8:1 incast fills.
 */
class EverySettingMovesTheResultTest extends FabricModelTest {

    /**
     * {@code search ... in all} over MoeTrain screens 53,910 configurations (39 s a run at a load of 15); the budget
     * is kept binding ($400/h against the 128 accelerators' $384/h at Hourly's $3/h, so its halving moves the search).
     */
    private static final Map<String, String> SMALLER = Map.of(
            "search minimize cost-per-step in all budget $1000/h", "search minimize cost-per-step budget $400/h");

    /**
     * An all-to-all, 4 MiB per rank, on each scale-out network of the fixture (the flow model; about 1 s each), and a
     * gather of 4 MiB, an incast onto the root's NIC, on Fly (HPCC: 8 senders of node 1, 4 flows each) and on
     * RailTiers (IB CC): the reactive controls' incast rows u(n) act there, so their parameters that set only how fast
     * a flow climbs back (HPCC's max-stage: 72.59 us at 5, 79.16 at 10, 67.67 at 2) move a prediction (40 to 350 ms a
     * run).
     */
    private static final String PROBES = """

            benchmark RailExchange {
                all-to-all
                on RailTiers
                sizes 4 MiB
            }

            benchmark FlyExchange {
                all-to-all
                on Fly
                sizes 4 MiB
            }

            benchmark BoardExchange {
                all-to-all
                on Board
                sizes 4 MiB
            }

            benchmark CentreExchange {
                all-to-all
                on Tiers nodes 4
                sizes 4 MiB
                over data-centre
            }

            benchmark FlyGather {
                gather
                on Fly nodes 2
                sizes 4 MiB
            }

            benchmark RailGather {
                gather
                on RailTiers
                sizes 4 MiB
            }
            """;

    /** EveryConstruct's reasons that hold for EverySetting as written. */
    private static final List<String> SHARED = List.of("Fabric.openness", "Fabric.scope", "Study.metrics",
            "Software.elementwiseKernels", "Pool.admission");

    private static final String LOCK_IN = "read by the lock-in analysis (LockIn: single-source verdicts, seams) and"
            + " the fabric-mismatch check, not by a run";
    private static final String FLY = "Fly runs only benchmarks (Dispatch, FlyExchange)";

    /** The features whose edits change a spec and, for a stated reason, no prediction of this fixture. */
    private static final Map<String, String> NO_EFFECT_HERE = Map.ofEntries(
            Map.entry("Fabric.vendor", LOCK_IN), Map.entry("Nic.vendor", LOCK_IN),
            Map.entry("Pool.replicas", "study Serving varies 'replicas in [2, 4]', which replaces the written 2"),
            Map.entry("Reliability.stragglerShare", "Flaky is Fly's, and " + FLY + ": the reliability model"
                    + " (FailureModel's Monte Carlo) is read by a training"),
            Map.entry("Reliability.stragglerSpeed", "as stragglerShare: " + FLY),
            Map.entry("Reliability.stragglerLink", "as stragglerShare: " + FLY),
            Map.entry("FailureRate.component", "as stragglerShare: " + FLY),
            Map.entry("FailureRate.perThousandNodeDays", "as stragglerShare: " + FLY),
            Map.entry("DataCentreNetwork.fabric", "RailTiers' data-centre network carries nothing: MoeServe's"
                    + " 'kv-transfer over data-centre' is named not simulated (no prefill and decode pools)"),
            Map.entry("DataCentreNetwork.nicRate", "as DataCentreNetwork.fabric: RailTiers' data-centre network"
                    + " carries nothing"),
            Map.entry("SingleSwitchTopology.routing", "Tiers' data-centre is one switch: every route is a NIC's"
                    + " link up and another's down, one path, so no policy has a choice to make"),
            Map.entry("Node.accelerator", "Chips (4 x B2, no scale-up) runs only collectives that move data without"
                    + " reducing it (Slice's all-gather, Line's, BoardExchange's all-to-all): B1 for B2 changes no"
                    + " compute they do"),
            Map.entry("Accelerator.memory", "B2's 192 GB: MoeServe's KV cache (1,000 requests of 2,200 tokens, FP8)"
                    + " never fills it (its 'admission preempt' is silent for the same reason), and Chips' runs"
                    + " hold no model"),
            Map.entry("Accelerator.scaleUpPorts", "B2's 18 x 100 GB/s in Rack's rack-scale domain: its 4 Hub"
                    + " switches cap each accelerator at 4 x 72 x 100 / 36 = 800 GB/s (the editor warns on the"
                    + " domain), below 1,800, 3,600, 900 and 1,900 GB/s; Chips has no scale-up"),
            Map.entry("Accelerator.scaleUpPortRate", "as scaleUpPorts: the Hub switches' cap binds"),
            Map.entry("Fabric.linkRate", "Mesh's 50 GB/s: the fallback for an accelerator that states no"
                    + " 'scale-up N x rate' (HardwareMapper.domainBytesPerSecond); B1 and B2 both state theirs"),
            Map.entry("Fabric.loss", "Roce's 'lossless pfc' to 'lossy': HPCC holds the links it sees near eta, so"
                    + " nothing queues to pause or drop (the PFC and lossy HPCC rows agree, FlyGather's 8:1 incast"
                    + " too), and the sprayed links between switches run whole; Cells' 'lossless link-level-retry' to"
                    + " 'lossy': as flowControl"),
            Map.entry("Fabric.flowControl", "Cells' 'link-level-retry' (to credit-based, pfc): a scheduled fabric"
                    + " grants each egress port its rate, so no queue builds for the flow control to act on: the"
                    + " packet backend measures the same u under credits, PFC and lossy (0.9751 at 2:1 to 0.9968 at"
                    + " 16:1)"),
            Map.entry("CongestionParameters.credit", "Cells' scheduled credit 1 KiB (2, 0.5 KiB, 2 KiB): a port"
                    + " grants one credit every c / r, its rate r whatever c, so a transfer of whole credits takes"
                    + " the same time (the scenarios' u at 512 B, 1 KiB and 2 KiB agree to the last digit)"));

    /**
     * Silent here and not explained yet, each a finding for a later session: what was seen on 2026-12-07. The
     * contention settings that were here are explained in {@link #NO_EFFECT_HERE} or move since HPCC paces a link
     * several flows fill (eta, additive-increase). Fly's NIC settings (Single's ports and rate, the node's NICs, the
     * group's node type) move FlyGather since session 67: its incast's bottleneck is the root's NIC link.
     */
    private static final Map<String, String> UNEXPLAINED = Map.ofEntries(
            Map.entry("Switch.ports", "Leaf's 64, Spine's 128, Hub's 72 ports (x2, x0.5, +1)"),
            Map.entry("Switch.portRate", "Leaf's and Spine's 400 Gb/s, Hub's 100 GB/s (x2, x0.5, +1); Hub's at"
                    + " 50 GB/s should halve its cap"),
            Map.entry("Study.calibration", "Serving's Measured to Guessed and Budget's back (collective."
                    + "nic-efficiency 0.9, 0.8): silent since the session-66 merges (it moved at this audit's first"
                    + " run). Serving's MoeServe replicas (data 8 expert 8) now run inside one of Rack's rack-scale"
                    + " domains, which span its trays, so no byte of theirs crosses a NIC; why Budget's search on"
                    + " Tiers does not read it is not traced"),
            Map.entry("ProfileParameter.value", "Measured's and Guessed's collective.nic-efficiency: as"
                    + " Study.calibration"),
            Map.entry("ScaleUpDomain.fabric", "Meshed's 'scale-up Mesh' to Roce: B1 states its own rate and"
                    + " efficiency; Roce's 600 ns latency moved nothing"),
            Map.entry("RailOptimizedTopology.tiers", "RailTiers' 'tiers 2' (4, 1, 3)"),
            Map.entry("TierLevel.switchType", "RailTiers' 'spine 4 x Spine' to Leaf"),
            Map.entry("TorusTopology.cube", "Cubes' 'cubes 4 x 4 x 4' (each dimension x2, x0.5, +1) under Slice's"
                    + " analytical all-gather on a 4 x 4 x 4 slice"));

    /** The allowed silent features, pinned so that a new one is a decision. */
    private static final int ALLOWED = 32;

    @Test
    void shouldLetEverySettingMoveTheResultOrBeNamedByTheEditor() throws Exception {
        long started = System.nanoTime();
        ResultAudit audit = ResultAudit.of(this, ResultAudit.replaced(EverySetting.MODEL + PROBES, SMALLER));
        Set<String> silent = audit.silentFeatures();
        System.out.println("result audit of EverySetting: " + audit.counts() + " over " + audit.byFeature().size()
                + " features; silent " + silent + "; " + (System.nanoTime() - started) / 1_000_000 + " ms");
        audit.silent().forEach(value -> System.out.println("  silent: " + value));
        assertTrue(EveryFieldMovesTheResultTest.NO_EFFECT_HERE.keySet().containsAll(SHARED), "shared reasons");
        Set<String> allowed = new TreeSet<>(SHARED);
        allowed.addAll(NO_EFFECT_HERE.keySet());
        allowed.addAll(UNEXPLAINED.keySet());
        assertEquals(ALLOWED, allowed.size(), "the allowed silent features");
        allowed.retainAll(audit.byFeature().keySet());
        // the spec audit's silent features may move here (ScaleUpDomain.switches binds on Rack's Hub switches)
        EveryFieldReachesTheSpecTest.SILENT.keySet().stream().filter(silent::contains).forEach(allowed::add);
        assertEquals(allowed, silent, "features whose change moves no prediction and gets no issue");
    }
}
