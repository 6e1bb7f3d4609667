/**
 * Interop with other tools' descriptions of a cluster: InfraGraph (Keysight's vendor-neutral cluster
 * graph, schema 2.4.0) export of a built {@link org.fabricsim.runtime.topology.Graph} and import into a
 * checked one. See docs/interop.md.
 */
package org.fabricsim.runtime.interop;
