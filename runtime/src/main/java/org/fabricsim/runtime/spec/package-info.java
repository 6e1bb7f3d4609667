/**
 * Immutable workload and hardware specifications: the only input the engine accepts. The dsl
 * module maps a validated model to these records in exactly one place; generated programs build
 * them with ordinary constructors. Collective operations and algorithms are the engine's own enums,
 * {@link org.fabricsim.runtime.collective.CollectiveOperation} and {@link
 * org.fabricsim.runtime.collective.Algorithm}, which specs hold directly.
 */
package org.fabricsim.runtime.spec;
