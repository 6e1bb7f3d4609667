package org.fabricsim.dsl.ui.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.QualifiedName;
import org.eclipse.core.runtime.Status;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Turns Xtext validation issues into problem markers ({@link FabricLanguage#PROBLEM_MARKER}, a
 * subtype of {@link IMarker#PROBLEM}) on a workspace file, replacing the markers of the previous
 * validation. Markers are written by a workspace job holding the file's marker rule; when several
 * validations of one file are queued, only the newest one is written.
 */
public final class ProblemMarkers {

    /**
     * Session property set on a file each time its markers have been replaced; its value is the
     * number of the validation, which grows with every validation of the file.
     */
    public static final QualifiedName VALIDATION_STAMP = new QualifiedName(FabricLanguage.PLUGIN_ID,
            "validationStamp");

    private static final AtomicLong STAMPS = new AtomicLong();

    private static final Map<IFile, Long> NEWEST = new ConcurrentHashMap<>();

    private ProblemMarkers() {
    }

    /**
     * Schedules the replacement of the FabricSim problem markers of {@code file} by {@code issues}.
     *
     * @param file the validated file
     * @param issues the issues found in the file's current text
     */
    public static void replace(IFile file, List<Issue> issues) {
        long stamp = STAMPS.incrementAndGet();
        NEWEST.put(file, stamp);
        List<Map<String, Object>> markers = toMarkerAttributes(issues);
        WorkspaceJob job = new WorkspaceJob("Updating FabricSim problems of " + file.getName()) {
            @Override
            public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
                if (NEWEST.getOrDefault(file, stamp) > stamp || !file.exists()) {
                    return Status.OK_STATUS;
                }
                file.deleteMarkers(FabricLanguage.PROBLEM_MARKER, true, IResource.DEPTH_ZERO);
                for (Map<String, Object> attributes : markers) {
                    file.createMarker(FabricLanguage.PROBLEM_MARKER, attributes);
                }
                file.setSessionProperty(VALIDATION_STAMP, stamp);
                NEWEST.remove(file, stamp);
                return Status.OK_STATUS;
            }
        };
        job.setRule(ResourcesPlugin.getWorkspace().getRuleFactory().markerRule(file));
        job.setSystem(true);
        job.schedule();
    }

    /**
     * Computes the attributes of the markers for {@code issues}; issues of severity IGNORE are left out.
     *
     * @param issues validation issues
     * @return one attribute map per marker
     */
    public static List<Map<String, Object>> toMarkerAttributes(List<Issue> issues) {
        List<Map<String, Object>> result = new ArrayList<>();
        for (Issue issue : issues) {
            Integer severity = markerSeverity(issue.getSeverity());
            if (severity == null) {
                continue;
            }
            Map<String, Object> attributes = new HashMap<>();
            attributes.put(IMarker.SEVERITY, severity);
            attributes.put(IMarker.MESSAGE, issue.getMessage());
            if (issue.getLineNumber() != null) {
                attributes.put(IMarker.LINE_NUMBER, issue.getLineNumber());
                attributes.put(IMarker.LOCATION, "line " + issue.getLineNumber());
            }
            if (issue.getOffset() != null && issue.getLength() != null) {
                attributes.put(IMarker.CHAR_START, issue.getOffset());
                attributes.put(IMarker.CHAR_END, issue.getOffset() + issue.getLength());
            }
            if (issue.getCode() != null) {
                attributes.put(FabricLanguage.CODE_ATTRIBUTE, issue.getCode());
            }
            if (issue.getData() != null && issue.getData().length > 0) {
                attributes.put(FabricLanguage.DATA_ATTRIBUTE, String.join(FabricLanguage.DATA_SEPARATOR,
                        issue.getData()));
            }
            result.add(attributes);
        }
        return result;
    }

    private static Integer markerSeverity(Severity severity) {
        if (severity == null) {
            return null;
        }
        return switch (severity) {
            case ERROR -> IMarker.SEVERITY_ERROR;
            case WARNING -> IMarker.SEVERITY_WARNING;
            case INFO -> IMarker.SEVERITY_INFO;
            case IGNORE -> null;
        };
    }
}
