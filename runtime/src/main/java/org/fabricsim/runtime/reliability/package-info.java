/**
 * Failures, checkpoints and goodput: the failure rate of each component class counted from what
 * the job uses ({@link org.fabricsim.runtime.reliability.PartCounts},
 * {@link org.fabricsim.runtime.reliability.FailureModel}), the closed-form expectations of a
 * checkpoint/restart renewal model with Young's optimal interval
 * ({@link org.fabricsim.runtime.reliability.Goodput}), and a seeded Monte Carlo of the same model
 * over a long run ({@link org.fabricsim.runtime.reliability.MonteCarlo}); what the failures a
 * fabric routes around and a straggler cost, from steps the engine re-simulates
 * ({@link org.fabricsim.runtime.reliability.DegradedFabric},
 * {@link org.fabricsim.runtime.reliability.Straggler}); and how many serving replicas are down at a
 * time ({@link org.fabricsim.runtime.reliability.ReplicaAvailability}). Plain Java, no EMF.
 */
package org.fabricsim.runtime.reliability;
