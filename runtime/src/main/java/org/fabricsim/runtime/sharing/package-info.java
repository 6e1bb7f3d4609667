/**
 * Jobs that share a fabric: collective benchmarks, training jobs and serving deployments on given
 * node ranges of one cluster, each run by its own engine alone and beside the others ({@link
 * org.fabricsim.runtime.sharing.FluidSharing}: the fluid fixed point of their steady link loads),
 * with the switches' in-network aggregation trees granted to collective jobs in job order.
 */
package org.fabricsim.runtime.sharing;
