/**
 * Immutable workload and hardware specifications: the only input the engine accepts. The dsl
 * module maps a validated model to these records in exactly one place; generated programs build
 * them with ordinary constructors. Collective operations, algorithms and the phases of a
 * user-defined collective are the engine's own types, {@link
 * org.fabricsim.runtime.collective.CollectiveOperation}, {@link
 * org.fabricsim.runtime.collective.Algorithm} and {@link
 * org.fabricsim.runtime.collective.CollectivePhase} (with its {@link
 * org.fabricsim.runtime.collective.PhaseScope}), which specs hold directly.
 */
package org.fabricsim.runtime.spec;
