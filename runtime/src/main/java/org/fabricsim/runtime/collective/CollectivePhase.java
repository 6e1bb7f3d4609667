package org.fabricsim.runtime.collective;

/**
 * One phase of a user-defined collective (the language's {@code phase}): {@code operation} by
 * {@code algorithm} inside every group of {@code scope}. {@link Algorithm#AUTO} picks as the engine
 * does for one node's accelerators (within-node scope) and takes NCCL's default otherwise (ring;
 * direct for all-to-all and send-recv). {@link Algorithm#IN_NETWORK} runs within-node only, on a
 * node whose scale-up switch reduces. Specs ({@code CollectiveBenchmarkSpec}) hold this record directly.
 *
 * @param operation the phase's collective
 * @param algorithm how it runs: a built-in algorithm, not {@link Algorithm#PHASED}
 * @param scope     which ranks form a group
 */
public record CollectivePhase(CollectiveOperation operation, Algorithm algorithm, PhaseScope scope) {
    public CollectivePhase {
        if (operation == null || algorithm == null || scope == null) {
            throw new IllegalArgumentException("a phase needs an operation, an algorithm and a scope");
        }
        if (algorithm == Algorithm.PHASED) {
            throw new IllegalArgumentException("a phase runs a built-in algorithm");
        }
    }
}
