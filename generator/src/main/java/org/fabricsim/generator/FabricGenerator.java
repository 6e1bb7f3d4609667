package org.fabricsim.generator;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.generator.AbstractGenerator;
import org.eclipse.xtext.generator.IFileSystemAccess2;
import org.eclipse.xtext.generator.IGeneratorContext;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.mapping.SpecMapper;

import com.google.inject.Inject;

/**
 * Xtext's generator hook ({@code IGenerator2}) for the Fabric language: what the
 * xtext-maven-plugin and the IDE builders call for each model file. It goes through the same
 * mapping ({@link SpecMapper#toPrograms}) and the same {@link JavaProgramGenerator} as
 * {@code fabric generate}, so a build generates exactly what the command line does.
 */
public class FabricGenerator extends AbstractGenerator {
    @Inject
    private SpecMapper mapper;

    private final JavaProgramGenerator generator = new JavaProgramGenerator();

    @Override
    public void doGenerate(Resource input, IFileSystemAccess2 fsa, IGeneratorContext context) {
        if (input.getContents().isEmpty() || !(input.getContents().get(0) instanceof Model model)) {
            return;
        }
        for (GeneratedProgram program : generator.generate(mapper.toPrograms(model, sourceName(input.getURI())))) {
            fsa.generateFile(program.relativePath(), program.source());
        }
    }

    /** The model file as the header names it: its folder and file name, e.g. {@code quickstart/ring-allreduce.fabric}. */
    static String sourceName(URI uri) {
        int segments = uri.segmentCount();
        return segments >= 2 ? uri.segment(segments - 2) + "/" + uri.lastSegment() : String.valueOf(uri.lastSegment());
    }
}
