package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.junit.jupiter.api.Test;

/** Shared prefixes with each replica's prefix cache: their checks fire once and stay quiet once, and they map. */
class SharedPrefixesTest extends FabricModelTest {

    private Model serving(String traffic) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 1 x DGX_H100 }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Serve {
                    model M on C
                    serving pool { replicas 2 parallel tensor 4 }
                    traffic { arrival all-at-once prompt fixed 4096 output fixed 10 %s }
                }
                """.formatted(traffic));
    }

    @Test
    void shouldRejectSharedPrefixesBesideAStatedHitRatio() throws Exception {
        validation.assertError(serving("prefix-cache hit 0.5 shared-prefixes 64 x 2048 tokens cached 262144 tokens"
                + " per replica"), Literals.TRAFFIC, IssueCodes.SHARED_PREFIXES, "keep one");
    }

    @Test
    void shouldAcceptSharedPrefixesAlone() throws Exception {
        Model model = serving("shared-prefixes 64 x 2048 tokens zipf 0.8 cached 262144 tokens per replica");
        validation.assertNoErrors(model);
        InferenceSpec spec = (InferenceSpec) mapper.toStudy(model, "s.fabric").workloads().get(0);
        assertEquals(new InferenceSpec.SharedPrefixes(64, 2048, 0.8, 262_144), spec.traffic().sharedPrefixes());
        assertEquals(128, spec.traffic().sharedPrefixes().cacheEntries(), "262,144 ÷ 2048 prefixes per replica");
        assertEquals(0.0, spec.traffic().prefixHitRatio());
    }

    @Test
    void shouldReadAbsentZipfAsUniformAndAbsentPrefixesAsNone() throws Exception {
        Model uniform = serving("shared-prefixes 8 x 100 tokens cached 400 tokens per replica");
        InferenceSpec spec = (InferenceSpec) mapper.toStudy(uniform, "s.fabric").workloads().get(0);
        assertEquals(new InferenceSpec.SharedPrefixes(8, 100, 0, 400), spec.traffic().sharedPrefixes());
        InferenceSpec none = (InferenceSpec) mapper.toStudy(serving(""), "s.fabric").workloads().get(0);
        assertNull(none.traffic().sharedPrefixes());
    }

    @Test
    void shouldRejectNoPrefixOrAnEmptyCache() throws Exception {
        validation.assertError(serving("shared-prefixes 0 x 2048 tokens cached 4096 tokens per replica"),
                Literals.SHARED_PREFIXES, IssueCodes.SHARED_PREFIXES, "at least one");
        validation.assertError(serving("shared-prefixes 4 x 2048 tokens cached 0 tokens per replica"),
                Literals.SHARED_PREFIXES, IssueCodes.SHARED_PREFIXES, "holds nothing");
    }
}
