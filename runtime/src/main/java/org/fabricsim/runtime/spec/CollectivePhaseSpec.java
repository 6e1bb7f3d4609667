package org.fabricsim.runtime.spec;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;

/**
 * One phase of a user-defined collective (the language's {@code phase}): an operation by a
 * built-in algorithm inside every group of ranks of its scope.
 *
 * @param operation the phase's collective
 * @param algorithm how it runs: a built-in algorithm, not {@link Algorithm#PHASED}
 * @param scope     which ranks form a group
 */
public record CollectivePhaseSpec(CollectiveOperation operation, Algorithm algorithm, Scope scope) {
    /** Rank groups: each node's accelerators, one leader per node, one rail across nodes, or all. */
    public enum Scope {
        WITHIN_NODE, ACROSS_NODES, PER_RAIL, GLOBAL
    }

    public CollectivePhaseSpec {
        if (operation == null || algorithm == null || scope == null) {
            throw new IllegalArgumentException("a phase needs an operation, an algorithm and a scope");
        }
        if (algorithm == Algorithm.PHASED) {
            throw new IllegalArgumentException("a phase runs a built-in algorithm");
        }
    }
}
