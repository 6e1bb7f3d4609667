package org.fabricsim.dsl.formatting2;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.formatting2.AbstractFormatter2;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.IHiddenRegionFormatter;
import org.eclipse.xtext.formatting2.ITextReplacer;
import org.eclipse.xtext.formatting2.internal.MultilineCommentReplacer;
import org.eclipse.xtext.formatting2.internal.WhitespaceReplacer;
import org.eclipse.xtext.formatting2.regionaccess.IComment;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegionsFinder;
import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.fabric.Element;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Import;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Quantity;

import com.google.inject.Inject;

/**
 * The canonical layout of a {@code .fabric} file, so that diffs stay clean: one blank line between
 * definitions, one statement per line inside blocks indented by four spaces, single spaces between
 * tokens, none before commas or around {@code :} in ratios, and {@code $2.50/h} written together.
 * Comments are kept. Formatting is idempotent.
 */
public class FabricFormatter extends AbstractFormatter2 {

    @Inject
    private BlockStatements statements;

    @Override
    public void format(Object object, IFormattableDocument document) {
        if (object instanceof XtextResource resource && !resource.getContents().isEmpty()) {
            formatFile((Model) resource.getContents().get(0), document);
        }
    }

    private void formatFile(Model model, IFormattableDocument document) {
        for (ISemanticRegion region : getTextRegionAccess().regionForRootEObject().getAllSemanticRegions()) {
            formatToken(region, document);
        }
        boolean hasPackage = regionFor(model).keyword("package") != null;
        int index = 0;
        for (Import imported : model.getImports()) {
            int newLines = index++ == 0 ? (hasPackage ? 2 : 0) : 1;
            document.set(getTextRegionAccess().regionForEObject(imported).getPreviousHiddenRegion(),
                    f -> f.setNewLines(newLines));
        }
        boolean atStart = !hasPackage && model.getImports().isEmpty();
        for (Element element : model.getElements()) {
            int newLines = atStart ? 0 : 2;
            atStart = false;
            document.set(getTextRegionAccess().regionForEObject(element).getPreviousHiddenRegion(),
                    f -> f.setNewLines(newLines));
        }
        document.set(getTextRegionAccess().regionForRootEObject().getNextHiddenRegion(), f -> f.setNewLines(1));
        formatBlocks(model, document);
    }

    private ISemanticRegionsFinder regionFor(EObject object) {
        return getTextRegionAccess().getExtensions().regionFor(object);
    }

    private void formatBlocks(EObject object, IFormattableDocument document) {
        var open = regionFor(object).keyword("{");
        var close = regionFor(object).keyword("}");
        if (open != null && close != null) {
            document.interior(open, close, f -> f.indent());
            document.prepend(close, f -> f.newLine());
            document.append(open, f -> f.newLine());
        }
        var bracketOpen = regionFor(object).keyword("[");
        if (bracketOpen != null) {
            document.append(bracketOpen, f -> f.noSpace());
            document.prepend(regionFor(object).keyword("]"), f -> f.noSpace());
        }
        if (object instanceof Quantity quantity && quantity.isDollars()) {
            document.append(regionFor(quantity).keyword("$"), f -> f.noSpace());
            var unit = regionFor(quantity).feature(Literals.QUANTITY__UNIT);
            if (unit != null) {
                document.prepend(unit, f -> f.noSpace());
            }
        }
        for (EObject child : object.eContents()) {
            formatBlocks(child, document);
        }
    }

    @Override
    public ITextReplacer createCommentReplacer(IComment comment) {
        ITextReplacer replacer = super.createCommentReplacer(comment);
        return replacer instanceof MultilineCommentReplacer && !comment.isMultiline() ? new OneLineBlockComment(comment)
                : replacer;
    }

    /**
     * A {@code /* ... *}{@code /} comment on one line keeps its place: on a line of its own when a line break
     * precedes it, else between its tokens. Xtext lays out the whitespace around it from whichever side holds
     * the first line break, so a comment on its own line inside a statement moved up to the line before on
     * one pass and pulled the next token up on the next: formatting was not idempotent (issue 21 fuzzing).
     */
    private static final class OneLineBlockComment extends MultilineCommentReplacer {
        OneLineBlockComment(IComment comment) {
            super(comment, '*');
        }

        @Override
        public void configureWhitespace(WhitespaceReplacer leading, WhitespaceReplacer trailing) {
            if (leading.getRegion().isMultiline()) {
                enforceNewLine(leading);
                enforceNewLine(trailing);
            } else {
                super.configureWhitespace(leading, trailing);
            }
        }
    }

    /** One space between tokens unless a more specific rule says otherwise. */
    private static void defaultSpace(IHiddenRegionFormatter formatter) {
        formatter.oneSpace();
        formatter.lowPriority();
    }

    private void formatToken(ISemanticRegion region, IFormattableDocument document) {
        EObject grammarElement = region.getGrammarElement();
        String text = region.getText();
        if (grammarElement instanceof Keyword && (text.equals(",") || text.equals(":"))) {
            document.prepend(region, f -> f.noSpace());
            if (text.equals(":")) {
                document.append(region, f -> f.noSpace());
            } else {
                document.append(region, FabricFormatter::defaultSpace);
            }
        } else {
            if (statements.beginsStatement(grammarElement)) {
                document.prepend(region, f -> f.newLine());
            }
            document.append(region, FabricFormatter::defaultSpace);
        }
    }
}
