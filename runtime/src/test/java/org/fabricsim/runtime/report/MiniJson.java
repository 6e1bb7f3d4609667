package org.fabricsim.runtime.report;

import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;

/** Test helper: a trace document's events as plain maps (numbers as Double). */
final class MiniJson {
    private MiniJson() {
    }

    static List<Map<String, Object>> events(String trace) {
        Map<String, Object> root = new Gson().fromJson(trace, new TypeToken<Map<String, Object>>() { }.getType());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> events = (List<Map<String, Object>>) root.get("traceEvents");
        return events;
    }
}
