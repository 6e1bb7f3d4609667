package org.fabricsim.generator.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.fabricsim.dsl.FabricStandaloneSetup;
import org.fabricsim.dsl.catalog.StandardCatalog;

import com.google.inject.Injector;

/**
 * A harness (not a test) for how long validating the standard catalog plus every example takes
 * once the JVM is warm, as an editor or a long-running {@code fabric} would: each round loads every
 * file into a fresh resource set, resolves names and runs every check (CheckMode.ALL, including
 * the design review). Prints each round's wall and thread CPU time, and the medians of the
 * measured rounds (the CPU time is the one-core cost on a shared machine).
 *
 * <p>Usage: {@code ValidationBenchmark WARMUP ROUNDS PATH...} (directories are searched for
 * {@code .fabric} files).
 */
public final class ValidationBenchmark {
    private ValidationBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int warmup = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        List<Path> files = new ArrayList<>();
        for (String path : Arrays.asList(args).subList(2, args.length)) {
            try (Stream<Path> walk = Files.walk(Path.of(path))) {
                walk.filter(p -> p.toString().endsWith(".fabric")).sorted().forEach(files::add);
            }
        }
        Injector injector = new FabricStandaloneSetup().createInjectorAndDoEMFRegistration();
        List<URI> uris = new ArrayList<>(injector.getInstance(StandardCatalog.class).fileUris());
        files.forEach(f -> uris.add(URI.createFileURI(f.toAbsolutePath().toString())));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] millis = new double[rounds];
        double[] cpuMillis = new double[rounds];
        int issues = 0;
        for (int round = -warmup; round < rounds; round++) {
            long start = System.nanoTime();
            long cpuStart = threads.getCurrentThreadCpuTime();
            issues = validateAll(injector, uris);
            double elapsed = (System.nanoTime() - start) / 1e6;
            double cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6;
            if (round >= 0) {
                millis[round] = elapsed;
                cpuMillis[round] = cpu;
            }
            System.out.printf(Locale.ROOT, "%s %d: %.1f ms wall, %.1f ms CPU (%d files, %d issues)%n",
                    round < 0 ? "warm-up" : "round", round < 0 ? round + warmup + 1 : round + 1, elapsed, cpu,
                    uris.size(), issues);
        }
        Arrays.sort(millis);
        Arrays.sort(cpuMillis);
        System.out.printf(Locale.ROOT, "median %.1f ms wall (min %.1f, max %.1f), median %.1f ms CPU,"
                + " over %d rounds of %d files%n", millis[rounds / 2], millis[0], millis[rounds - 1],
                cpuMillis[rounds / 2], rounds, uris.size());
    }

    private static int validateAll(Injector injector, List<URI> uris) {
        XtextResourceSet resourceSet = injector.getInstance(XtextResourceSet.class);
        List<Resource> resources = new ArrayList<>();
        uris.forEach(uri -> resources.add(resourceSet.getResource(uri, true)));
        IResourceValidator validator = injector.getInstance(IResourceValidator.class);
        int issues = 0;
        for (Resource resource : resources) {
            issues += validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl).size();
        }
        return issues;
    }
}
