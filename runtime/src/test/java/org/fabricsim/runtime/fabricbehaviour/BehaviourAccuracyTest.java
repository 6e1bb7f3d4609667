package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Held-out patterns (none of them among the table's scenarios): the flow model with the table's
 * behaviour against the packet backend, on every row of the shipped table. docs/accuracy.md lists
 * every cell ({@link BehaviourAccuracy#main}); accuracy-gaps.tsv lists the cells outside 10%.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BehaviourAccuracyTest {
    private static final double TOLERANCE = BehaviourAccuracy.TOLERANCE;
    /** How far a listed gap may move before the list must be updated: the table's rounding and a little more. */
    private static final double GAP_SLACK = 0.005;

    /** The documented gaps: "combination#pattern index" to the error as a fraction. */
    private static Map<String, Double> gaps() throws IOException {
        Map<String, Double> gaps = new HashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                BehaviourAccuracyTest.class.getResourceAsStream("accuracy-gaps.tsv"), StandardCharsets.UTF_8))) {
            in.lines().filter(line -> !line.startsWith("#") && !line.startsWith("combination\t")).forEach(line -> {
                String[] cells = line.split("\t");
                gaps.put(cells[0] + "#" + cells[1], Double.parseDouble(cells[2]) / 100);
            });
        }
        return gaps;
    }

    /** Every shipped row's error on every held-out pattern, [row][pattern], computed once for the tests reading all. */
    private double[][] errors;

    private double[][] errors() {
        if (errors == null) {
            List<FabricBehaviour> rows = BehaviourTable.shipped().behaviours();
            errors = new double[rows.size()][BehaviourAccuracy.PATTERNS.size()];
            for (int r = 0; r < rows.size(); r++) {
                for (int p = 0; p < BehaviourAccuracy.PATTERNS.size(); p++) {
                    errors[r][p] = BehaviourAccuracy.error(BehaviourAccuracy.PATTERNS.get(p), rows.get(r));
                }
            }
        }
        return errors;
    }

    @Test
    void shouldStayWithinTenPercentOfThePacketBackendOnEveryRowOutsideTheDocumentedGaps() throws IOException {
        // Every row, every held-out pattern: within 10%, or, for a cell accuracy-gaps.tsv lists (as
        // docs/accuracy.md does), still outside 10% and no further off than documented. A gap that a
        // mechanism closes fails here until it is taken off the list, so the list stays the truth.
        Map<String, Double> gaps = gaps();
        List<String> failures = new ArrayList<>();
        int listed = 0;
        List<FabricBehaviour> rows = BehaviourTable.shipped().behaviours();
        for (int r = 0; r < rows.size(); r++) {
            for (int p = 0; p < BehaviourAccuracy.PATTERNS.size(); p++) {
                String cell = rows.get(r).key().describe() + "#" + p;
                double error = Math.abs(errors()[r][p]);
                Double documented = gaps.get(cell);
                if (documented == null && error > TOLERANCE) {
                    failures.add(cell + ": " + error);
                } else if (documented != null) {
                    listed++;
                    if (error <= TOLERANCE || error > Math.abs(documented) + GAP_SLACK) {
                        failures.add(cell + ": " + error + " against the documented gap " + documented);
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(listed == gaps.size(), "accuracy-gaps.tsv names a cell the table does not have");
    }

    @Test
    void shouldKeepEachHeldOutPatternsMeanAbsoluteErrorWithinTenPercent() {
        // Issue 16's bound per pattern: the mean of |error| over the table's rows, each pattern on its own, at most
        // 10%, gaps included (the sprayed go-back-N mixed step's crawl among them).
        double[][] all = errors();
        for (int p = 0; p < BehaviourAccuracy.PATTERNS.size(); p++) {
            double sum = 0;
            for (double[] row : all) {
                sum += Math.abs(row[p]);
            }
            double mean = sum / all.length;
            assertTrue(mean <= TOLERANCE, BehaviourAccuracy.PATTERNS.get(p).name() + ": mean |error| " + mean);
        }
    }

    @Test
    void shouldPrintEachPatternsCellsWithinTenPercentItsMeanAbsoluteErrorAndItsLargest() {
        // Two rows: the first pattern's cells +5% and -15% (1 of 2 within, mean (5 + 15) / 2 = 10.00%, largest 15%),
        // every other cell 0; over all 8 cells 7 within and a mean of 20 / 8 = 2.50%.
        String summary = BehaviourAccuracy.summary(new double[][] {{0.05, 0, 0, 0}, {-0.15, 0, 0, 0}});
        assertTrue(summary.contains("| 1 of 2 | 10.00% | 15.0% |"), summary);
        assertTrue(summary.contains("| every pattern | 7 of 8 | 2.50% | 15.0% |"), summary);
    }

    @Test
    void shouldBringRoceWithDcqcnCloserToThePacketBackendThanTheIdealOnEveryPattern() {
        // RoCE as catalogued (PFC, DCQCN, go-back-N, ECMP): the ideal flow model is 30–57% fast;
        // the behaviour must shrink the error on every held-out pattern.
        FabricBehaviour b = BehaviourTable.shipped().behaviour(new BehaviourKey(BehaviourKey.FlowControl.PFC,
                CongestionControl.DCQCN, BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP));
        for (TrafficPattern pattern : BehaviourAccuracy.PATTERNS) {
            double error = BehaviourAccuracy.error(pattern, b);
            double ideal = BehaviourAccuracy.idealError(pattern, b.key());
            assertTrue(Math.abs(error) < Math.abs(ideal), pattern.name() + ": " + error + " vs ideal " + ideal);
        }
    }

    @Test
    void shouldRunTheAllToAllNearThePacketBackendUnderIbCcOnceTheFlowsPerSenderAreSeen() {
        // The held-out all-to-all (16 hosts, 4 per leaf, 2:1, 256 KiB per pair): each leaf uplink carries
        // about 6 flows of each of its 4 senders (12 remote peers hashed over 2 uplinks), each offered 1/15
        // of its NIC: ρ = 24/15 = 1.6 on average (1.3 to 1.9 under ECMP's hashes, m = 4.75 to 7.25); the
        // spine's downlinks carry about 2 flows per sender. Read at one flow per sender, the ib-cc rows
        // charge u(ρ, 1) = 1 − 0.426·log₂ ρ, 0.59 to 0.85, and the flow model runs 73–84% slow; at m ≥ 4 they
        // read the 2:1 incast split into 4 or 8 flows per sender, u = 0.998 (0.994 across an uplink). Bound
        // reached: within 10.1% under ECMP and spraying on every lossless and trimming row (worst: +8.7% under
        // ECMP since path length and size are measured, +10.01% before). Not reached: adaptive routing (+11 to
        // +19%, credits with go-back-n −44%) and lossy ECMP (+30 to +44%).
        TrafficPattern allToAll = BehaviourAccuracy.PATTERNS.get(1);
        int checked = 0;
        for (FabricBehaviour b : BehaviourTable.shipped().behaviours()) {
            BehaviourKey key = b.key();
            if (key.congestionControl() != CongestionControl.INFINIBAND || key.routing() == RoutingMode.ADAPTIVE
                    || key.flowControl() == BehaviourKey.FlowControl.LOSSY) {
                continue;
            }
            double error = BehaviourAccuracy.error(allToAll, b);
            double oneFlowPerSender = BehaviourAccuracy.error(allToAll, oneFlowPerSender(b));
            assertTrue(Math.abs(error) <= 0.101, key.describe() + ": " + error);
            assertTrue(oneFlowPerSender > 0.6, key.describe() + " read at one flow per sender: " + oneFlowPerSender);
            checked++;
        }
        assertTrue(checked == 10, "pfc, credits (2 recoveries each) and trimming, under ECMP and spraying: " + checked);
    }

    /** {@code b} read at one flow per sender: each block's one-flow column at every m. */
    private static FabricBehaviour oneFlowPerSender(FabricBehaviour b) {
        int flows = FabricBehaviour.FLOWS_PER_SENDER.length;
        double[] u = b.utilisation().clone();
        for (int i = 0; i < u.length; i++) {
            u[i] = u[i - i % flows];
        }
        return new FabricBehaviour(b.key(), u, b.multipathFactor(), b.reordering());
    }
}
