package org.fabricsim.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Spark application a warm sweep server ({@link WarmSweep}) keeps between calls, so that a sweep after the
 * first finds its SparkContext started: a call with the same master (resolved as {@link SparkApps#chosenMaster})
 * and {@code --conf} settings reuses it; a call with others stops it and starts theirs, as does a call after the
 * application stopped or failed to start. It keeps the application name of the call that started it. One server
 * answers one call at a time; the methods are synchronized all the same.
 */
final class KeptSpark implements SparkApps.Source {
    /** The master and settings of {@link #kept}. */
    private List<Object> key;
    private SparkApps.Starting kept;

    @Override
    public synchronized SparkApps.Starting open(String master, Map<String, String> settings, String name) {
        List<Object> wanted = List.of(SparkApps.chosenMaster(master), new LinkedHashMap<>(settings));
        if (kept != null && (!wanted.equals(key) || !kept.usable())) {
            kept.close();
            kept = null;
        }
        if (kept == null) {
            kept = SparkApps.startInBackground(master, settings, name);
            key = wanted;
        }
        return kept.borrowed();
    }
}
