/**
 * Fabric behaviour in the flow model, derived from the packet backend: per combination of flow
 * control, congestion control, loss recovery and routing ({@link BehaviourKey}), a few first-order
 * parameters measured on small packet-level scenarios ({@link BehaviourScenarios}, written by {@link
 * BehaviourTableGenerator} into the {@link BehaviourTable} resource with their provenance), which
 * the max-min flow model applies as the capacity its contended bottlenecks really deliver ({@link
 * FabricBehaviour}, a {@link org.fabricsim.runtime.network.ContentionModel}). See
 * docs/fabric-behaviour.md.
 */
package org.fabricsim.runtime.fabricbehaviour;
