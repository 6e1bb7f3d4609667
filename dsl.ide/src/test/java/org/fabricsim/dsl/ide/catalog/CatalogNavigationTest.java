package org.fabricsim.dsl.ide.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.fabricsim.dsl.ide.server.CataloguedModel;
import org.fabricsim.dsl.ide.server.ClientPerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The standard catalog through the protocol: definitions and workspace symbols open as real files, hovers
 * carry the parts' figures with their sources (issue 19).
 */
class CatalogNavigationTest extends ClientPerTest {
    private static final String MODEL = CataloguedModel.TEXT;
    private static final Path CACHE = Path.of("target", "catalog-cache").toAbsolutePath();

    private TextDocumentIdentifier document;

    @BeforeAll
    static void cacheInTarget() {
        System.setProperty(CatalogFiles.CACHE_PROPERTY, CACHE.toString());
    }

    @BeforeEach
    void openDocument() throws Exception {
        document = client.open(root, "catalogued.fabric", MODEL);
    }

    @Test
    void shouldAnswerADefinitionInTheCatalogWithAFileThatHoldsIt() throws Exception {
        List<? extends Location> locations = client.server.getTextDocumentService()
                .definition(new DefinitionParams(document, at("DGX_H100"))).get(60, TimeUnit.SECONDS).getLeft();
        assertEquals(1, locations.size(), locations.toString());
        Location location = locations.get(0);
        assertTrue(location.getUri().startsWith("file:"), location.getUri());
        Path file = Path.of(URI.create(location.getUri()));
        assertTrue(file.startsWith(CACHE.resolve("fabricsim").resolve("catalog")), file.toString());
        String line = Files.readAllLines(file).get(location.getRange().getStart().getLine());
        assertTrue(line.contains("DGX_H100"), "the range points at '" + line + "'");
        assertEquals(line.indexOf("DGX_H100"), location.getRange().getStart().getCharacter(), line);
    }

    @Test
    void shouldListTheCatalogsPartsAmongTheWorkspaceSymbols() throws Exception {
        List<? extends WorkspaceSymbol> symbols = client.server.getWorkspaceService()
                .symbol(new WorkspaceSymbolParams("QM9700")).get(60, TimeUnit.SECONDS).getRight();
        WorkspaceSymbol qm9700 = symbols.stream().filter(s -> s.getName().equals("fabric.catalog.nvidia.QM9700"))
                .findFirst().orElseThrow(() -> new AssertionError("no QM9700 in " + symbols));
        assertEquals(SymbolKind.Struct, qm9700.getKind());
        assertTrue(qm9700.getLocation().getLeft().getUri().startsWith("file:"), qm9700.toString());
        List<? extends WorkspaceSymbol> own = client.server.getWorkspaceService()
                .symbol(new WorkspaceSymbolParams("B200")).get(60, TimeUnit.SECONDS).getRight();
        assertTrue(own.stream().anyMatch(s -> s.getName().equals("catalogued.B200_CX8") && s.getKind() == SymbolKind.Object),
                own.toString());
    }

    @Test
    void shouldShowTheFiguresOfACatalogSwitchWithTheirSources() throws Exception {
        String text = hover("QM9700");
        // 64 ports × 400 Gb/s = 25,600 Gb/s = 25.6 Tb/s per direction (the datasheet's 51.2 Tb/s counts both)
        assertTrue(text.contains("**Ports** 64 × 400 Gb/s = 25.6 Tb/s per direction"), text);
        assertTrue(text.contains("hardware.md \"64 × 400 Gb/s, 51.2 Tb/s\""), text);
    }

    @Test
    void shouldShowTheFiguresOfANodesAcceleratorsAndNics() throws Exception {
        String text = hover("DGX_H100");
        assertTrue(text.contains("**Accelerators** 8 × H100_SXM"), text);
        assertTrue(text.contains("**NICs** 8 × ConnectX7, rail-aligned"), text);
        assertTrue(text.contains("NVIDIA DGX H100 datasheet, 8x H100 80 GB"), text);
    }

    @Test
    void shouldShowAFabricsLinkAndScope() throws Exception {
        String text = hover("InfiniBand_NDR");
        assertTrue(text.contains("**Link** 400 Gb/s"), text);
        assertTrue(text.contains("**Scope** scale-out, single-source"), text);
        assertTrue(text.contains("**Loss** lossless (credit-based)"), text);
    }

    @Test
    void shouldAnswerNoHoverOnAKeyword() throws Exception {
        Hover hover = client.server.getTextDocumentService().hover(new HoverParams(document, at("rails")))
                .get(60, TimeUnit.SECONDS);
        assertEquals(null, hover);
    }

    private String hover(String name) throws Exception {
        Hover hover = client.server.getTextDocumentService().hover(new HoverParams(document, at(name)))
                .get(60, TimeUnit.SECONDS);
        return hover.getContents().getRight().getValue();
    }

    /** The position of the first occurrence of {@code word} after the imports. */
    private static Position at(String word) {
        List<String> lines = MODEL.lines().toList();
        for (int line = 3; line < lines.size(); line++) {
            int column = lines.get(line).indexOf(word);
            if (column >= 0) {
                return new Position(line, column + 1);
            }
        }
        throw new IllegalArgumentException(word);
    }
}
