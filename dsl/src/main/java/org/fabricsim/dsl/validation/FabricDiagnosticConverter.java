package org.fabricsim.dsl.validation;

import java.lang.reflect.Method;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.AbstractDiagnostic;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.resource.XtextSyntaxDiagnostic;
import org.eclipse.xtext.util.IAcceptor;
import org.eclipse.xtext.validation.CheckType;
import org.eclipse.xtext.validation.DiagnosticConverterImpl;
import org.eclipse.xtext.validation.Issue;

/**
 * Xtext's conversion of parse and link diagnostics, with lines counted where Xtext cannot: at the very
 * end of a text that ends with a lone {@code \r} (an old Mac line break), Xtext's line lookup reads one
 * character past the text and throws, and the validator then dropped every diagnostic of the file, so
 * {@code cluster\r} validated without an error (issue 21, found by the language-server campaign). Such
 * a diagnostic is placed by counting {@code \r\n}, {@code \r} and {@code \n} as one line break each, as
 * the language server counts them. A lexer error on the {@code \r} of a {@code \r\n} ("the character '\r' has no
 * meaning here") ended between the two characters, one column past the end of its line in the editor's
 * counting (found by the editor campaign, session 61); it now takes the whole line break, ending where the next
 * line starts, as one on a lone {@code \n} does.
 */
public class FabricDiagnosticConverter extends DiagnosticConverterImpl {

    @Override
    public void convertResourceDiagnostic(Resource.Diagnostic diagnostic, Severity severity,
            IAcceptor<Issue> acceptor) {
        INode syntaxNode = diagnostic instanceof XtextSyntaxDiagnostic syntax ? nodeOf(syntax) : null;
        IAcceptor<Issue> whole = syntaxNode == null ? acceptor
                : issue -> acceptor.accept(wholeLineBreak(issue, syntaxNode.getRootNode().getText()));
        try {
            super.convertResourceDiagnostic(diagnostic, severity, whole);
        } catch (IndexOutOfBoundsException pastTheEnd) {
            INode node = diagnostic instanceof AbstractDiagnostic located ? nodeOf(located) : null;
            if (node == null) {
                throw pastTheEnd;
            }
            acceptor.accept(counted((AbstractDiagnostic) diagnostic, node, severity));
        }
    }

    /** {@code issue}, ending after the {@code \n} where it ended between a {@code \r} and that {@code \n}. */
    private static Issue wholeLineBreak(Issue issue, String text) {
        if (!(issue instanceof Issue.IssueImpl split) || split.getOffset() == null || split.getLength() == null
                || split.getLineNumberEnd() == null) {
            return issue;
        }
        int end = split.getOffset() + split.getLength();
        if (end > 0 && end < text.length() && text.charAt(end - 1) == '\r' && text.charAt(end) == '\n') {
            split.setLength(split.getLength() + 1);
            split.setLineNumberEnd(split.getLineNumberEnd() + 1);
            split.setColumnEnd(1);
        }
        return issue;
    }

    /**
     * The node a diagnostic stands on. Xtext keeps {@code getNode()} protected and gives no other way to the
     * text around a parse or link diagnostic, so it is read reflectively; null if that is not possible.
     */
    private static INode nodeOf(AbstractDiagnostic diagnostic) {
        try {
            Method getNode = AbstractDiagnostic.class.getDeclaredMethod("getNode");
            getNode.setAccessible(true);
            return (INode) getNode.invoke(diagnostic);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static Issue counted(AbstractDiagnostic diagnostic, INode node, Severity severity) {
        String text = node.getRootNode().getText();
        int offset = Math.min(node.getOffset(), text.length());
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                line++;
                lineStart = i + 1;
            }
        }
        Issue.IssueImpl issue = new Issue.IssueImpl();
        issue.setSeverity(severity);
        issue.setMessage(diagnostic.getMessage());
        issue.setCode(diagnostic.getCode());
        issue.setData(diagnostic.getData());
        issue.setType(CheckType.FAST);
        issue.setSyntaxError(diagnostic instanceof XtextSyntaxDiagnostic);
        issue.setOffset(offset);
        issue.setLength(Math.max(0, Math.min(node.getLength(), text.length() - offset)));
        issue.setLineNumber(line);
        issue.setColumn(offset - lineStart + 1);
        issue.setLineNumberEnd(line);
        issue.setColumnEnd(offset - lineStart + 1);
        return issue;
    }
}
