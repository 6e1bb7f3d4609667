package org.fabricsim.dsl.ide.fuzz;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * What LSP 3.17 requires of each answer's positions, checked against the editor's own copy of the document
 * ({@link TextMirror}): every range inside the document, a completion's edit on one line and around the caret, a
 * symbol's selection range inside its range, a response's edits not overlapping, semantic tokens on a line and
 * of a type in the legend. Each check reports a problem in words to {@code problems}.
 */
final class ResponseChecks {
    private final TextMirror text;
    private final String uri;
    private final Consumer<String> problems;

    ResponseChecks(TextMirror text, String uri, Consumer<String> problems) {
        this.text = text;
        this.uri = uri;
        this.problems = problems;
    }

    private void range(String what, Range range) {
        if (!text.contains(range)) {
            problems.accept(what + " range " + describe(range) + " outside the document (" + text.lineCount()
                    + " lines)" + (range != null && range.getStart().getLine() < text.lineCount()
                            ? lineAt(range.getStart().getLine()) : ""));
        }
    }

    /** The line, escaped and shortened, for a report. */
    private String lineAt(int line) {
        int start = text.offset(new Position(line, 0));
        String shown = text.text().substring(start, start + Math.min(100, text.lineLength(line)));
        StringBuilder escaped = new StringBuilder(": line '");
        shown.chars().forEach(c -> escaped.append(c < 32 || c > 126 ? String.format("\\u%04x", c) : (char) c));
        return escaped.append("'").toString();
    }

    private static String describe(Range range) {
        return range == null ? "null" : range.getStart().getLine() + ":" + range.getStart().getCharacter() + "-"
                + range.getEnd().getLine() + ":" + range.getEnd().getCharacter();
    }

    void diagnostics(List<Diagnostic> diagnostics) {
        diagnostics.forEach(d -> range("diagnostic '" + (d.getCode() == null ? "" : d.getCode().get()) + "'",
                d.getRange()));
    }

    void completion(Either<List<CompletionItem>, CompletionList> answer, Position caret) {
        List<CompletionItem> items = answer == null ? List.of() : answer.isLeft() ? answer.getLeft()
                : answer.getRight().getItems();
        Position clamped = clamp(caret);
        for (CompletionItem item : items) {
            if (item.getTextEdit() != null) {
                Range edit = item.getTextEdit().isLeft() ? item.getTextEdit().getLeft().getRange()
                        : item.getTextEdit().getRight().getInsert();
                range("completion '" + item.getLabel() + "' edit", edit);
                if (text.contains(edit) && (edit.getStart().getLine() != edit.getEnd().getLine()
                        || text.offset(edit.getStart()) > text.offset(clamped)
                        || text.offset(edit.getEnd()) < text.offset(clamped))) {
                    problems.accept("completion '" + item.getLabel() + "' edit " + describe(edit)
                            + " not a one-line range around the caret " + describe(new Range(clamped, clamped))
                            + lineAt(clamped.getLine()));
                }
            }
            if (item.getAdditionalTextEdits() != null) {
                item.getAdditionalTextEdits().forEach(e -> range("completion's additional edit", e.getRange()));
            }
        }
    }

    /** The caret as the server reads it: past a line's end at its end, past the last line at the document's end. */
    Position clamp(Position caret) {
        if (caret.getLine() >= text.lineCount()) {
            return text.position(text.text().length());
        }
        return new Position(caret.getLine(), Math.min(caret.getCharacter(), text.lineLength(caret.getLine())));
    }

    void hover(Hover hover) {
        if (hover != null && hover.getRange() != null) {
            range("hover", hover.getRange());
        }
    }

    void definition(Either<List<? extends Location>, List<? extends LocationLink>> answer) {
        if (answer == null) {
            return;
        }
        if (answer.isLeft()) {
            answer.getLeft().stream().filter(l -> uri.equals(l.getUri())).forEach(l -> range("definition",
                    l.getRange()));
        } else {
            answer.getRight().stream().filter(l -> uri.equals(l.getTargetUri())).forEach(l -> {
                range("definition target", l.getTargetRange());
                range("definition target selection", l.getTargetSelectionRange());
            });
        }
    }

    void symbols(List<Either<SymbolInformation, DocumentSymbol>> symbols) {
        if (symbols == null) {
            return;
        }
        for (Either<SymbolInformation, DocumentSymbol> symbol : symbols) {
            if (symbol.isLeft()) {
                range("symbol " + symbol.getLeft().getName(), symbol.getLeft().getLocation().getRange());
            } else {
                symbol(symbol.getRight(), null);
            }
        }
    }

    private void symbol(DocumentSymbol symbol, DocumentSymbol parent) {
        range("symbol " + symbol.getName(), symbol.getRange());
        range("symbol " + symbol.getName() + " selection", symbol.getSelectionRange());
        if (!inside(symbol.getSelectionRange(), symbol.getRange())) {
            problems.accept("symbol " + symbol.getName() + " selection " + describe(symbol.getSelectionRange())
                    + " not inside its range " + describe(symbol.getRange()));
        }
        if (parent != null && !inside(symbol.getRange(), parent.getRange())) {
            problems.accept("symbol " + symbol.getName() + " range " + describe(symbol.getRange())
                    + " not inside its parent " + parent.getName() + "'s " + describe(parent.getRange()));
        }
        if (symbol.getChildren() != null) {
            symbol.getChildren().forEach(child -> symbol(child, symbol));
        }
    }

    private boolean inside(Range inner, Range outer) {
        return !text.contains(inner) || !text.contains(outer) || text.offset(inner.getStart()) >= text.offset(
                outer.getStart()) && text.offset(inner.getEnd()) <= text.offset(outer.getEnd());
    }

    void edits(String what, List<? extends TextEdit> edits) {
        if (edits == null) {
            return;
        }
        edits.forEach(e -> range(what + " edit", e.getRange()));
        List<? extends TextEdit> sorted = edits.stream().filter(e -> text.contains(e.getRange()))
                .sorted(Comparator.comparingInt(e -> text.offset(e.getRange().getStart()))).toList();
        for (int i = 1; i < sorted.size(); i++) {
            if (text.offset(sorted.get(i).getRange().getStart()) < text.offset(sorted.get(i - 1).getRange().getEnd())) {
                problems.accept(what + " edits overlap: " + describe(sorted.get(i - 1).getRange()) + " and "
                        + describe(sorted.get(i).getRange()));
            }
        }
    }

    /** The edits of this document that the code actions would make, each action's checked on its own. */
    List<List<TextEdit>> codeActions(List<Either<Command, CodeAction>> actions) {
        List<List<TextEdit>> fixes = new ArrayList<>();
        for (Either<Command, CodeAction> action : actions == null ? List.<Either<Command, CodeAction>>of() : actions) {
            WorkspaceEdit edit = action.isRight() ? action.getRight().getEdit() : null;
            if (edit == null) {
                continue;
            }
            List<TextEdit> mine = new ArrayList<>();
            if (edit.getChanges() != null && edit.getChanges().get(uri) != null) {
                mine.addAll(edit.getChanges().get(uri));
            }
            if (edit.getDocumentChanges() != null) {
                edit.getDocumentChanges().stream().filter(Either::isLeft).map(Either::getLeft)
                        .filter(d -> uri.equals(d.getTextDocument().getUri()))
                        .forEach(d -> d.getEdits().stream().filter(Either::isLeft).forEach(e -> mine.add(e.getLeft())));
            }
            edits("quick fix '" + action.getRight().getTitle() + "'", mine);
            fixes.add(mine);
        }
        return fixes;
    }

    void semanticTokens(SemanticTokens tokens, int legendSize) {
        List<Integer> data = tokens == null ? List.of() : tokens.getData();
        if (data.size() % 5 != 0) {
            problems.accept("semantic tokens: " + data.size() + " integers, not a multiple of 5");
            return;
        }
        int line = 0;
        int start = 0;
        for (int i = 0; i < data.size(); i += 5) {
            int deltaLine = data.get(i);
            start = deltaLine == 0 ? start + data.get(i + 1) : data.get(i + 1);
            line += deltaLine;
            int length = data.get(i + 2);
            if (deltaLine < 0 || line >= text.lineCount() || start < 0 || length <= 0
                    || start + length > text.lineLength(line) || data.get(i + 3) >= legendSize) {
                problems.accept("semantic token " + i / 5 + " at " + line + ":" + start + " length " + length + " type "
                        + data.get(i + 3) + " outside its line or legend (" + text.lineCount() + " lines)");
                return;
            }
        }
    }

    void foldingRanges(List<FoldingRange> ranges) {
        for (FoldingRange fold : ranges == null ? List.<FoldingRange>of() : ranges) {
            if (fold.getStartLine() < 0 || fold.getEndLine() < fold.getStartLine()
                    || fold.getEndLine() >= text.lineCount()) {
                problems.accept("folding range " + fold.getStartLine() + "-" + fold.getEndLine() + " outside the "
                        + "document (" + text.lineCount() + " lines)");
            }
        }
    }

    void inlayHints(List<InlayHint> hints) {
        for (InlayHint hint : hints == null ? List.<InlayHint>of() : hints) {
            if (!text.contains(hint.getPosition())) {
                problems.accept("inlay hint at " + hint.getPosition() + " outside the document");
            }
        }
    }
}
