/**
 * Jobs that share a fabric: several workloads on given node ranges of one cluster, each costed
 * alone and beside the others ({@link org.fabricsim.runtime.sharing.SharedFabric}), with the
 * switches' in-network aggregation trees granted in job order.
 */
package org.fabricsim.runtime.sharing;
