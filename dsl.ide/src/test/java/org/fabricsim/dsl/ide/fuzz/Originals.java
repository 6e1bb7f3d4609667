package org.fabricsim.dsl.ide.fuzz;

import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Which sources have their mutants simulated. A source's original is simulated once, the first time one of its
 * mutants is drawn for {@code simulate}: its problems are findings (no result in time excepted), and only an original
 * that gives a clean result within a quarter of {@link SimulateCheck#TIMEOUT_SECONDS} has its mutants simulated, so
 * that a mutant with doubled numbers is not a timeout. {@code llama3-405b/training.fabric} runs 136 s unmutated on
 * the shared 2-core machine (session 63): {@code MutantInputsFuzzTest}, which simulated every simulable source's
 * mutants, reported two of its mutants (one changed only in a comment) as "no result within 120 s" (seed 64).
 */
final class Originals {
    private final SimulateCheck simulate;
    private final Path scratch;
    /** Per source whose original ran, whether its mutants are simulated. */
    private final Map<Source, Boolean> quick = new IdentityHashMap<>();

    Originals(SimulateCheck simulate, Path scratch) {
        this.simulate = simulate;
        this.scratch = scratch;
    }

    /** Whether mutants of {@code source} are simulated; the problems of its original, on its first call, go to {@code findings}. */
    boolean quick(Source source, Consumer<String> findings) throws Exception {
        Boolean known = quick.get(source);
        if (known == null) {
            List<String> problems = simulate.check(source.name(), source.text(), source.siblings(), scratch,
                    SimulateCheck.TIMEOUT_SECONDS / 4);
            problems.stream().filter(problem -> !problem.startsWith(SimulateCheck.NO_RESULT))
                    .forEach(problem -> findings.accept("simulate original " + source.name() + ": " + problem));
            known = problems.isEmpty();
            quick.put(source, known);
        }
        return known;
    }

    /** How many originals ran. */
    int ran() {
        return quick.size();
    }

    /** The names of the sources whose mutants are not simulated: too slow, or a problem of their own. */
    List<String> slow() {
        return quick.entrySet().stream().filter(e -> !e.getValue()).map(e -> e.getKey().name()).toList();
    }
}
