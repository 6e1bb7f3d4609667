package org.fabricsim.dsl.ide.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TypeHierarchyPrepareParams;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.fabricsim.dsl.ide.tokens.FabricSemanticTokens;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Semantic tokens, outline kinds, inlay hints and the answer to requests the server does not implement,
 * through the real protocol (issue 19, the language server's gaps).
 */
class ProtocolServicesTest extends ClientPerTest {
    private static final String MODEL = CataloguedModel.TEXT;

    private TextDocumentIdentifier document;

    @BeforeEach
    void openDocument() throws Exception {
        document = client.open(root, "services.fabric", MODEL);
    }

    @Test
    void shouldAnswerAnUnimplementedRequestWithMethodNotFound() throws Exception {
        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> client.server.getTextDocumentService().prepareTypeHierarchy(
                        new TypeHierarchyPrepareParams(document, new Position(4, 9))).get(60, TimeUnit.SECONDS));
        ResponseErrorException error = (ResponseErrorException) failure.getCause();
        assertEquals(ResponseErrorCode.MethodNotFound.getValue(), error.getResponseError().getCode());
    }

    @Test
    void shouldTypeEveryNameAsOneTokenOfItsKind() throws Exception {
        SemanticTokens tokens = client.server.getTextDocumentService()
                .semanticTokensFull(new SemanticTokensParams(document)).get(60, TimeUnit.SECONDS);
        Map<String, String> typed = decode(tokens.getData());
        // the cluster's name is one token although it holds digits, a declaration of a variable
        assertEquals("variable declaration", typed.get("4:8:B200_CX8"), typed.toString());
        assertEquals("variable", typed.get("21:19:B200_CX8"), typed.toString());
        // DGX_H100 is a catalog node: a struct from the default library
        assertEquals("struct defaultLibrary", typed.get("5:14:DGX_H100"), typed.toString());
        assertEquals("interface defaultLibrary", typed.get("6:14:InfiniBand_NDR"), typed.toString());
        assertEquals("class declaration", typed.get("13:6:Small"), typed.toString());
        assertEquals("function declaration", typed.get("20:9:Train"), typed.toString());
        assertEquals("number", typed.get("5:10:4"), typed.toString());
        assertEquals("namespace", typed.get("2:7:fabric.catalog.nvidia.*"), typed.toString());
    }

    @Test
    void shouldGiveOutlineSymbolsTheirKinds() throws Exception {
        List<Either<SymbolInformation, DocumentSymbol>> symbols = client.server.getTextDocumentService()
                .documentSymbol(new DocumentSymbolParams(document)).get(60, TimeUnit.SECONDS);
        Map<String, SymbolKind> kinds = new LinkedHashMap<>();
        symbols.forEach(symbol -> collect(symbol, kinds));
        assertEquals(SymbolKind.Object, kinds.get("B200_CX8"), kinds.toString());
        assertEquals(SymbolKind.Class, kinds.get("Small"), kinds.toString());
        assertEquals(SymbolKind.Function, kinds.get("Train"), kinds.toString());
    }

    /** Each symbol's kind by its simple name, whether the answer is flat or hierarchical. */
    private static void collect(Either<SymbolInformation, DocumentSymbol> symbol, Map<String, SymbolKind> kinds) {
        if (symbol.isLeft()) {
            kinds.put(simple(symbol.getLeft().getName()), symbol.getLeft().getKind());
        } else {
            kinds.put(simple(symbol.getRight().getName()), symbol.getRight().getKind());
            if (symbol.getRight().getChildren() != null) {
                symbol.getRight().getChildren().forEach(child -> collect(Either.forRight(child), kinds));
            }
        }
    }

    @Test
    void shouldHintTheClustersAcceleratorsAndTheTrainingsMemory() throws Exception {
        List<InlayHint> hints = client.server.getTextDocumentService().inlayHint(new InlayHintParams(document,
                new Range(new Position(0, 0), new Position(30, 0)))).get(60, TimeUnit.SECONDS);
        Map<Integer, String> byLine = hints.stream().collect(Collectors.toMap(h -> h.getPosition().getLine(),
                h -> h.getLabel().getLeft()));
        // 4 nodes × 8 H100 per DGX H100 = 32 accelerators, after the name on line 4
        assertEquals("32 accelerators", byLine.get(4), byLine.toString());
        assertTrue(byLine.get(10).startsWith("oversubscription "), byLine.toString());
        // "N GB of C GB per accelerator (P %)": C is the H100's 81,559 MiB = 85,521,596,416 B = 85.5 GB
        Matcher memory = Pattern
                .compile("([0-9.]+) GB of 85\\.5 GB per accelerator \\(([0-9]+) %\\)").matcher(byLine.get(24));
        assertTrue(memory.matches(), byLine.toString());
        long share = Math.round(100 * Double.parseDouble(memory.group(1)) * 1e9 / 85_521_596_416.0);
        assertTrue(Math.abs(share - Long.parseLong(memory.group(2))) <= 1, byLine.toString());
    }

    private static String simple(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Each token as "line:character:text" → "type modifiers", decoding LSP's relative encoding. */
    private static Map<String, String> decode(List<Integer> data) {
        List<String> lines = MODEL.lines().toList();
        Map<String, String> typed = new LinkedHashMap<>();
        int line = 0;
        int character = 0;
        for (int i = 0; i < data.size(); i += 5) {
            character = data.get(i) == 0 ? character + data.get(i + 1) : data.get(i + 1);
            line += data.get(i);
            String text = lines.get(line).substring(character, character + data.get(i + 2));
            List<String> words = new ArrayList<>(List.of(FabricSemanticTokens.TYPES.get(data.get(i + 3))));
            for (int bit = 0; bit < FabricSemanticTokens.MODIFIERS.size(); bit++) {
                if ((data.get(i + 4) & 1 << bit) != 0) {
                    words.add(FabricSemanticTokens.MODIFIERS.get(bit));
                }
            }
            typed.put(line + ":" + character + ":" + text, String.join(" ", words));
        }
        return typed;
    }
}
