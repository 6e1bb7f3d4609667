package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.Test;

/**
 * Training jobs and serving deployments sharing a cluster (issue 16): on the shared cluster, their
 * parallelism filling their nodes, no more jobs than nodes. The cluster: 4 DGX H100 nodes, 8 GPUs
 * each; Train runs TP 8 x DP 2 = 16 GPUs (2 nodes), Serve a prefill and a decode replica of TP 8
 * (2 nodes).
 */
class SharedTrainingServingValidationTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            cluster Ib { nodes 4 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
            cluster Other { nodes 4 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
            model Small transformer { layers 8 hidden 1024 heads 16 vocab 32000 }
            training Train {
                model Small on Ib using 16 accelerators
                sequence 2048
                batch 64 sequences
                parallel tensor 8 data 2
            }
            training Elsewhere {
                model Small on Other using 16 accelerators
                sequence 2048
                batch 64 sequences
                parallel tensor 8 data 2
            }
            inference Serve {
                model Small on Ib
                prefill pool { replicas 1 parallel tensor 8 }
                decode pool { replicas 1 parallel tensor 8 }
                traffic {
                    arrival poisson 8 /s
                    prompt lognormal median 2000 sigma 0.8
                    output lognormal median 300 sigma 0.6
                    requests 100
                }
            }
            benchmark One { all-reduce ring on Ib nodes 1 sizes 1 GiB }
            share Both {
                on Ib
                %s
            }
            """;

    private List<Issue> issues(String jobs, String code) throws Exception {
        return validation.validate(parser.parse(MODEL.formatted(jobs))).stream()
                .filter(i -> code.equals(i.getCode())).toList();
    }

    private void assertError(String jobs, String code, String message) throws Exception {
        List<Issue> found = issues(jobs, code);
        assertEquals(1, found.size(), found::toString);
        assertEquals(Severity.ERROR, found.get(0).getSeverity());
        assertTrue(found.get(0).getMessage().contains(message), found.get(0).getMessage());
    }

    @Test
    void shouldMapTrainingBesideServingOnTheirOwnNodes() throws Exception {
        Model model = parser.parse(MODEL.formatted("run Train on nodes 0, 2\nrun Serve on nodes 1, 3"));
        assertEquals(List.of(), validation.validate(model).stream()
                .filter(i -> i.getSeverity() == Severity.ERROR).toList());
        SharedFabricSpec spec = (SharedFabricSpec) mapper.toStudy(model, "s.fabric").workloads().stream()
                .filter(SharedFabricSpec.class::isInstance).findFirst().orElseThrow();
        assertInstanceOf(TrainingSpec.class, spec.jobs().get(0).workload());
        assertInstanceOf(InferenceSpec.class, spec.jobs().get(1).workload());
        assertEquals(List.of(1, 3), spec.jobs().get(1).nodes());
    }

    @Test
    void shouldRejectATrainingJobWhoseParallelPlanDoesNotFillItsNodes() throws Exception {
        assertError("run Train on nodes 0 to 2", IssueCodes.SHARED_FIT,
                "'Train' runs TP 8 x PP 1 x DP 2 x CP 1 = 16 accelerators, and its 3 nodes have 24: place it on 2 nodes");
        assertEquals(List.of(), issues("run Train on nodes 0 to 1", IssueCodes.SHARED_FIT));
    }

    @Test
    void shouldRejectAServingDeploymentWhosePoolsDoNotFillItsNodes() throws Exception {
        assertError("run Serve on nodes 0", IssueCodes.SHARED_FIT,
                "'Serve' needs 16 accelerators for its pools, and its 1 nodes have 8: place it on 2 nodes");
        assertEquals(List.of(), issues("run Serve on nodes 2 to 3", IssueCodes.SHARED_FIT));
    }

    @Test
    void shouldRejectMoreJobsThanTheClusterHasNodes() throws Exception {
        String five = "run One on nodes 0\nrun One on nodes 1\nrun One on nodes 2\nrun One on nodes 3\nrun One on nodes 3";
        assertError(five, IssueCodes.SHARED_CROWDED, "5 jobs share Ib, which has 4 nodes");
        String four = "run One on nodes 0\nrun One on nodes 1\nrun One on nodes 2\nrun One on nodes 3";
        assertEquals(List.of(), issues(four, IssueCodes.SHARED_CROWDED));
    }

    @Test
    void shouldRejectATrainingJobOfAnotherCluster() throws Exception {
        assertError("run Elsewhere on nodes 0 to 1", IssueCodes.SHARED_JOB, "'Elsewhere' runs on Other, not on the"
                + " shared Ib");
        assertEquals(List.of(), issues("run Train on nodes 0 to 1", IssueCodes.SHARED_JOB));
    }
}
