/**
 * Pictures of what the builder builds: {@link org.fabricsim.runtime.picture.TopologyPicture} draws a
 * cluster's network as SVG (tiers, rails, pods, planes and oversubscription), from the same counts the
 * topology builder uses, drawing every switch of a small cluster and a few of each kind, with their
 * counts, of a large one.
 */
package org.fabricsim.runtime.picture;
