package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.PoolFeatures;
import org.fabricsim.runtime.spec.Precision;
import org.junit.jupiter.api.Test;

/**
 * Guards issue 20's serving line ("the same events and results"): the benchmark deployment of
 * {@code InferenceHarness} (Llama 3 70B FP8, 6 prefill and 10 decode TP8 replicas on 16 DGX H100 nodes,
 * 8 KV-cache flows per request over the ECMP fat-tree, Poisson arrivals at 100/s) on fixed seeds must
 * reproduce, bit for bit, the events, flows and every metric (timeline and latency CDFs included) recorded
 * in {@code src/test/resources/golden/serving}. A change to the engine that claims to be an exact
 * reformulation (cheaper solves) keeps this passing, and one that fires fewer events moves the events line
 * alone (session 53's folded decode runs, {@link DecodeRunsTest}); a change that moves a result on purpose
 * rewrites the files with {@code -Dfabricsim.updateGolden=true}, and its commit says what moved and why.
 * The recorded figures are not derived independently: they are the engine's own output at the commit that
 * wrote them, and the behaviour tests of this package check what they mean.
 */
class ServingGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/serving");
    private static final int REQUESTS = 20_000;

    @Test
    void shouldReproduceTheRecordedEventsAndMetricsOfThePlainDeploymentOnFixedSeeds() throws IOException {
        assertGolden("disaggregated16-plain.txt", deployment(false), 1, 7);
    }

    @Test
    void shouldReproduceTheRecordedEventsAndMetricsWithPrefixCachingAndSpeculativeDecodingOnFixedSeeds()
            throws IOException {
        assertGolden("disaggregated16-production.txt", deployment(true), 1, 7);
    }

    /**
     * The harness's deployment on the catalog's figures; production: half of each prompt cached and one
     * drafted token accepted at 0.85.
     */
    private static InferenceSpec deployment(boolean production) {
        return new InferenceSpec("golden.Disaggregated70B", ServingFixtures.LLAMA3_70B, ServingFixtures.dgxH100(16, 0),
                Precision.FP8,
                List.of(new InferenceSpec.Pool(InferenceSpec.Role.PREFILL, 6, ServingFixtures.tensor(8), 8192, 256, 2048),
                        new InferenceSpec.Pool(InferenceSpec.Role.DECODE, 10, ServingFixtures.tensor(8), 8192, 512, 0,
                                new PoolFeatures(false, 0,
                                        production ? new PoolFeatures.Speculative(1, 0.85, 1) : null))),
                new InferenceSpec.Traffic(new InferenceSpec.Poisson(100), new InferenceSpec.Lognormal(1024, 0.6),
                        new InferenceSpec.Lognormal(256, 0.6), REQUESTS, production ? 0.5 : 0),
                List.of(new InferenceSpec.Slo(InferenceSpec.SloMetric.TTFT, 99, 2.0)), false);
    }

    private static void assertGolden(String file, InferenceSpec spec, long... seeds) throws IOException {
        StringBuilder text = new StringBuilder();
        for (long seed : seeds) {
            RunResult result = InferenceRunner.run(spec, seed, null);
            text.append("seed ").append(seed).append('\n').append(render(result)).append('\n');
        }
        Path golden = GOLDEN.resolve(file);
        if (Boolean.getBoolean("fabricsim.updateGolden")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, text);
        }
        assertEquals(Files.readString(golden), text.toString(), "serving results differ from " + golden
                + "; if the change is intended, run with -Dfabricsim.updateGolden=true and say in the commit what moved");
    }

    /**
     * One line per metric in key order, numbers as {@link String#valueOf} writes them (the shortest
     * decimal that reads back as the same double); a list of more than a few entries (timeline, CDFs) as
     * its size and the SHA-256 of its rendering, so the file stays readable and still catches any change.
     */
    private static String render(RunResult result) {
        StringBuilder out = new StringBuilder();
        out.append("events ").append(result.events()).append('\n');
        out.append("flows ").append(result.flows()).append('\n');
        for (Map.Entry<String, Object> metric : new TreeMap<>(result.metrics()).entrySet()) {
            out.append(metric.getKey()).append(' ').append(summary(metric.getValue())).append('\n');
        }
        return out.toString();
    }

    private static String summary(Object value) {
        if (value instanceof List<?> list && list.size() > 4) {
            return "list of " + list.size() + ", sha256 " + sha256(canonical(value));
        }
        return canonical(value);
    }

    private static String canonical(Object value) {
        if (value instanceof Map<?, ?> map) {
            StringBuilder out = new StringBuilder("{");
            new TreeMap<>(map).forEach((k, v) -> out.append(k).append('=').append(canonical(v)).append(';'));
            return out.append('}').toString();
        }
        if (value instanceof List<?> list) {
            StringBuilder out = new StringBuilder("[");
            list.forEach(v -> out.append(canonical(v)).append(','));
            return out.append(']').toString();
        }
        return String.valueOf(value);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
