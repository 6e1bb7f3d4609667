/**
 * The packet-level network backend, behind {@link org.fabricsim.runtime.network.NetworkModel}:
 * {@link org.fabricsim.runtime.packet.PacketNetwork} cuts flows into packets of an MTU plus
 * headers and simulates NIC injection, link serialization and propagation, output-queued switch
 * ports over a shared buffer (lossy dynamic threshold, PFC, or credits), ECN, loss from overflow
 * and bit errors, go-back-N and selective-repeat recovery, trimming, DCQCN, HPCC, Swift and
 * packet-grain routing.
 *
 * <p>Data-oriented: packets, flows, flow classes and ports are int handles into primitive arrays
 * ({@code Packets}: one record of ints per packet, which carries what forwarding reads; {@code Flows},
 * {@code FlowClasses}, {@code SwitchBuffers}); events are int words
 * ordered by picoseconds ({@code EventQueue}: FIFO lanes per fixed delay and a heap); nothing is allocated per packet once
 * the arrays have grown. All randomness comes from the simulation's seeded source. See
 * docs/packet-backend.md for the model, its sourced defaults and what it does not model.
 */
package org.fabricsim.runtime.packet;
