package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * The editor's tier ratios are the built network's: uplinks at the fabric's link rate (or the stated
 * {@code uplinks R}), NIC ports per leaf and uplink counts as the builder wires them, not rated at the
 * switch's port rate. DGX H100 nodes: 8 accelerators, each with a 400 Gb/s ConnectX-7, on 400 Gb/s RoCEv2.
 */
class OversubscriptionAsBuiltTest extends FabricModelTest {
    private static final List<String> CODES = List.of(IssueCodes.OVERSUBSCRIBED, IssueCodes.OVERSUBSCRIPTION_PORTS,
            IssueCodes.OVERSUBSCRIPTION_POLICY);

    /** The oversubscription issues of {@code nodes} DGX H100s on {@code topology}, as "code: data". */
    private List<String> issues(int nodes, String topology) throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*

                vendor Acme

                switch S8 {
                    vendor Acme
                    ports 8 x 800 Gb/s
                    speaks RoCEv2
                }

                cluster C { nodes %d x DGX_H100 scale-out RoCEv2 fat-tree { %s } }
                """.formatted(nodes, topology));
        List<Issue> issues = validation.validate(model);
        return issues.stream().filter(issue -> CODES.contains(issue.getCode()))
                .map(issue -> issue.getCode() + ": " + String.join(", ", issue.getData())).toList();
    }

    @Test
    void shouldAcceptEightPort800GSwitchesUnder400GNicsAtOneToOne() throws Exception {
        // A 400G NIC port takes 400 / 800 = 0.5 of S8's ports (two share one by breakout): the builder puts 8 x 1 /
        // (2 x 0.5) = 8 NIC ports under a leaf (4 ports) and ceil(8 x 400 / 400) = 8 uplinks at the fabric's 400G (4
        // ports): 1:1. Rating the uplinks at the switch's 800G ports gave 5 down, 3 up, 2000/2400 = 0.83:1, refused.
        assertEquals(List.of(), issues(4, "switch S8 tiers 2"));
        assertEquals(List.of(), issues(4, "switch S8 tiers 2 oversubscription 1:1"));
    }

    @Test
    void shouldRefuseARatioTheEightPortsCannotBuild() throws Exception {
        // 20:1 on 8 ports, 0.5 port a NIC port: floor(8 x 20 / (21 x 0.5)) = 15 NIC ports take ceil(7.5) = 8 ports and
        // their ceil(15 x 400 / (20 x 400)) = 1 uplink a ninth, so 14 (7 ports) and 1 up (half a port): 14:1 at most.
        assertEquals(List.of(IssueCodes.OVERSUBSCRIPTION_PORTS + ": 1, 14:1"),
                issues(4, "switch S8 tiers 2 oversubscription 20:1"));
    }

    @Test
    void shouldWarnAtTheRatioBuiltOnEightPorts() throws Exception {
        // 3:1 on 8 ports, 0.5 port a NIC port: floor(8 x 3 / (4 x 0.5)) = 12 down (6 ports), ceil(12/3) = 4 up at 400G
        // (2 ports): 4800/1600 = 3:1, as built.
        assertEquals(List.of(IssueCodes.OVERSUBSCRIBED + ": tier 1, 3:1"),
                issues(4, "switch S8 tiers 2 oversubscription 3:1"));
    }

    @Test
    void shouldAcceptSevenToOneOn800GPortsAsBuilt() throws Exception {
        // SN5600 (64 x 800G) at 7:1, 0.5 port a NIC port: floor(64 x 7 / (8 x 0.5)) = 112 down (56 ports), ceil(112/7)
        // = 16 up at 400G (8 ports): exactly 7:1, a warning only. Rated at 800G ports, 59 down and 5 up gave 5.9:1,
        // 16 % off: refused.
        assertEquals(List.of(IssueCodes.OVERSUBSCRIBED + ": tier 1, 7:1"),
                issues(16, "switch SN5600 tiers 2 oversubscription 7:1"));
    }

    @Test
    void shouldWarnAtTheRatioThePodsBuildRatherThanRefuseTheirJoiningRatio() throws Exception {
        // 32 accelerators in one pod of 8-port switches: 8 NIC ports per leaf (two on each 800G port), 32/8 = 4 leaves
        // per pod, so a spine has 4 downlinks and ceil(4/3) = 2 uplinks: 4:2 = 2:1, set by the pod's size, which the
        // ports do not contradict (ports alone would take 6 down, 2 up: 3:1).
        assertEquals(List.of(IssueCodes.OVERSUBSCRIBED + ": tier 2, 2:1"),
                issues(4, "switch S8 tiers 3 pods 32 accelerators joined 3:1"));
    }

    @Test
    void shouldWarnAtTheRatioOfTheStatedCounts() throws Exception {
        // 64 nodes x 8 = 512 NIC ports over 8 leaves: 64 x 400G down; one 800G uplink to each of 4 spines:
        // 25,600 / 3,200 Gb/s = 8:1, where the ratio alone (none written) said 1:1 and nothing was reported.
        assertEquals(List.of(IssueCodes.OVERSUBSCRIBED + ": tier 1, 8:1"),
                issues(64, "tiers 2 leaf 8 x SN5600 uplinks 800 Gb/s spine 4 x SN5600"));
        // 32 spines: 64 x 400G down, 32 x 800G up: 1:1.
        assertEquals(List.of(), issues(64, "tiers 2 leaf 8 x SN5600 uplinks 800 Gb/s spine 32 x SN5600"));
    }
}
