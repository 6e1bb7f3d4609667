package org.fabricsim.runtime.benchmark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.packet.PortReport;

/**
 * The JSON rows of a packet run's busiest ports ({@code metrics.rows[].ports[]}, docs/results-schema.md):
 * one map per port with its link, its two nodes, bytes, drops, trims, marks, pause time in seconds and queue
 * occupancy in bytes. O(ports).
 */
final class PortRows {
    private PortRows() {
    }

    static List<Map<String, Object>> of(List<PortReport> ports) {
        return ports.stream().map(PortRows::row).toList();
    }

    private static Map<String, Object> row(PortReport port) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("link", port.link());
        row.put("fromNode", port.fromNode());
        row.put("toNode", port.toNode());
        row.put("sentBytes", port.sentBytes());
        row.put("retransmittedBytes", port.retransmittedBytes());
        row.put("drops", port.drops());
        row.put("trimmed", port.trimmed());
        row.put("ecnMarks", port.ecnMarks());
        row.put("pauseSeconds", port.pausePs() / 1e12);
        row.put("peakQueueBytes", port.peakQueueBytes());
        row.put("meanQueueBytes", port.meanQueueBytes());
        row.put("queueP50Bytes", port.queueP50Bytes());
        row.put("queueP99Bytes", port.queueP99Bytes());
        return row;
    }
}
