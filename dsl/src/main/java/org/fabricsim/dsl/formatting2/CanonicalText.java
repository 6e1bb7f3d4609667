package org.fabricsim.dsl.formatting2;

import java.util.List;
import java.util.Map;

import org.eclipse.xtext.formatting2.FormatterPreferenceKeys;
import org.eclipse.xtext.formatting2.FormatterRequest;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.formatting2.regionaccess.ITextRegionAccess;
import org.eclipse.xtext.formatting2.regionaccess.ITextReplacement;
import org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder;
import org.eclipse.xtext.preferences.MapBasedPreferenceValues;
import org.eclipse.xtext.resource.XtextResource;

import com.google.inject.Inject;
import com.google.inject.Provider;

/** The canonical text of a parsed file, as {@code fabric format} writes it: four-space indents. */
public class CanonicalText {
    /** One level of indentation. */
    public static final String INDENT = "    ";

    @Inject
    private Provider<IFormatter2> formatters;

    @Inject
    private Provider<FormatterRequest> requests;

    @Inject
    private Provider<TextRegionAccessBuilder> regionAccess;

    /**
     * The formatted text of {@code resource}, which must parse without syntax errors. A file without
     * definitions (empty, blank or only comments) has nothing to lay out and keeps its text.
     */
    public String of(XtextResource resource) {
        if (!resource.getParseResult().hasSyntaxErrors()) {
            if (resource.getContents().isEmpty()) {
                return resource.getParseResult().getRootNode().getText();
            }
            ITextRegionAccess access = regionAccess.get().forNodeModel(resource).create();
            FormatterRequest request = requests.get();
            request.setTextRegionAccess(access);
            request.setAllowIdentityEdits(false);
            request.setFormatUndefinedHiddenRegionsOnly(false);
            request.setPreferences(new MapBasedPreferenceValues(
                    Map.of(FormatterPreferenceKeys.indentation.getId(), INDENT)));
            List<ITextReplacement> replacements = formatters.get().format(request);
            return access.getRewriter().renderToString(replacements);
        }
        throw new IllegalArgumentException("a file with syntax errors is never formatted");
    }
}
