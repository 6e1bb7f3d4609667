package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** Every written tier ratio reaches the builder, or is an error that says which ratios do. */
class OversubscriptionRatiosTest extends FabricModelTest {
    private List<Issue> unused(String topology) throws Exception {
        Model model = parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 64 x DGX_H100 scale-out InfiniBand_NDR %s }
                """.formatted(topology));
        return validation.validate(model).stream()
                .filter(issue -> IssueCodes.OVERSUBSCRIPTION_UNUSED.equals(issue.getCode())).toList();
    }

    @Test
    void shouldApplyLlama3sTopRatioToTheLinksIntoTheTopTier() throws Exception {
        // 1:1, 1:1, 7:1 on 3 tiers: tier 2's 1:1 leaves the top tier's 7:1 to set the spine uplinks.
        assertEquals(List.of(), unused("fat-tree { switch QM9700 tiers 3 oversubscription 1:1, 1:1, 7:1 }"));
        assertEquals(List.of(), unused("fat-tree { switch QM9700 tiers 2 oversubscription 3:1, 1:1 }"));
    }

    @Test
    void shouldRefuseMoreRatiosThanTiersAndNameTheOnesThatApply() throws Exception {
        List<Issue> issues = unused("fat-tree { switch QM9700 tiers 2 oversubscription 1:1, 7:1, 3:1 }");
        assertEquals(1, issues.size());
        assertEquals(List.of("1:1, 7:1"), List.of(issues.get(0).getData()));
    }

    @Test
    void shouldRefuseTwoDifferentRatiosForTheLinksIntoTheTopTier() throws Exception {
        // Tier 2's 2:1 and the top tier's 7:1 both set the spine-to-core links; the builder would keep 7:1.
        List<Issue> issues = unused("fat-tree { switch QM9700 tiers 3 oversubscription 1:1, 2:1, 7:1 }");
        assertEquals(1, issues.size());
        assertEquals(List.of("1:1, 7:1"), List.of(issues.get(0).getData()));
        assertEquals(List.of(), unused("fat-tree { switch QM9700 tiers 3 oversubscription 1:1, 7:1, 7:1 }"));
    }

    @Test
    void shouldRefuseARatioOnASingleSwitchTier() throws Exception {
        assertEquals(1, unused("rail-optimized { switch QM9700 rails 8 tiers 2 oversubscription 1:1, 1:1, 2:1 }").size());
        assertEquals(1, unused("fat-tree { switch QM9700 tiers 1 oversubscription 2:1 }").size());
        assertEquals(List.of(), unused("fat-tree { switch QM9700 tiers 1 }"));
    }
}
