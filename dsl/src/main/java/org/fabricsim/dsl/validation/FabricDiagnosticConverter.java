package org.fabricsim.dsl.validation;

import java.lang.reflect.Method;
import java.util.List;

import org.eclipse.emf.common.util.Diagnostic;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.AbstractDiagnostic;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextSyntaxDiagnostic;
import org.eclipse.xtext.util.IAcceptor;
import org.eclipse.xtext.validation.CheckType;
import org.eclipse.xtext.validation.DiagnosticConverterImpl;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.parser.BlockSyntax;

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
 *
 * <p>A check's diagnostic on an element whose text the parser recovered from (its node holds a syntax error, or
 * its block was never closed: the syntax error of a file that ends inside it stands after it) is dropped: it can
 * only repeat the syntax error in other words. Session 66 found a unit error after a syntax error on its line; a
 * stray {@code ;} in a sketched cluster ended its block before its {@code link}, and the cluster check then asked
 * for the link the user had written. Whatever still holds is reported once the text parses. The file's root, which
 * holds every syntax error, is exempt, so that checks of the file as a whole still run. Of the syntax errors of one
 * line, only the first is reported: the others follow from the parser's recovery from it.
 */
public class FabricDiagnosticConverter extends DiagnosticConverterImpl {

    @Override
    public void convertValidatorDiagnostic(Diagnostic diagnostic, IAcceptor<Issue> acceptor) {
        if (!onRecoveredText(diagnostic)) {
            super.convertValidatorDiagnostic(diagnostic, acceptor);
        }
    }

    /**
     * Whether {@code diagnostic} stands on an element, not the root, whose nodes hold a syntax error or whose block
     * is open ({@link BlockSyntax#isOpen}). O(1) for a file
     * without syntax errors, else O(nodes of the element).
     */
    private static boolean onRecoveredText(Diagnostic diagnostic) {
        EObject element = diagnostic.getData().isEmpty() || !(diagnostic.getData().get(0) instanceof EObject e) ? null
                : e;
        if (element == null || element.eContainer() == null || element.eResource() == null
                || element.eResource().getErrors().stream().noneMatch(XtextSyntaxDiagnostic.class::isInstance)) {
            return false;
        }
        ICompositeNode node = NodeModelUtils.getNode(element);
        if (node != null && BlockSyntax.isOpen(node)) {
            return true;
        }
        if (node != null) {
            for (INode part : node.getAsTreeIterable()) {
                if (part.getSyntaxErrorMessage() != null) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public void convertResourceDiagnostic(Resource.Diagnostic diagnostic, Severity severity,
            IAcceptor<Issue> acceptor) {
        INode syntaxNode = diagnostic instanceof XtextSyntaxDiagnostic syntax ? nodeOf(syntax) : null;
        if (syntaxNode != null && followsAnotherOnItsLine((XtextSyntaxDiagnostic) diagnostic, syntaxNode)) {
            return;
        }
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

    /**
     * Whether a syntax error stands before {@code syntax} (on {@code node}) on its line: the parser's recovery from
     * the first (it skips or assumes a token) makes the rest of the line read wrongly ('nodes x 8 accelerators' lacks
     * its count, then, the 'x' skipped, "expected 'x'"), and the rest is read again once the first is fixed.
     * O(syntax errors of the file), each compared by its offset with the start of the line.
     */
    private static boolean followsAnotherOnItsLine(XtextSyntaxDiagnostic syntax, INode node) {
        EObject model = node.getRootNode().getSemanticElement();
        Resource resource = model == null ? null : model.eResource();
        String text = node.getRootNode().getText();
        int at = syntax.getOffset();
        int lineStart = Math.max(text.lastIndexOf('\n', at - 1), text.lastIndexOf('\r', at - 1)) + 1;
        for (Resource.Diagnostic other : resource == null ? List.<Resource.Diagnostic>of() : resource.getErrors()) {
            if (other instanceof XtextSyntaxDiagnostic earlier && earlier.getOffset() >= lineStart
                    && earlier.getOffset() < at) {
                return true;
            }
        }
        return false;
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
