package org.fabricsim.dsl.ide.server;

import java.io.IOException;
import java.io.InputStream;

import org.apache.log4j.Logger;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.xtext.build.IncrementalBuilder;
import org.eclipse.xtext.build.ResolvedResourceDescription;
import org.eclipse.xtext.resource.IReferenceDescription;
import org.eclipse.xtext.resource.IResourceDescription;
import org.fabricsim.dsl.resource.BoundedInput;
import org.fabricsim.dsl.resource.FabricResource;

/**
 * The language server's build, which re-parses an edited file in place instead of unloading it and parsing it
 * again. Xtext's builder unloads every changed file (EMF turns each of its objects into a proxy) and loads it
 * anew from the editor's text: on a 10,000-line model parsing and unloading were 40 % of a keystroke's build
 * (issue 19). Here the text that changed (the span between the longest common prefix and suffix of the parsed
 * text and the editor's) goes to {@code XtextResource.update}, Xtext's partial parser, which parses again only
 * the smallest part of the node model that holds the change (a definition, for an edit inside one) and
 * replaces that part's objects; linking, indexing and validation then run on the whole file as before.
 *
 * <p>The file is unloaded and parsed whole, as Xtext does, when re-parsing in place could leave something
 * stale or unchecked: the resource was refused or is not a Fabric file; its new text exceeds
 * {@link BoundedInput}'s limits (the full load reports them); or another file of the workspace refers to one of
 * its objects (the index records such references), since a replaced object would stay behind in that file's
 * resolved references where the unload would have made them proxies that resolve again. The resource's caches
 * are cleared after the update. O(length of the text) to find the change, plus the partial parse.
 */
public class PartialReparseBuilder extends IncrementalBuilder.InternalStatefulIncrementalBuilder {
    private static final Logger LOG = Logger.getLogger(PartialReparseBuilder.class);

    @Override
    protected void unloadResource(URI uri) {
        ResourceSet resources = getRequest().getResourceSet();
        Resource resource = resources.getResource(uri, false);
        if (!(resource instanceof FabricResource fabric) || !reparsedInPlace(fabric, resources)) {
            super.unloadResource(uri);
        }
    }

    private boolean reparsedInPlace(FabricResource resource, ResourceSet resources) {
        if (!resource.isLoaded() || resource.isRefused() || resource.getParseResult() == null
                || referencedFromElsewhere(resource.getURI())) {
            return false;
        }
        String text;
        try (InputStream in = resources.getURIConverter().createInputStream(resource.getURI())) {
            text = BoundedInput.text(in.readAllBytes());
        } catch (IOException | BoundedInput.Refused e) {
            return false;
        }
        String parsed = resource.getParseResult().getRootNode().getText();
        int prefix = 0;
        int shorter = Math.min(parsed.length(), text.length());
        while (prefix < shorter && parsed.charAt(prefix) == text.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < shorter - prefix
                && parsed.charAt(parsed.length() - 1 - suffix) == text.charAt(text.length() - 1 - suffix)) {
            suffix++;
        }
        try {
            resource.update(prefix, parsed.length() - prefix - suffix,
                    text.substring(prefix, text.length() - suffix));
        } catch (RuntimeException e) {
            LOG.warn("re-parsing " + resource.getURI().lastSegment() + " in place failed, parsing it whole: " + e);
            return false;
        }
        resource.getCache().clear(resource);
        return true;
    }

    /**
     * Whether another file may refer to an object of the file at {@code uri}: the index records such a reference,
     * or holds another file's description without its references (Xtext's {@link ResolvedResourceDescription},
     * during the builds that index a file without validating it), which then counts as one. O(references).
     */
    private boolean referencedFromElsewhere(URI uri) {
        for (IResourceDescription other : getRequest().getState().getResourceDescriptions()
                .getAllResourceDescriptions()) {
            if (other instanceof ResolvedResourceDescription && !other.getURI().equals(uri)) {
                return true;
            }
            if (!other.getURI().equals(uri)) {
                for (IReferenceDescription reference : other.getReferenceDescriptions()) {
                    if (reference.getTargetEObjectUri() != null
                            && uri.equals(reference.getTargetEObjectUri().trimFragment())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
