package org.fabricsim.dsl.resource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.diagnostics.AbstractDiagnostic;
import org.eclipse.xtext.linking.lazy.LazyLinkingResource;
import org.eclipse.xtext.nodemodel.INode;

/**
 * A model file as the language reads it, in the editor and on the command line alike: UTF-8 text
 * within {@link BoundedInput}'s limits. A file beyond them is refused: it parses as empty, and its
 * one error says which limit it exceeds (or at which byte it stops being UTF-8), at the line concerned.
 */
public class FabricResource extends LazyLinkingResource {
    private Refusal refusal;

    @Override
    public String getEncoding() {
        return StandardCharsets.UTF_8.name();
    }

    @Override
    protected void doLoad(InputStream in, Map<?, ?> options) throws IOException {
        byte[] bytes = in.readAllBytes();
        String text;
        try {
            text = BoundedInput.text(bytes);
            refusal = null;
        } catch (BoundedInput.Refused refused) {
            text = "";
            refusal = new Refusal(refused.getMessage(), refused.line(), getURI() == null ? null : getURI().toString());
        }
        super.doLoad(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), options);
    }

    /** Whether this file was refused: it has no model, and its one error says why. */
    public boolean isRefused() {
        return refusal != null;
    }

    @Override
    protected void addSyntaxErrors() {
        super.addSyntaxErrors();
        if (refusal != null) {
            getErrors().add(refusal);
        }
    }

    /**
     * The refusal of a whole file, reported at the start of the line it concerns. An {@link AbstractDiagnostic}, since
     * Xtext takes a resource error's end line and column only from one: a plain {@code Diagnostic} reached the editor
     * ending at the document's start, before it began (found by the editor campaign, session 61).
     */
    private static final class Refusal extends AbstractDiagnostic {
        private final String message;
        private final int line;
        private final String location;

        Refusal(String message, int line, String location) {
            this.message = message;
            this.line = line;
            this.location = location;
        }

        @Override
        protected INode getNode() {
            return null;
        }

        @Override
        public String getCode() {
            return null;
        }

        @Override
        public String[] getData() {
            return new String[0];
        }

        @Override
        public String getMessage() {
            return message;
        }

        @Override
        public String getLocation() {
            return location;
        }

        @Override
        public URI getUriToProblem() {
            return null;
        }

        @Override
        public int getLine() {
            return line;
        }

        @Override
        public int getColumn() {
            return 1;
        }

        @Override
        public int getLineEnd() {
            return line;
        }

        @Override
        public int getColumnEnd() {
            return 1;
        }

        @Override
        public int getOffset() {
            return 0;
        }

        @Override
        public int getLength() {
            return 0;
        }
    }
}
