package org.fabricsim.dsl.ide.simulate;

import java.util.List;

import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.ide.server.commands.IExecutableCommandService;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.mapping.SpecMapper;

import com.google.inject.Inject;

/**
 * What the server's commands share: one identifier, whose arguments are the document URI and then the
 * simple name of an element of it. A call with another identifier or too few arguments is answered with
 * a sentence saying what the command needs.
 */
abstract class DocumentCommand implements IExecutableCommandService {
    /** Maps the document's elements to the runtime's specifications. */
    @Inject
    protected SpecMapper mapper;

    private final String id;

    private final int requiredArguments;

    private final String needs;

    /**
     * @param id                the command's identifier
     * @param requiredArguments 1 when the name is optional, 2 when it is required
     * @param needs             what the refusal of a short call says the command needs
     */
    DocumentCommand(String id, int requiredArguments, String needs) {
        this.id = id;
        this.requiredArguments = requiredArguments;
        this.needs = needs;
    }

    @Override
    public List<String> initialize() {
        return List.of(id);
    }

    @Override
    public Object execute(ExecuteCommandParams params, ILanguageServerAccess access, CancelIndicator cancelIndicator) {
        List<Object> arguments = params.getArguments();
        if (!id.equals(params.getCommand()) || arguments == null || arguments.size() < requiredArguments) {
            return id + " needs " + needs;
        }
        String uri = ValidDocument.text(arguments.get(0));
        String name = arguments.size() > 1 ? ValidDocument.text(arguments.get(1)) : null;
        return run(uri, name, access);
    }

    /**
     * Runs the command on a document.
     *
     * @param uri    the document's URI
     * @param name   the element's simple name, or null when the call named none
     * @param access the server's access to the document
     * @return the answer
     */
    protected abstract Object run(String uri, String name, ILanguageServerAccess access);
}
