/**
 * The FabricSim simulation engine: plain Java 17, no EMF and no Xtext.
 *
 * <p>A simulation program (generated from a {@code .fabric} model, or built by hand) describes
 * its workloads as immutable {@linkplain org.fabricsim.runtime.spec specs}; the
 * {@link org.fabricsim.runtime.Simulator} turns each workload into a
 * {@linkplain org.fabricsim.runtime.result.RunResult run result}; {@link
 * org.fabricsim.runtime.ProgramMain} prints them and writes the JSON result.
 *
 * <p>Units are named in identifiers: times in integer picoseconds ({@code timePs}), rates in
 * bytes per second ({@code bytesPerSecond}), sizes in bytes.
 */
package org.fabricsim.runtime;
