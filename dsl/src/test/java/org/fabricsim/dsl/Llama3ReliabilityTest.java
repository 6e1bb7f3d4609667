package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.fabricsim.runtime.calibration.MeasuredCsv;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.runtime.reliability.FailureModel;
import org.fabricsim.runtime.reliability.Goodput;
import org.fabricsim.runtime.reliability.MonteCarlo;
import org.fabricsim.runtime.reliability.PartCounts;
import org.fabricsim.runtime.reliability.Scenario;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * The Llama 3 example's reliability block, whose rates are Table 5's per-class counts over the parts
 * of each class, predicts the published interruptions and ETTR of the 54-day snapshot
 * (validation/reference/reliability.csv, row llama3-405b-16k-54days) within 15%.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class Llama3ReliabilityTest {
    private static final Path EXAMPLE = Path.of("../examples/llama3-405b");
    private static final String CASE = "llama3-405b-16k-54days";

    @Inject
    private ModelChecks checks;

    @Inject
    private SpecMapper mapper;

    @Test
    void shouldPredictThePublishedInterruptionsAndEttrOfTheSnapshot() throws IOException {
        Map<String, String> published = row(CASE);
        TrainingSpec job = pretrain16K();
        ReliabilitySpec reliability = job.cluster().reliability();
        PartCounts parts = PartCounts.of(job.cluster(), job.accelerators(), ClusterTopologies.build(job.cluster()));
        FailureModel failures = FailureModel.of(reliability, parts);
        double days = Double.parseDouble(published.get("window_days"));
        double interruptions = failures.interruptionsPerWallSecond(reliability) * 86_400 * days;
        double interruptionsPublished = Double.parseDouble(published.get("interruptions"));
        assertEquals(interruptionsPublished, interruptions, 0.15 * interruptionsPublished);
        assertEquals(Integer.parseInt(published.get("gpus")), parts.accelerators());
        Scenario scenario = Scenario.of(reliability, failures);
        double ettr = Goodput.expect(scenario).ettr();
        double ettrPublished = Double.parseDouble(published.get("ettr"));
        assertEquals(ettrPublished, ettr, 0.15 * ettrPublished);
        MonteCarlo.Result simulated = MonteCarlo.run(scenario, days * 86_400, 1000, 1);
        assertEquals(ettrPublished, simulated.ettrMean(), 0.15 * ettrPublished);
    }

    private TrainingSpec pretrain16K() throws IOException {
        List<URI> uris;
        try (Stream<Path> files = Files.list(EXAMPLE)) {
            uris = files.filter(p -> p.toString().endsWith(".fabric")).sorted()
                    .map(p -> URI.createFileURI(p.toAbsolutePath().normalize().toString())).toList();
        }
        for (XtextResource resource : checks.load(uris)) {
            for (Training training : EcoreUtil2.typeSelect(((Model) resource.getContents().get(0)).getElements(),
                    Training.class)) {
                if (training.getName().equals("Pretrain16K")) {
                    return mapper.toTraining(training);
                }
            }
        }
        throw new AssertionError("no training Pretrain16K in " + EXAMPLE);
    }

    /** The row of reliability.csv for {@code caseName}, by column. */
    private static Map<String, String> row(String caseName) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                Llama3ReliabilityTest.class.getResourceAsStream("/reference/reliability.csv"),
                StandardCharsets.UTF_8))) {
            return MeasuredCsv.records(reader).stream().filter(row -> row.get("case").equals(caseName)).findFirst()
                    .orElseThrow(() -> new AssertionError("reliability.csv has no row " + caseName));
        }
    }
}
