/**
 * Immutable workload and hardware specifications: the only input the engine accepts. The dsl
 * module maps a validated model to these records in exactly one place; generated programs build
 * them with ordinary constructors.
 */
package org.fabricsim.runtime.spec;
