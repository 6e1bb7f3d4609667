/**
 * Routing policies over a {@link org.fabricsim.runtime.topology.ClusterTopology}: hashed ECMP
 * (per flow, reproducible by seed), adaptive least-loaded, and packet spraying. Dragonfly
 * minimal/Valiant and torus dimension-order routes are the fabrics' own algorithms; the policy
 * only decides among equal-cost candidates. Every route is computed in O(hops) by arithmetic.
 */
package org.fabricsim.runtime.routing;
