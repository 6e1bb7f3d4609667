/**
 * Topology builders: they expand parameter records into a directed graph of accelerators,
 * switches and routers joined by links (capacity, latency), stored as primitive arrays with int
 * handles ({@link org.fabricsim.runtime.topology.Graph}).
 *
 * <p>A {@link org.fabricsim.runtime.topology.ClusterTopology} combines scale-up domains
 * ({@link org.fabricsim.runtime.topology.ScaleUpParameters}: switched NVSwitch-like with optional
 * in-switch reduction, full mesh MI300X-like, rack-scale NVL72-like) with one scale-out fabric
 * ({@link org.fabricsim.runtime.topology.ScaleOutFabric}: single switch, 2/3-tier fat-tree with
 * per-tier oversubscription, rail-optimized fat-tree, dragonfly, 2D/3D torus).
 *
 * <p>Paths are never stored or searched on a built fabric: every fabric computes a route by arithmetic
 * on its structure in O(hops), asking a {@link org.fabricsim.runtime.topology.PathChoice} at every
 * hop that has several equal-cost candidates. Building costs O(nodes + links). The one exception is a
 * fabric given as a whole graph (read from another tool,
 * {@link org.fabricsim.runtime.topology.GraphFabricParameters}): it is routed by shortest paths, one
 * breadth-first search per destination, kept.
 */
package org.fabricsim.runtime.topology;
