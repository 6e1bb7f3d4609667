package org.fabricsim.dsl.ide.symbols;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper.DocumentSymbolKindProvider;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;

/**
 * The LSP symbol kind of each definition, for the outline, the workspace symbols and the semantic
 * tokens: hardware parts are classes (an accelerator), interfaces (a fabric, which parts speak) and
 * structs (NICs, switches, nodes: parts built of parts); a cluster is an object (an instance of those
 * parts); a model is a class; workloads and studies are functions (they run); collectives are
 * operators; vendors are namespaces; costs, reliability, software and calibration profiles are
 * constants (figures a run reads).
 */
public class FabricSymbolKinds extends DocumentSymbolKindProvider {

    @Override
    protected SymbolKind getSymbolKind(EClass type) {
        return of(type);
    }

    /** The kind of a definition of {@code type}; {@link SymbolKind#Property} for anything that is no definition. */
    public static SymbolKind of(EClass type) {
        if (type == Literals.MODEL) {
            return SymbolKind.Package;
        }
        if (type == Literals.VENDOR) {
            return SymbolKind.Namespace;
        }
        if (type == Literals.ACCELERATOR || type == Literals.LANGUAGE_MODEL) {
            return SymbolKind.Class;
        }
        if (type == Literals.FABRIC) {
            return SymbolKind.Interface;
        }
        if (type == Literals.NIC || type == Literals.SWITCH || type == Literals.NODE) {
            return SymbolKind.Struct;
        }
        if (type == Literals.CLUSTER) {
            return SymbolKind.Object;
        }
        if (Literals.WORKLOAD.isSuperTypeOf(type) || type == Literals.STUDY) {
            return SymbolKind.Function;
        }
        if (type == Literals.COLLECTIVE) {
            return SymbolKind.Operator;
        }
        if (type == Literals.COST || type == Literals.RELIABILITY || type == Literals.SOFTWARE
                || type == Literals.CALIBRATION) {
            return SymbolKind.Constant;
        }
        return SymbolKind.Property;
    }
}
