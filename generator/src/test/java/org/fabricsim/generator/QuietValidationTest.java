package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

/**
 * {@code fabric validate} prints its diagnostics and nothing of the framework's: no log line of Xtext's
 * ("getElements should be called with a QualifiedName during linking", which the unresolved-name message's
 * search for the closest name made the linker's scope wrapper log) reaches the user, at any level from INFO.
 */
class QuietValidationTest {
    private static final Path DIAGNOSTICS = Path.of("..", "docs", "diagnostics");

    /** Every event logged at INFO or above while it runs, as {@code LEVEL logger: message}. */
    private static final class Captured extends AppenderSkeleton {
        private final List<String> events = new ArrayList<>();

        @Override
        protected void append(LoggingEvent event) {
            if (event.getLevel().isGreaterOrEqual(Level.INFO)) {
                events.add(event.getLevel() + " " + event.getLoggerName() + ": " + event.getRenderedMessage());
            }
        }

        @Override
        public void close() {
        }

        @Override
        public boolean requiresLayout() {
            return false;
        }
    }

    /**
     * The unresolved name (its message searches every visible name for the closest, Gaudi3_HLS) and an unused
     * definition (its rule reads what the folder's other files refer to, which resolves their names, the
     * unresolved one among them): both logged the line twice before.
     */
    @Test
    void shouldLogNothingWhileValidatingModelsWithAnUnresolvedOrUnusedName() {
        Logger root = Logger.getRootLogger();
        Level level = root.getLevel();
        Captured captured = new Captured();
        root.addAppender(captured);
        root.setLevel(Level.INFO);
        try {
            CliRun unresolved = CliRun.fabric("validate", DIAGNOSTICS.resolve("fabric.name.unresolved.fabric").toString());
            CliRun unused = CliRun.fabric("validate", DIAGNOSTICS.resolve("fabric.hygiene.unused.fabric").toString());
            assertTrue(unresolved.out().contains("Did you mean 'Gaudi3_HLS'?"), unresolved.out());
            assertTrue(unused.out().contains("Cost Rent is defined but nothing uses it"), unused.out());
        } finally {
            root.removeAppender(captured);
            root.setLevel(level);
        }
        assertEquals(List.of(), captured.events);
    }
}
