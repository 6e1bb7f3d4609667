package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.junit.jupiter.api.Test;

/** A reliability the failure model cannot run is an editor error that says the fix (issue 17, bad input). */
class ReliabilityValidatorTest extends FabricModelTest {

    /** A 4-node sketch whose reliability holds {@code body}. */
    private Model model(String body) throws Exception {
        return parser.parse("""
                cluster C {
                    nodes 4 x 8 accelerators
                    link 400 Gb/s latency 1 us
                    reliability R
                }
                reliability R {
                    %s
                }
                """.formatted(body));
    }

    private List<Issue> issues(Model model, String code) {
        return validation.validate(model).stream().filter(i -> code.equals(i.getCode())).toList();
    }

    @Test
    void shouldRejectAZeroMtbfWithItsFix() throws Exception {
        validation.assertError(model("mtbf accelerator 0 h"), Literals.MTBF, IssueCodes.RELIABILITY_RATE_NOT_POSITIVE,
                "An MTBF must be greater than zero", "'mtbf accelerator 50000 h'");
        assertEquals(List.of(), issues(model("mtbf accelerator 0 h"), IssueCodes.NOT_POSITIVE));
        assertEquals(List.of(), issues(model("mtbf accelerator 50000 h"), IssueCodes.RELIABILITY_RATE_NOT_POSITIVE));
    }

    @Test
    void shouldRejectAZeroPublishedRate() throws Exception {
        validation.assertError(model("rate software 0 per-1000-node-days"), Literals.FAILURE_RATE,
                IssueCodes.RELIABILITY_RATE_NOT_POSITIVE, "A failure rate must be greater than zero");
        assertEquals(List.of(), issues(model("rate software 0.57 per-1000-node-days"),
                IssueCodes.RELIABILITY_RATE_NOT_POSITIVE));
    }

    @Test
    void shouldRejectACheckpointLongerThanItsInterval() throws Exception {
        validation.assertError(model("checkpoint every 30 s taking 60 s"), Literals.RELIABILITY,
                IssueCodes.CHECKPOINT_LONGER_THAN_INTERVAL, "A checkpoint takes 60.00 s, longer than the 30.00 s");
        assertEquals(List.of(), issues(model("checkpoint every 0.5 h taking 60 s"),
                IssueCodes.CHECKPOINT_LONGER_THAN_INTERVAL));
    }

    @Test
    void shouldLeaveACheckpointBandwidthOfTheWrongDimensionToTheUnitsCheck() throws Exception {
        // Fuzz finding: 'at 100 years' is a time where a bandwidth belongs; the checkpoint check crashed.
        Model wrong = model("checkpoint every 60 s writing 10 TB at 100 years");
        validation.assertError(wrong, Literals.QUANTITY, IssueCodes.WRONG_DIMENSION);
        assertEquals(List.of(), issues(wrong, IssueCodes.CHECKPOINT_LONGER_THAN_INTERVAL));
    }

    @Test
    void shouldTimeAWrittenCheckpointByItsStorageBandwidth() throws Exception {
        // 10 TB at 100 GB/s takes 100 s, longer than 60 s; at 1 TB/s it takes 10 s.
        validation.assertError(model("checkpoint every 60 s writing 10 TB at 100 GB/s"), Literals.RELIABILITY,
                IssueCodes.CHECKPOINT_LONGER_THAN_INTERVAL, "A checkpoint takes 100.0 s");
        assertEquals(List.of(), issues(model("checkpoint every 60 s writing 10 TB at 1 TB/s"),
                IssueCodes.CHECKPOINT_LONGER_THAN_INTERVAL));
    }

    @Test
    void shouldRejectMoreSparesThanNodes() throws Exception {
        validation.assertError(model("spares 5"), Literals.CLUSTER, IssueCodes.TOO_MANY_SPARES,
                "'R' keeps 5 spare nodes but cluster C has 4", "Keep at most 4 spares");
        assertEquals(List.of(), issues(model("spares 4"), IssueCodes.TOO_MANY_SPARES));
    }

    @Test
    void shouldRejectAStragglerShareAboveOne() throws Exception {
        validation.assertError(model("stragglers 1.5 at 0.7"), Literals.RELIABILITY,
                IssueCodes.STRAGGLER_NOT_A_FRACTION, "at most 1: write 0.05 for 5 % of the time");
        validation.assertError(model("stragglers 0.05 at 0"), Literals.RELIABILITY,
                IssueCodes.STRAGGLER_NOT_A_FRACTION, "above 0 and at most 1");
        assertEquals(List.of(), issues(model("stragglers 0.05 at 0.7"), IssueCodes.STRAGGLER_NOT_A_FRACTION));
    }

    @Test
    void shouldCarryAStragglingLinkToTheEngine() throws Exception {
        Model link = model("stragglers 0.05 at 0.5 link");
        validation.assertNoErrors(link);
        assertTrue(mapper.toCluster((Cluster) link.getElements().get(0)).reliability().stragglerIsLink());
        Model accelerator = model("stragglers 0.05 at 0.5");
        assertFalse(mapper.toCluster((Cluster) accelerator.getElements().get(0)).reliability().stragglerIsLink());
    }

    @Test
    void shouldRejectAFailureDomainOfNoNodes() throws Exception {
        validation.assertError(model("domain rack 0 nodes mtbf 5000 h"), Literals.FAILURE_DOMAIN,
                IssueCodes.DOMAIN_SIZE_NOT_POSITIVE, "at least one node", "'domain rack 16 nodes mtbf 5000 h'");
        assertEquals(List.of(), issues(model("domain rack 2 nodes mtbf 5000 h"), IssueCodes.DOMAIN_SIZE_NOT_POSITIVE));
    }

    @Test
    void shouldRejectAFailureDomainWithAZeroMtbf() throws Exception {
        validation.assertError(model("domain rack 2 nodes mtbf 0 h"), Literals.FAILURE_DOMAIN,
                IssueCodes.RELIABILITY_RATE_NOT_POSITIVE, "An MTBF must be greater than zero");
        assertEquals(List.of(), issues(model("domain rack 2 nodes mtbf 5000 h"),
                IssueCodes.RELIABILITY_RATE_NOT_POSITIVE));
    }

    @Test
    void shouldRejectAFailureDomainLargerThanTheCluster() throws Exception {
        validation.assertError(model("domain pdu 16 nodes mtbf 20000 h"), Literals.CLUSTER,
                IssueCodes.DOMAIN_LARGER_THAN_CLUSTER, "a pdu of 16 nodes but cluster C has 4", "at most 4 nodes");
        assertEquals(List.of(), issues(model("domain pdu 4 nodes mtbf 20000 h"), IssueCodes.DOMAIN_LARGER_THAN_CLUSTER));
    }

    @Test
    void shouldCarryAFailureDomainsSizeAndRateToTheEngine() throws Exception {
        Model racks = model("domain rack 2 nodes mtbf 5000 h");
        validation.assertNoErrors(racks);
        ReliabilitySpec.Rate rack = mapper.toCluster((Cluster) racks.getElements().get(0)).reliability().rates().get(0);
        assertEquals(ReliabilitySpec.Basis.DOMAIN, rack.basis());
        assertEquals(ReliabilitySpec.Component.DOMAIN, rack.component());
        assertEquals(2, rack.domainNodes());
        assertEquals(1 / (5000 * 3600.0), rack.ratePerSecond(), 1e-18);
    }
}
