package org.fabricsim.dsl.ide.contentassist;

import java.util.Collection;

import org.eclipse.xtext.ide.editor.contentassist.antlr.EntryPointFinder;
import org.eclipse.xtext.ide.editor.contentassist.antlr.FollowElement;
import org.eclipse.xtext.ide.editor.contentassist.antlr.IPartialContentAssistParser;
import org.eclipse.xtext.parser.IParseResult;
import org.fabricsim.dsl.ide.contentassist.antlr.FabricParser;

import com.google.inject.Inject;

/**
 * The generated content-assist parser, started at the definition around the caret instead of the start of the
 * file. Xtext's full content-assist parser re-parses the whole text up to the caret for each of a completion's
 * contexts, so completion grew with the file (1.5 s p99 on a 10,000-line model, issue 19). Here the bound
 * {@link EntryPointFinder} ({@link DefinitionEntryPointFinder}) picks the node to start at, at the latest the
 * definition around the caret, and the parser reads only from there: O(length of that definition) instead of
 * O(offset).
 */
public class PartialFabricContentAssistParser extends FabricParser implements IPartialContentAssistParser {

    @Inject
    private EntryPointFinder entryPoints;

    @Override
    public Collection<FollowElement> getFollowElements(IParseResult parseResult, int offset, boolean strict) {
        return getFollowElements(parseResult, entryPoints, offset, strict);
    }
}
