package org.fabricsim.dsl.linking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.DiagnosticMessage;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.IScopeProvider;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.FabricPackage;
import org.fabricsim.dsl.fabric.Import;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.ReferenceValue;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.validation.IssueCodes;

import com.google.inject.Inject;

/**
 * Unresolved names say what is missing and how to fix it: a definition that exists in a package
 * that is not imported names the import to add (the import travels as issue data for the quick
 * fix), or, where the file's import of a misspelt package was meant to bring it in, the import to
 * correct (its text is the data's second item); otherwise the closest visible name is suggested.
 */
public class FabricLinkingDiagnostics extends LinkingDiagnosticMessageProvider {
    /** Suggestions of a name further than this many edits away are noise (the import check's too). */
    public static final int MAX_SUGGESTION_DISTANCE = 3;

    @Inject
    private IScopeProvider scopes;

    @Inject
    private StandardCatalog catalog;

    @Override
    public DiagnosticMessage getUnresolvedProxyMessage(ILinkingDiagnosticContext context) {
        EReference reference = context.getReference();
        EClass type = expectedType(context.getContext(), reference);
        String written = context.getLinkText();
        String what = type.getName().equals("LanguageModel") ? "model" : type.getName().toLowerCase();
        Optional<QualifiedName> elsewhere = definedInAnotherPackage(type, written);
        if (elsewhere.isPresent()) {
            String pkg = elsewhere.get().skipLast(1).toString();
            Optional<Import> bringing = importOf(context.getContext(), pkg, written);
            if (bringing.isPresent()) {
                return ambiguous(what, written, elsewhere.get(), bringing.get(),
                        scopes.getScope(context.getContext(), reference));
            }
            String defined = "No " + what + " '" + written + "' is visible here; it is defined in package " + pkg;
            Optional<Import> misspelt = misspeltImport(context.getContext(), pkg);
            if (misspelt.isPresent()) {
                String namespace = misspelt.get().getImportedNamespace();
                return new DiagnosticMessage(defined + ", which the import on line "
                        + NodeModelUtils.getNode(misspelt.get()).getStartLine() + " misspells as '" + namespace
                        + "': correct it to 'import " + pkg + ".*'.", Severity.ERROR, IssueCodes.MISSING_IMPORT, pkg,
                        namespace);
            }
            return new DiagnosticMessage(defined + ". Add 'import " + pkg + ".*'.", Severity.ERROR,
                    IssueCodes.MISSING_IMPORT, pkg);
        }
        IScope scope = scopes.getScope(context.getContext(), reference);
        List<String> names = new ArrayList<>();
        scope.getAllElements().forEach(d -> {
            if (type.isSuperTypeOf(d.getEClass())) {
                names.add(d.getName().toString());
            }
        });
        Optional<String> closest = nearest(names.stream(), written, MAX_SUGGESTION_DISTANCE);
        String hint = closest.map(name -> " Did you mean '" + name + "'?" + familyHint(name, names))
                .orElse(" Define it, or import the package that defines it.");
        return new DiagnosticMessage("No " + what + " named '" + written + "' is visible here." + hint, Severity.ERROR,
                IssueCodes.UNRESOLVED_NAME, closest.map(name -> new String[] { name }).orElse(new String[0]));
    }

    /**
     * The type {@code reference} takes at {@code context}: its declared one, but for a study's varied value, which may
     * name any element ({@code vary cluster in [...]}), the varied parameter's: a cluster, a model or a fabric. So an
     * unknown cluster there is called a cluster and the suggestion is one (a vendor one edit away was suggested).
     */
    private static EClass expectedType(EObject context, EReference reference) {
        if (context instanceof ReferenceValue && context.eContainer() instanceof Variation variation) {
            switch (variation.getParameter()) {
                case CLUSTER:
                    return FabricPackage.Literals.CLUSTER;
                case MODEL:
                    return FabricPackage.Literals.LANGUAGE_MODEL;
                case FABRIC:
                    return FabricPackage.Literals.FABRIC;
                default:
            }
        }
        return reference.getEReferenceType();
    }

    /**
     * The import of {@code context}'s file that names no catalog package but one within
     * {@value #MAX_SUGGESTION_DISTANCE} edits, case ignored as {@link #nearest} ignores it, of catalog package {@code
     * pkg} ({@code import fabric.catalog.nvidai.*} for {@code fabric.catalog.nvidia}), the package part of an import of
     * one name ({@code p.X}) likewise; empty when there is none, so that the fix is to correct that import rather than
     * add a second one beside it.
     */
    private Optional<Import> misspeltImport(EObject context, String pkg) {
        Model model = EcoreUtil2.getContainerOfType(context, Model.class);
        if (model == null) {
            return Optional.empty();
        }
        Set<String> packages = catalog.packages();
        return model.getImports().stream().filter(i -> i.getImportedNamespace() != null).filter(i -> {
            String namespace = i.getImportedNamespace();
            String named = namespace.endsWith(".*") ? namespace.substring(0, namespace.length() - 2)
                    : namespace.substring(0, Math.max(0, namespace.lastIndexOf('.')));
            return !packages.contains(named)
                    && distance(named.toLowerCase(Locale.ROOT), pkg.toLowerCase(Locale.ROOT)) <= MAX_SUGGESTION_DISTANCE;
        }).findFirst();
    }

    /**
     * The import of {@code context}'s file that already brings {@code pkg}'s {@code written} into view ({@code import
     * pkg.*} or {@code import pkg.written}), or empty.
     */
    private static Optional<Import> importOf(EObject context, String pkg, String written) {
        Model model = EcoreUtil2.getContainerOfType(context, Model.class);
        return model == null ? Optional.empty()
                : model.getImports().stream().filter(i -> (pkg + ".*").equals(i.getImportedNamespace())
                        || (pkg + "." + written).equals(i.getImportedNamespace())).findFirst();
    }

    /**
     * A name the file imports that still does not resolve: another definition of the same simple name, one of the
     * file's own package (in another file of it, say), answers to it too, and an imported name seen twice is no
     * name. Adding the import it has was the wrong fix (session 71: a user's own {@code switch SN5600} beside {@code
     * import fabric.catalog.nvidia.*}). Names the other definitions the scope holds and their files, and passes the
     * qualified name as the quick fix's replacement.
     */
    private static DiagnosticMessage ambiguous(String what, String written, QualifiedName imported, Import bringing,
            IScope scope) {
        List<String> others = new ArrayList<>();
        scope.getAllElements().forEach(d -> {
            QualifiedName name = d.getQualifiedName();
            if (name.getSegmentCount() > 1 && name.getLastSegment().equals(written) && !name.equals(imported)) {
                others.add(name + " (" + d.getEObjectURI().lastSegment() + ")");
            }
        });
        List<String> named = others.stream().distinct().toList();
        String other = named.isEmpty() ? "another definition named '" + written + "' answers"
                : named.size() == 1 ? named.get(0) + " answers"
                : String.join(", ", named.subList(0, named.size() - 1)) + " and " + named.get(named.size() - 1)
                        + " answer";
        return new DiagnosticMessage("No " + what + " '" + written + "' is visible here: the import on line "
                + NodeModelUtils.getNode(bringing).getStartLine() + " brings " + imported + ", but " + other
                + " to the same name, so '" + written + "' is ambiguous: write " + imported
                + " in full, or rename the other.", Severity.ERROR, IssueCodes.UNRESOLVED_NAME, imported.toString());
    }

    private Optional<QualifiedName> definedInAnotherPackage(EClass type, String written) {
        if (written.contains(".")) {
            return Optional.empty();
        }
        return catalog.exportedObjects().stream()
                .filter(d -> EcoreUtil2.isAssignableFrom(type, d.getEClass()))
                .map(IEObjectDescription::getQualifiedName)
                .filter(name -> name.getSegmentCount() > 1 && name.getLastSegment().equals(written))
                .findFirst();
    }

    /**
     * The other visible names of {@code nearest}'s family, those of its stem (the name before its last '_', the whole
     * name where it has none), at most three in natural order: the catalog names variants by a suffix (RoCEv2 at 400
     * Gb/s, RoCEv2_200, RoCEv2_800), and the nearest name of a variant that does not exist ('RoCEv2_400', one edit from
     * RoCEv2_200) is seldom the one meant. Empty when the family has no other member. O(names).
     */
    static String familyHint(String nearest, List<String> names) {
        String stem = stem(nearest);
        List<String> family = names.stream().filter(name -> !name.equals(nearest) && stem(name).equals(stem)).distinct()
                .sorted().limit(3).toList();
        return family.isEmpty() ? ""
                : " Its family also has " + String.join(", ", family.stream().map(name -> "'" + name + "'").toList())
                        + ".";
    }

    private static String stem(String name) {
        int underscore = name.lastIndexOf('_');
        return underscore < 0 ? name : name.substring(0, underscore);
    }

    /**
     * The one nearest-name rule of the language's suggestions (unresolved names, unknown imports, misspelled keywords
     * and units, unknown calibration parameters): the candidate nearest {@code written} by {@link #distance} with case
     * ignored (both in lower case, {@link Locale#ROOT}), at most {@code maxDistance} edits away. Among equally near
     * candidates, the one with fewer edits when case counts wins ('Gb/s' before 'GB/s' for 'Gbps': 1 edit against 2),
     * then the first in natural order ({@link String#compareTo}); a candidate listed twice counts once. Empty when
     * none is that near. O(candidates · |candidate| · |written|).
     */
    public static Optional<String> nearest(Stream<String> candidates, String written, int maxDistance) {
        String lower = written.toLowerCase(Locale.ROOT);
        record Scored(String name, int caseless, int cased) {
        }
        return candidates.map(c -> new Scored(c, distance(c.toLowerCase(Locale.ROOT), lower), distance(c, written)))
                .filter(scored -> scored.caseless() <= maxDistance)
                .min(Comparator.comparingInt(Scored::caseless).thenComparingInt(Scored::cased)
                        .thenComparing(Scored::name))
                .map(Scored::name);
    }

    /** Levenshtein distance, O(|a|·|b|); the validators' suggestions use it too. */
    public static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
