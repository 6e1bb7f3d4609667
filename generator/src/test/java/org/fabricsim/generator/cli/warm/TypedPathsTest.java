package org.fabricsim.generator.cli.warm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class TypedPathsTest {
    private final Path home = Path.of("/home/ada/cluster");

    @Test
    void shouldResolveARelativePathAgainstTheClientsFolderAndLeaveAnAbsoluteOne() {
        TypedPaths paths = new TypedPaths(home);
        assertEquals(Path.of("/home/ada/cluster/examples/x.fabric"), paths.convert("examples/x.fabric"));
        assertEquals(Path.of("/srv/y.fabric"), paths.convert("/srv/y.fabric"));
    }

    @Test
    void shouldPrintTheFileAsTypedAndFilesFoundUnderATypedFolder() {
        TypedPaths paths = new TypedPaths(home);
        paths.convert("examples/");
        paths.convert("./m.fabric");
        assertEquals("examples/quickstart/ring.fabric:3:5: error: x",
                paths.restore("/home/ada/cluster/examples/quickstart/ring.fabric:3:5: error: x"));
        assertEquals("./m.fabric: formatted", paths.restore("/home/ada/cluster/./m.fabric: formatted"));
    }

    @Test
    void shouldNotTouchAPathThatOnlyStartsLikeATypedOne() {
        TypedPaths paths = new TypedPaths(home);
        paths.convert("examples");
        assertEquals("/home/ada/cluster/examples2/a.fabric", paths.restore("/home/ada/cluster/examples2/a.fabric"));
        assertEquals("/home/ada/cluster/examples.old", paths.restore("/home/ada/cluster/examples.old"));
    }

    @Test
    void shouldRestoreWholeLinesWrittenInPieces() throws IOException {
        TypedPaths paths = new TypedPaths(home);
        paths.convert("m.fabric");
        StringWriter target = new StringWriter();
        try (Writer writer = paths.restoring(target)) {
            writer.write("/home/ada/clu");
            writer.write("ster/m.fabric:1:1: error\nnext /home/ada/cluster/m.fabric");
        }
        assertEquals("m.fabric:1:1: error\nnext m.fabric", target.toString());
    }
}
