package org.fabricsim.dsl.workflow;

import org.eclipse.emf.codegen.ecore.genmodel.GenModel;
import org.eclipse.emf.codegen.ecore.genmodel.GenPackage;
import org.eclipse.xtext.xtext.generator.ecore.EMFGeneratorFragment2;

/**
 * Xtext's EMF generator with the {@code FabricPackage.Literals} interface kept for every size of
 * metamodel. EMF's {@code GenPackageImpl.isBigModel} drops the interface (and switches to loading
 * the package from its serialized .ecore) once classes, features, enum literals and data types add
 * up to more than 500, which the Fabric metamodel passes; the language code, its validators and
 * its tests name features through {@code Literals}. Load initialization stays off as well
 * ({@code suppressLoadInitialization} in GenerateFabric.mwe2).
 */
public class LiteralsKeepingEmfGenerator extends EMFGeneratorFragment2 {

    @Override
    protected void doGenerate(GenModel genModel) {
        for (GenPackage genPackage : genModel.getAllGenPackagesWithClassifiers()) {
            genPackage.setLiteralsInterface(true);
        }
        super.doGenerate(genModel);
    }
}
