/**
 * Failures, checkpoints and goodput of a training job: the failure rate of each component class
 * counted from what the job uses ({@link org.fabricsim.runtime.reliability.PartCounts},
 * {@link org.fabricsim.runtime.reliability.FailureModel}), the closed-form expectations of a
 * checkpoint/restart renewal model with Young's optimal interval
 * ({@link org.fabricsim.runtime.reliability.Goodput}), and a seeded Monte Carlo of the same model
 * over a long run ({@link org.fabricsim.runtime.reliability.MonteCarlo}). Plain Java, no EMF.
 */
package org.fabricsim.runtime.reliability;
