package org.fabricsim.dsl.ide.contentassist;

import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.xtext.ide.editor.contentassist.antlr.LeafNodeFinder;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.parser.IParser;
import org.fabricsim.dsl.ide.FabricIdeSetup;
import org.fabricsim.dsl.ide.server.CataloguedModel;
import org.junit.jupiter.api.Test;

/**
 * Completion finds the caret's leaves without walking the whole file (issue 19), and finds the same leaves as
 * Xtext's {@link LeafNodeFinder}: at every offset of real models, for the last complete node (leading) and the
 * current node.
 */
class CaretLeafFinderTest {

    @Test
    void shouldFindTheLeavesXtextsFinderFindsAtEveryOffset() throws IOException {
        IParser parser = new FabricIdeSetup().createInjectorAndDoEMFRegistration().getInstance(IParser.class);
        Path examples = Path.of("../examples");
        List<String> models = List.of(CataloguedModel.TEXT, "", "package p\n",
                "cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }\nbenchmark B { all-reduce ring on ",
                Files.readString(examples.resolve("quickstart/dgx-h100-roce.fabric")),
                Files.readString(examples.resolve("topologies/palm-tpu-v4.fabric")));
        for (String text : models) {
            ICompositeNode root = parser.parse(new StringReader(text)).getRootNode();
            for (int offset = 0; offset <= text.length(); offset++) {
                for (boolean leading : new boolean[] { true, false }) {
                    assertSame(new LeafNodeFinder(offset, leading).searchIn(root),
                            new CaretLeafFinder(offset, leading).searchFrom(root),
                            "offset " + offset + ", leading " + leading + " of\n" + text);
                }
            }
        }
    }
}
