package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A mixed cluster's groups each on leaves sized for their own NICs ({@code MixedNodeGroups}): the editor checks and
 * reports each group's leaves, naming the group, and a single switch counts the ports a NIC port's cable takes by
 * breakout ({@code NicCable#leafPorts}). DGX H100 (8 x 400 Gb/s ConnectX-7) beside B200 nodes with 8 x 800 Gb/s
 * ConnectX-8, on 400 Gb/s RoCEv2; S400 is a 64-port 400 Gb/s switch.
 */
class MixedLeavesValidationTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*

            vendor Acme

            switch S400 {
                vendor Acme
                ports 64 x 400 Gb/s
                speaks RoCEv2
            }

            node B200_CX8 {
                accelerators 8 x B200
                scale-up NVLink5 switched domain 8 switches 2 x NVLinkSwitch5
                nics 8 x ConnectX8 rail-aligned
            }

            cluster C { %s scale-out RoCEv2 %s }
            """;

    /** The issues of {@code codes} on the cluster of {@code nodes} over {@code topology}, as "code: data". */
    private List<String> issues(String nodes, String topology, String... codes) throws Exception {
        List<Issue> issues = validation.validate(parser.parse(MODEL.formatted(nodes, topology)));
        return issues.stream().filter(issue -> List.of(codes).contains(issue.getCode()))
                .map(issue -> issue.getCode() + ": " + String.join(", ", issue.getData())).toList();
    }

    @Test
    void shouldWarnOfTheGroupWhoseLeavesAreOversubscribed() throws Exception {
        // 4 + 4 nodes, 64 NIC ports; no switch named: 64 / 2 = 32 NIC ports per leaf, one leaf per group. The model
        // states 32 spines, so each leaf has 32 uplinks at 400 Gb/s: the H100 leaf 32 x 400 / (32 x 400) = 1:1, the
        // B200 leaf 32 x 800 / (32 x 400) = 2:1, named. With 64 spines: 0.5:1 and 1:1, nothing to say.
        assertEquals(List.of(IssueCodes.OVERSUBSCRIBED + ": tier 1 (B200_CX8 nodes), 2:1"),
                issues("nodes 4 x DGX_H100 nodes 4 x B200_CX8", "fat-tree { tiers 2 spine 32 x S400 }",
                        IssueCodes.OVERSUBSCRIBED));
        assertEquals(List.of(), issues("nodes 4 x DGX_H100 nodes 4 x B200_CX8", "fat-tree { tiers 2 spine 64 x S400 }",
                IssueCodes.OVERSUBSCRIBED));
    }

    @Test
    void shouldSizeEachGroupsDerivedLeavesAtTheLeafRatio() throws Exception {
        // Derived leaves (no switch named, 1:1): the B200 leaf gets ceil(32 x 800 / 400) = 64 uplinks' worth, 1:1, as
        // the H100 one's 32; sized for the H100 NICs it was 2:1.
        assertEquals(List.of(), issues("nodes 4 x DGX_H100 nodes 4 x B200_CX8", "fat-tree { tiers 2 }",
                IssueCodes.OVERSUBSCRIBED));
    }

    @Test
    void shouldSizeEveryGroupsDerivedLeavesForTheFastestGroupsBreakout() throws Exception {
        // S400 leaves at 1:1 under the B200 group's 800 Gb/s NICs (c = 800 / 400 = 2 ports each): h = 64 / (2 x 2) =
        // 16 NIC ports per leaf for every group. A B200 leaf: 16 x 2 = 32 ports for its NICs (breakout) and ceil(16 x
        // 800 / 400) = 32 uplinks, 64 of 64; an H100 leaf 16 + 16 = 32 of 64. Sized for the first group (h = 32) the
        // B200 leaf needed 128 of 64 and was refused. Two groups of 400 Gb/s NICs: h = 32, 64 of 64.
        assertEquals(List.of(), issues("nodes 4 x DGX_H100 nodes 4 x B200_CX8", "fat-tree { switch S400 tiers 2 }",
                IssueCodes.LEAF_PORTS, IssueCodes.OVERSUBSCRIBED, IssueCodes.RADIX_TOO_SMALL));
        assertEquals(List.of(), issues("nodes 4 x B200_CX8 nodes 4 x DGX_H100", "fat-tree { switch S400 tiers 2 }",
                IssueCodes.LEAF_PORTS, IssueCodes.OVERSUBSCRIBED, IssueCodes.RADIX_TOO_SMALL));
        assertEquals(List.of(), issues("nodes 4 x DGX_H100 nodes 4 x DGX_B200", "fat-tree { switch S400 tiers 2 }",
                IssueCodes.LEAF_PORTS));
    }

    @Test
    void shouldCountTheSingleSwitchsPortsThatFasterNicsTakeByBreakout() throws Exception {
        // 5 nodes x 8 ConnectX-8 = 40 NIC ports at 800 Gb/s, each on 800 / 400 = 2 of S400's ports: 80 of 64
        // (counted one a NIC port, 40 fitted). 4 nodes take 64 of 64; 5 DGX H100 take 40 of 64.
        assertEquals(List.of(IssueCodes.RADIX_TOO_SMALL + ": 2, 80"), issues("nodes 5 x B200_CX8",
                "single-switch { switch S400 }", IssueCodes.RADIX_TOO_SMALL));
        assertEquals(List.of(), issues("nodes 4 x B200_CX8", "single-switch { switch S400 }",
                IssueCodes.RADIX_TOO_SMALL));
        assertEquals(List.of(), issues("nodes 5 x DGX_H100", "single-switch { switch S400 }",
                IssueCodes.RADIX_TOO_SMALL));
    }

    @Test
    void shouldCountTheTiersPortsThatFasterNicsTakeByBreakout() throws Exception {
        // Two 1:1 tiers of S400 hold 64 x 64 / 2 = 2048 switch ports for NICs. 129 nodes x 8 ConnectX-8 = 1032 NIC
        // ports at 800 Gb/s, each on 800 / 400 = 2 of S400's ports: 2064 of 2048, refused (counted one a NIC port,
        // 1032 fitted): 3 tiers hold 64 x 32 x 32 = 65,536; two tiers need k^2 / 2 >= 2064, k = 66. 128 nodes take
        // 2048 of 2048; 129 DGX H100 take 1032.
        assertEquals(List.of(IssueCodes.RADIX_TOO_SMALL + ": 3, 66"), issues("nodes 129 x B200_CX8",
                "fat-tree { switch S400 tiers 2 }", IssueCodes.RADIX_TOO_SMALL));
        assertEquals(List.of(), issues("nodes 128 x B200_CX8", "fat-tree { switch S400 tiers 2 }",
                IssueCodes.RADIX_TOO_SMALL));
        assertEquals(List.of(), issues("nodes 129 x DGX_H100", "fat-tree { switch S400 tiers 2 }",
                IssueCodes.RADIX_TOO_SMALL));
    }

    @Test
    void shouldSayWhichPortsTheSingleSwitchLacks() throws Exception {
        List<String> messages = validation.validate(parser.parse(MODEL.formatted("nodes 5 x B200_CX8",
                "single-switch { switch S400 }"))).stream()
                .filter(issue -> IssueCodes.RADIX_TOO_SMALL.equals(issue.getCode())).map(Issue::getMessage).toList();
        assertEquals(List.of("S400 has 64 ports but the cluster has 40 NIC ports, which take 80 of its 400 Gb/s ports"
                + " by breakout: use 'fat-tree { tiers 2 }' (2 non-blocking tiers of 64 ports hold up to 2048), or a"
                + " switch with at least 80 ports."), messages);
    }
}
