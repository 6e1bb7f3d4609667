package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.calibration.CalibrationParameter;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.calibration.Residual;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

/** Calibration profiles as language objects: the catalog's default, the mapping and a study's selection. */
class CalibrationProfileTest extends FabricModelTest {
    private static final String BENCH = """
            package p
            import fabric.catalog.calibration.*
            cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
            benchmark Bench { all-reduce ring on C sizes 1 MiB }
            """;

    @Inject
    private StandardCatalog catalog;

    @Inject
    private ModelChecks checks;

    @Test
    void theCatalogsDefaultIsTheEnginesDefaultProfileParameterByParameter() {
        Calibration catalogued = null;
        for (XtextResource resource : checks.load(catalog.fileUris())) {
            for (Calibration c : EcoreUtil2.getAllContentsOfType(resource.getContents().get(0), Calibration.class)) {
                catalogued = c;
            }
        }
        CalibrationProfile mapped = mapper.toCalibration(catalogued);
        CalibrationProfile engine = CalibrationProfile.defaults();
        assertEquals(engine.name(), mapped.name());
        assertEquals(engine.parameters().size(), catalogued.getParameters().size(),
                "the catalog's Default states every parameter of the engine's default profile");
        for (int i = 0; i < engine.parameters().size(); i++) {
            assertEquals(engine.parameters().get(i), mapped.parameters().get(i));
        }
        assertEquals(engine, mapped);
    }

    @Test
    void aStudySelectsAProfileThatInheritsTheParametersItDoesNotState() throws Exception {
        Model model = parser.parse(BENCH + """
                calibration Mine {
                    parameter "collective.nic-efficiency" 90 % bounds 80 % to 100 %
                    parameter "collective.net-step-overhead" 10 us
                    fitted-on "Bench@1048576"
                    date "2026-11-30"
                    residual "Bench@1048576" measured 45.5 predicted 45.25
                }
                study S { simulate Bench calibration Mine }
                """);
        validation.assertNoErrors(model);
        StudySpec study = mapper.toPrograms(model, "p.fabric").get(0);
        CalibrationProfile profile = study.calibration();
        CalibrationParameter defaultNic = CalibrationProfile.defaults().parameter("collective.nic-efficiency");
        // 90 % = 0.90 within [0.80, 1.00]; meaning and source not stated: the default's.
        assertEquals(new CalibrationParameter("collective.nic-efficiency", 0.90, 0.80, 1.00, defaultNic.meaning(),
                defaultNic.source()), profile.parameter("collective.nic-efficiency"));
        // No bounds: measured, fixed at 10 us = 1e-5 s.
        CalibrationParameter net = profile.parameter("collective.net-step-overhead");
        assertEquals(List.of(1e-5, 1e-5, 1e-5), List.of(net.value(), net.lower(), net.upper()));
        assertEquals(CalibrationProfile.defaults().parameter("collective.nvls-efficiency"),
                profile.parameter("collective.nvls-efficiency"));
        assertEquals("p.Mine", profile.name());
        assertEquals(List.of("Bench@1048576"), profile.fittedOn());
        assertEquals("2026-11-30", profile.date());
        assertEquals(List.of(new Residual("Bench@1048576", 45.5, 45.25)), profile.residuals());
    }

    @Test
    void aStudyWithoutACalibrationClauseRunsTheDefaultProfile() throws Exception {
        Model model = parser.parse(BENCH + "study S { simulate Bench }");
        validation.assertNoErrors(model);
        assertEquals(CalibrationProfile.defaults(), mapper.toPrograms(model, "p.fabric").get(0).calibration());
    }
}
