package org.fabricsim.generator.cli.warm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class TypedPathsTest {
    /** The client's folder: any absolute path; {@code h} is its text, which the printed lines begin with. */
    private final Path home = Path.of("").toAbsolutePath().resolve("cluster");
    private final String h = home.toString();

    @Test
    void shouldResolveARelativePathAgainstTheClientsFolderAndLeaveAnAbsoluteOne() {
        TypedPaths paths = new TypedPaths(home);
        assertEquals(Path.of(h, "examples", "x.fabric"), paths.convert("examples/x.fabric"));
        Path elsewhere = home.getRoot().resolve("srv").resolve("y.fabric");
        assertEquals(elsewhere, paths.convert(elsewhere.toString()));
    }

    @Test
    void shouldPrintTheFileAsTypedAndFilesFoundUnderATypedFolder() {
        TypedPaths paths = new TypedPaths(home);
        paths.convert("examples/");
        paths.convert("./m.fabric");
        assertEquals("examples/quickstart/ring.fabric:3:5: error: x",
                paths.restore(h + "/examples/quickstart/ring.fabric:3:5: error: x"));
        assertEquals("./m.fabric: formatted", paths.restore(h + "/./m.fabric: formatted"));
    }

    @Test
    void shouldNotTouchAPathThatOnlyStartsLikeATypedOne() {
        TypedPaths paths = new TypedPaths(home);
        paths.convert("examples");
        assertEquals(h + "/examples2/a.fabric", paths.restore(h + "/examples2/a.fabric"));
        assertEquals(h + "/examples.old", paths.restore(h + "/examples.old"));
    }

    @Test
    void shouldRestoreWholeLinesWrittenInPieces() throws IOException {
        TypedPaths paths = new TypedPaths(home);
        paths.convert("m.fabric");
        StringWriter target = new StringWriter();
        try (Writer writer = paths.restoring(target)) {
            writer.write(h.substring(0, 3));
            writer.write(h.substring(3) + "/m.fabric:1:1: error\nnext " + h + "/m.fabric");
        }
        assertEquals("m.fabric:1:1: error\nnext m.fabric", target.toString());
    }
}
