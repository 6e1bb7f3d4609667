package org.fabricsim.runtime.result;

import java.util.Map;

/**
 * A search's summary on the console: its objective and counts, the rejections per rule, the best
 * configuration (its objective on the engine and its rank on the screen) against the one as written,
 * and the best as a definition to commit (docs/results-schema.md, studies[].search).
 */
final class SearchConsole {
    private SearchConsole() {
    }

    static String render(StudyResult.StudyInfo study) {
        Map<String, Object> s = study.search();
        StringBuilder out = new StringBuilder("# search ").append(study.name()).append(": ").append(s.get("objective"))
                .append("; considered ").append(s.get("considered")).append(", feasible ").append(s.get("feasible"))
                .append(", screened ").append(s.get("screened")).append(", passed ").append(s.get("passed"))
                .append(", refined ").append(s.get("refined"))
                .append('\n').append("  rejected by rule: ").append(s.get("rejected")).append('\n');
        if (s.get("best") instanceof Map<?, ?> best) {
            out.append("  best: ").append(best.get("variation")).append(": ").append(best.get("objective"))
                    .append(" (screen rank ").append(best.get("screenRank")).append(")\n");
            if (s.get("written") instanceof Map<?, ?> written) {
                out.append("  as written: ").append(written.get("objective")).append(" (screen rank ")
                        .append(written.get("screenRank")).append(")\n");
            }
            out.append(best.get("definition"));
        }
        return out.toString();
    }
}
