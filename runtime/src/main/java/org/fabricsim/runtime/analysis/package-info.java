/**
 * Design-review analysis computed from the specs, before anything is simulated: switch radix
 * versus endpoints ({@link org.fabricsim.runtime.analysis.SwitchRadix}), oversubscription per
 * tier, at injection and at the host ({@link org.fabricsim.runtime.analysis.Oversubscription}),
 * vendor lock-in and the seam between scale-up and scale-out
 * ({@link org.fabricsim.runtime.analysis.LockIn}), and per-accelerator memory for training and
 * inference ({@link org.fabricsim.runtime.analysis.Memory}). The language's validators, hover and
 * the simulation report all call these classes, so a figure means the same thing everywhere. All
 * of it is closed form: nothing here builds a topology graph.
 */
package org.fabricsim.runtime.analysis;
