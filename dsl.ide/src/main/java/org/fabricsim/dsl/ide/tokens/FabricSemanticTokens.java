package org.fabricsim.dsl.ide.tokens;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensLegend;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.EnumLiteralDeclaration;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.services.FabricGrammarAccess;
import org.fabricsim.dsl.ide.symbols.FabricSymbolKinds;

import com.google.inject.Inject;

/**
 * Semantic tokens: every name, where it is defined and where it is used, typed by the kind of what it names
 * ({@link FabricSymbolKinds}: an accelerator a class, a fabric an interface, NICs, switches and nodes structs,
 * a cluster a variable, workloads and studies functions, collectives methods, vendors and packages
 * namespaces, costs and profiles read-only variables), numbers (a quantity's value) and units. A name is one
 * token whatever digits it holds ({@code B200_CX8}, {@code NVLink5}); a definition carries the
 * {@code declaration} modifier and a name from the standard catalog {@code defaultLibrary}.
 *
 * <p>Cost: one pass over the model and its nodes, O(n log n) in the tokens for sorting them.
 */
public class FabricSemanticTokens {
    /** Token types, in legend order. */
    public static final List<String> TYPES = List.of("namespace", "class", "interface", "struct", "variable",
            "function", "method", "number", "enumMember");
    /** Token modifiers, in legend order (bit i is modifier i). */
    public static final List<String> MODIFIERS = List.of("declaration", "readonly", "defaultLibrary");
    public static final SemanticTokensLegend LEGEND = new SemanticTokensLegend(TYPES, MODIFIERS);

    private static final int DECLARATION = 1;
    private static final int READONLY = 2;
    private static final int DEFAULT_LIBRARY = 4;
    private static final int NUMBER = TYPES.indexOf("number");
    private static final int UNIT = TYPES.indexOf("enumMember");
    private static final int INTS_PER_TOKEN = 5;

    @Inject
    private FabricGrammarAccess grammar;

    @Inject
    private StandardCatalog catalog;

    private record Token(int offset, int length, int type, int modifiers) {
    }

    /** The tokens of {@code resource}, whose text is {@code document}'s, encoded as LSP relative positions. */
    public SemanticTokens tokens(Document document, XtextResource resource, CancelIndicator cancel) {
        if (document == null || resource == null || resource.getParseResult() == null) {
            return new SemanticTokens(List.of());
        }
        List<Token> tokens = new ArrayList<>();
        Set<URI> library = Set.copyOf(catalog.fileUris());
        TreeIterator<EObject> contents = resource.getAllContents();
        while (contents.hasNext()) {
            if (cancel.isCanceled()) {
                return new SemanticTokens(List.of());
            }
            EObject object = contents.next();
            names(object, library, tokens);
        }
        literals(resource.getParseResult().getRootNode(), tokens);
        return encode(document, tokens);
    }

    /** The object's own name, and the names it refers to. */
    private static void names(EObject object, Set<URI> library, List<Token> tokens) {
        EStructuralFeature name = object.eClass().getEStructuralFeature("name");
        if (name != null) {
            for (INode node : NodeModelUtils.findNodesForFeature(object, name)) {
                add(tokens, node, type(object.eClass()), DECLARATION | modifiers(object.eClass()));
            }
        }
        if (object.eClass() == Literals.IMPORT) {
            for (INode node : NodeModelUtils.findNodesForFeature(object, Literals.IMPORT__IMPORTED_NAMESPACE)) {
                add(tokens, node, TYPES.indexOf("namespace"), 0);
            }
        }
        for (EReference reference : object.eClass().getEAllReferences()) {
            if (reference.isContainment() || reference.isContainer()) {
                continue;
            }
            List<INode> nodes = NodeModelUtils.findNodesForFeature(object, reference);
            List<EObject> targets = targets(object, reference);
            for (int i = 0; i < nodes.size(); i++) {
                EObject target = i < targets.size() ? targets.get(i) : null;
                EClass type = target != null && !target.eIsProxy() ? target.eClass() : reference.getEReferenceType();
                boolean fromCatalog = target != null && !target.eIsProxy() && target.eResource() != null
                        && library.contains(target.eResource().getURI());
                add(tokens, nodes.get(i), type(type), modifiers(type) | (fromCatalog ? DEFAULT_LIBRARY : 0));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<EObject> targets(EObject object, EReference reference) {
        Object value = object.eGet(reference, true);
        if (reference.isMany()) {
            return (List<EObject>) value;
        }
        return value == null ? List.of() : List.of((EObject) value);
    }

    /** Numbers (a whole {@code Decimal}, or an INT elsewhere) and units. */
    private void literals(INode root, List<Token> tokens) {
        for (ILeafNode leaf : root.getLeafNodes()) {
            if (leaf.isHidden()) {
                continue;
            }
            EObject element = leaf.getGrammarElement();
            if (element instanceof EnumLiteralDeclaration literal
                    && GrammarUtil.containingRule(literal) == grammar.getUnitRule()) {
                add(tokens, leaf, UNIT, 0);
            } else if (element instanceof RuleCall call && call.getRule() == grammar.getINTRule()) {
                INode parent = leaf.getParent();
                boolean decimal = parent != null && parent.getGrammarElement() instanceof RuleCall rule
                        && rule.getRule() == grammar.getDecimalRule();
                if (!decimal || parent.getOffset() == leaf.getOffset()) {
                    add(tokens, decimal ? parent : leaf, NUMBER, 0);
                }
            }
        }
    }

    private static void add(List<Token> tokens, INode node, int type, int modifiers) {
        if (node.getLength() > 0 && type >= 0) {
            tokens.add(new Token(node.getOffset(), node.getLength(), type, modifiers));
        }
    }

    private static int type(EClass type) {
        SymbolKind kind = FabricSymbolKinds.of(type);
        return switch (kind) {
            case Package, Namespace -> TYPES.indexOf("namespace");
            case Class -> TYPES.indexOf("class");
            case Interface -> TYPES.indexOf("interface");
            case Struct -> TYPES.indexOf("struct");
            case Function -> TYPES.indexOf("function");
            case Operator -> TYPES.indexOf("method");
            case Object, Constant -> TYPES.indexOf("variable");
            default -> -1;
        };
    }

    private static int modifiers(EClass type) {
        return FabricSymbolKinds.of(type) == SymbolKind.Constant ? READONLY : 0;
    }

    /** LSP's encoding: per token, line and start relative to the previous token, length, type and modifiers. */
    private static SemanticTokens encode(Document document, List<Token> tokens) {
        tokens.sort(Comparator.comparingInt(Token::offset));
        List<Integer> data = new ArrayList<>(tokens.size() * INTS_PER_TOKEN);
        int lastLine = 0;
        int lastCharacter = 0;
        int lastEnd = -1;
        for (Token token : tokens) {
            Position start = document.getPosition(token.offset());
            Position end = document.getPosition(token.offset() + token.length());
            if (token.offset() < lastEnd || start.getLine() != end.getLine()) {
                continue; // overlapping or spanning lines: LSP tokens may do neither
            }
            data.add(start.getLine() - lastLine);
            data.add(start.getLine() == lastLine ? start.getCharacter() - lastCharacter : start.getCharacter());
            data.add(token.length());
            data.add(token.type());
            data.add(token.modifiers());
            lastLine = start.getLine();
            lastCharacter = start.getCharacter();
            lastEnd = token.offset() + token.length();
        }
        return new SemanticTokens(data);
    }
}
