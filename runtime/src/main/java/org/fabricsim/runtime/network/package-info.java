/**
 * Network models behind one interface, {@link org.fabricsim.runtime.network.NetworkModel}.
 *
 * <ul>
 * <li>{@link org.fabricsim.runtime.network.MaxMinNetwork}: flow level. Links are capacity
 * constraints, flow classes (flows with one path, start and size, weighted by multiplicity) are
 * variables; rates are max-min fair by progressive filling, re-solved only on the connected
 * component of the constraint graph that an arrival or completion touched.</li>
 * <li>{@link org.fabricsim.runtime.network.AnalyticalNetwork}: alpha-beta with the bottleneck
 * bandwidth of the path and no sharing, for cross-checks and quick estimates.</li>
 * <li>{@code org.fabricsim.runtime.packet.PacketNetwork}: packet level, in its own package.</li>
 * </ul>
 *
 * <p>Both keep flow state in primitive arrays indexed by int handles, projected completions in an
 * indexed heap, and per-link byte counters (the time integral of the link's load, from which
 * time-weighted utilization follows).
 */
package org.fabricsim.runtime.network;
