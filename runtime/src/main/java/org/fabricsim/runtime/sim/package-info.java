/**
 * The simulation context: an integer-picosecond clock, a deterministic event queue and a seeded
 * random source, plus the one numeric tolerance of the engine ({@link
 * org.fabricsim.runtime.sim.Precision#EPSILON}).
 *
 * <p>Nothing here holds static state: every run owns its own {@link
 * org.fabricsim.runtime.sim.Simulation}, so two runs with the same seed are bit-identical.
 */
package org.fabricsim.runtime.sim;
