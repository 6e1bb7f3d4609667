package org.fabricsim.runtime.collective;

/**
 * Per-link load of a run, summarized. The time-weighted utilization of link ℓ over a run of
 * length T is u_ℓ = bytes_ℓ / (c_ℓ · T) — the time average of its load over its capacity.
 *
 * @param linksUsed          links that carried any byte
 * @param maxUtilization     the largest u_ℓ
 * @param meanUtilization    the mean u_ℓ over the links used
 * @param hottestLink        the link with the largest u_ℓ, or −1
 * @param hottestLinkFrom    its source node, or −1
 * @param hottestLinkTo      its target node, or −1
 */
public record LinkUsage(int linksUsed, double maxUtilization, double meanUtilization, int hottestLink,
        int hottestLinkFrom, int hottestLinkTo) {
}
