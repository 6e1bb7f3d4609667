package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * "Every model field does something; a field the engine ignores must say so", held to what the engine computes:
 * each value written in {@link EveryConstruct#MODEL} is edited as {@link EveryFieldReachesTheSpecTest} edits it
 * ({@link FieldMutations}), and where the edit changes a mapped program the changed programs are run in process
 * ({@link ProgramResults}, what {@code fabric simulate} runs) and their predictions compared with the unedited
 * file's. A value <em>moves</em> the result when one edit changes a prediction (a metric, a run's error, an
 * expectation's verdict, a search's summary); else the editor <em>names</em> it (an info or warning on it,
 * {@link EditIssues}); else it is <em>silent</em>; it is <em>refused</em> when every edit gives a new error. The
 * silent features must be exactly those of {@link EveryFieldReachesTheSpecTest#SILENT} (which change no spec),
 * {@link #NO_EFFECT_HERE} (a spec, but for a stated reason no prediction here) and {@link #UNEXPLAINED} (found,
 * not explained yet) that the fixture edits.
 *
 * <p>The fixture runs smaller ({@link #SMALLER}: the same settings, cheaper values) and with {@link #PROBES},
 * workloads on the clusters and the model that no workload of it runs on. EverySetting, whose settings act mostly
 * under contention, has its own probes and allow-list ({@link EverySettingMovesTheResultTest}); both run through
 * {@link ResultAudit}. 79 to 177 s on the shared 2-core
 * machine at a load of 8 to 10 (the test prints its own time; the spec audit's EveryConstruct took 18 to 44 s there).
 */
class EveryFieldMovesTheResultTest extends FabricModelTest {

    private static final String CALIBRATE = "a calibration's record, read by 'fabric calibrate' (ProfileFitter,"
            + " FitTable), not by a run";
    private static final String LOAD = "binds only under load: Serve's 10 requests/s of about 1,000-token prompts"
            + " never queue 8,192 prompt tokens at a prefill replica nor 128 sequences at a decode one";

    /** The features whose edits change a spec and, for a stated reason, no prediction of the fixture. */
    static final Map<String, String> NO_EFFECT_HERE = Map.ofEntries(
            Map.entry("Accelerator.architecture", "picks measured per-architecture rows (hopper, blackwell, cdna3:"
                    + " Device, Generation); 'acme1' and its edit 'acme1x' name none, so both run the defaults"),
            Map.entry("Fabric.openness", "read by the lock-in analysis (LockIn: single-source verdicts, seams), not"
                    + " by a run"),
            Map.entry("Fabric.scope", "a record for the lock-in analysis and the design checks; the role a fabric"
                    + " plays in a run is where a node or cluster uses it"),
            Map.entry("Calibration.date", CALIBRATE), Map.entry("Calibration.fittedOn", CALIBRATE),
            Map.entry("ProfileParameter.meaning", CALIBRATE), Map.entry("ProfileParameter.source", CALIBRATE),
            Map.entry("ProfileParameter.lower", CALIBRATE + " (the fitter's range; the run reads the value)"),
            Map.entry("CaseResidual.caseName", CALIBRATE), Map.entry("CaseResidual.measured", CALIBRATE),
            Map.entry("CaseResidual.predicted", CALIBRATE),
            Map.entry("Study.metrics", "chooses the columns a study prints (console, CSV); every metric is computed"),
            Map.entry("Ratio.numerator", "EveryConstruct's only edited numerator is 'max-oversubscription 3:1', a"
                    + " design check's bound (fabric.physical.oversubscription) that its 2:1 tree meets at 3, 4 and 6"),
            Map.entry("Reliability.spares", "read as whether any spare replaces a failed node (FailureModel: no"
                    + " repair wait with a spare, the pool assumed large enough); the edits 4, 1 and 3 all keep one"),
            Map.entry("Software.elementwiseKernels", "costs launches x compute.kernel-overhead, which the default"
                    + " profile sets to 0 (docs/accuracy.md) and the fixture's calibration 'Ours' does not state"),
            Map.entry("Benchmark.gpusPerThread", "a floor of g x collective.kernel-launch per call (nccl-tests -g)"
                    + " that binds only on calls shorter than it; SubNode's 1 MiB call outlasts 8 launches"),
            Map.entry("NodeGroup.count", "EveryConstruct's only edited count outside a run's reach is One's 2 nodes,"
                    + " of which SubNode ('accelerators 4') uses one node's 4 accelerators"),
            Map.entry("Fabric.linkRate", "EveryConstruct's only edited link rate that moves nothing is the scale-up"
                    + " AcmeLink's: the fallback for an accelerator that states no 'scale-up N x rate'"
                    + " (HardwareMapper.domainBytesPerSecond), and A1 states 8 x 50 GB/s"),
            Map.entry("Fabric.flowControl", "a scale-up fabric's: fabric.not-simulated.loss says that its 'lossless'"
                    + " changes nothing (scale-up links keep their capacity), its mark ending before 'credit-based'"),
            Map.entry("Ratio.denominator", "FatTreeCluster's first tier '1:1' edited to '1:2' (the only edit): fewer"
                    + " hosts under each leaf (TierLayout.hostsPerLeaf, 21 of 64 ports instead of 32), but a 1:1 tier"
                    + " is already non-blocking, so no flow, bound by its NIC, goes faster"),
            Map.entry("TorusTopology.linkRates", "Donut's first dimension (100, 25, 51 GB/s) under OnDonut's ring"
                    + " all-reduce: its 8 are each Box's scale-up domain, whose traffic stays on the domain's links"
                    + " (ClusterTopology), and a ring leaves a domain for the same local rank of the next (RingSchedules,"
                    + " as NCCL's PXN), so its network hops change only the second and third coordinates; an"
                    + " all-to-all's would cross the first"),
            Map.entry("Benchmark.cluster", "SubNode runs on 4 accelerators of one Box, in One or in FatTreeCluster"),
            Map.entry("Pool.maxBatchTokens", LOAD), Map.entry("Pool.maxSequences", LOAD),
            Map.entry("Pool.admission", LOAD + "; admission acts only when a decode pool's KV cache is full"));

    /**
     * Silent at the fixture's scale and not explained yet (each a candidate for an info or a reader): what was
     * seen. None is left after session 65; a new one is a finding.
     */
    private static final Map<String, String> UNEXPLAINED = Map.of();

    /** Reach test's and this test's allowed features: pinned, so that a new silent value is a decision. */
    private static final int ALLOWED = 30;

    /**
     * Text replaced in the fixture so that an edit that changes every program reruns them in about a second (warm,
     * on the shared machine: Serve took 1.0 s, OnPackets' packet run of 15 sizes up to 16 GiB 3.3 s, Compare's
     * trainings of 512 sequences 0.6 s): the same settings, smaller values.
     */
    private static final Map<String, String> SMALLER = Map.of(
            "requests 10000", "requests 300",
            "sizes 1 MiB to 16 GiB factor 2", "sizes 1 MiB to 16 MiB factor 4",
            "batch 512 sequences", "batch 128 sequences",
            "refine 2", "refine 1");

    /** Workloads appended to {@link EveryConstruct#MODEL}: its clusters and model that no workload runs on, at work. */
    private static final String PROBES = """

            benchmark OnPods {
                all-reduce ring
                on Pods
                sizes 1 GiB
            }

            benchmark OnFly {
                all-reduce ring
                on Fly
                sizes 1 GiB
            }

            benchmark OnDonut {
                all-reduce ring
                on Donut
                sizes 1 GiB
            }

            benchmark OnSketch {
                all-reduce ring
                on Sketch
                sizes 1 GiB
            }

            training OnRails {
                model Dense on Rails
                sequence 4096
                batch 128 sequences
                parallel tensor 8 data 16
            }

            training OnExperts {
                model Experts on FatTreeCluster
                sequence 4096
                batch 256 sequences
                parallel pipeline 16 data 32 expert 32
                sharding zero-1
                recompute full
            }
            """;

    @Test
    void shouldLetEveryWrittenFieldMoveTheResultOrBeNamedByTheEditor() throws Exception {
        long started = System.nanoTime();
        ResultAudit audit = ResultAudit.of(this, ResultAudit.replaced(EveryConstruct.MODEL + PROBES, SMALLER));
        Set<String> silent = audit.silentFeatures();
        System.out.println("result audit of EveryConstruct: " + audit.counts() + " over " + audit.byFeature().size()
                + " features; silent " + silent + "; " + (System.nanoTime() - started) / 1_000_000 + " ms");
        Set<String> allowed = new TreeSet<>(EveryFieldReachesTheSpecTest.SILENT.keySet());
        allowed.addAll(NO_EFFECT_HERE.keySet());
        allowed.addAll(UNEXPLAINED.keySet());
        assertEquals(ALLOWED, allowed.size(), "the allowed silent features");
        allowed.retainAll(audit.byFeature().keySet());
        assertEquals(allowed, silent, "features whose change moves no prediction and gets no issue");
    }
}
