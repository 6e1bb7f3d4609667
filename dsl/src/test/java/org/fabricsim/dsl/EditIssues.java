package org.fabricsim.dsl;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.FieldMutations.Mutation;

/**
 * How the editor answers one edit of the field audits ({@link EveryFieldReachesTheSpecTest},
 * {@link EveryFieldMovesTheResultTest}), against the issues of the unedited text: it refuses the edit with a new
 * error, or names the value with a new info or warning on the edited object or one holding it, or with one there
 * over the edited text, before or after the edit (deleting {@code scheduled} deletes the info that says it is not
 * simulated, which named it).
 */
final class EditIssues {
    private final List<Issue> base;
    private final Set<String> baseKeys;

    /** @param base the issues of the unedited text */
    EditIssues(List<Issue> base) {
        this.base = List.copyOf(base);
        this.baseKeys = base.stream().map(EditIssues::key).collect(Collectors.toSet());
    }

    /** Whether the edited text's {@code issues} hold an error the unedited text did not have. */
    boolean refuses(List<Issue> issues) {
        return issues.stream().anyMatch(i -> i.getSeverity() == Severity.ERROR && !baseKeys.contains(key(i)));
    }

    /** Whether an issue of the edited text ({@code issues}) or of the unedited one names the edited value. */
    boolean names(List<Issue> issues, Mutation mutation) {
        return Stream.concat(issues.stream(), base.stream())
                .anyMatch(i -> on(i, mutation) && (!baseKeys.contains(key(i)) || over(i, mutation)));
    }

    private static boolean on(Issue issue, Mutation mutation) {
        String fragment = issue.getUriToProblem() == null ? null : issue.getUriToProblem().fragment();
        return fragment != null && (mutation.fragment().equals(fragment)
                || !fragment.equals("/") && mutation.fragment().startsWith(fragment + "/"));
    }

    private static boolean over(Issue issue, Mutation mutation) {
        int start = issue.getOffset() == null ? -1 : issue.getOffset();
        int end = start + (issue.getLength() == null ? 0 : issue.getLength());
        return start <= mutation.offset() + mutation.replacement().length() && mutation.offset() <= end;
    }

    private static String key(Issue issue) {
        return issue.getCode() + "@" + (issue.getUriToProblem() == null ? "" : issue.getUriToProblem().fragment());
    }
}
