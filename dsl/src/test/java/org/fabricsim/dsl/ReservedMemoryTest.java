package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.inference.EngineReservation;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/**
 * An accelerator's {@code reserved-memory}: mapped to the bytes a serving engine counts as the driver's, whatever
 * the part is called; refused below zero or at the whole memory; an info that training does not read it.
 */
class ReservedMemoryTest extends FabricModelTest {
    /** Llama 3 8B's shape; the reservation reads only its widths. */
    private static final TransformerSpec LLAMA3_8B = new TransformerSpec("t.Llama3_8B", 32, 4096, 14336, 32, 8, 128,
            128256, true, 0, 0, 0, 0, 0, 0, 0);

    /** An accelerator of 81,559 MiB with {@code extra} inside its block. */
    private Model accelerator(String extra) throws Exception {
        return parser.parse("""
                vendor V
                accelerator OurH100 {
                    vendor V
                    compute bf16 989 TFLOPS
                    memory 81559 MiB bandwidth 3.35 TB/s
                    %s
                }
                """.formatted(extra));
    }

    private List<Issue> issues(Model model, String code) {
        return validation.validate(model).stream().filter(issue -> code.equals(issue.getCode())).toList();
    }

    @Test
    void shouldMapTheCatalogsH100AndAnyPartStatingTheSameFigureToTheSameBytes() throws Exception {
        Model model = parser.parse("""
                vendor V
                accelerator OurH100 {
                    vendor V
                    compute bf16 989 TFLOPS
                    memory 81559 MiB bandwidth 3.35 TB/s
                    reserved-memory 437.72 MiB
                }
                node Catalog { accelerators 8 x fabric.catalog.nvidia.H100_SXM }
                node Bare { accelerators 8 x fabric.catalog.nvidia.B200 }
                """);
        validation.assertNoErrors(model);
        Accelerator written = EcoreUtil2.typeSelect(model.getElements(), Accelerator.class).get(0);
        AcceleratorSpec own = mapper.toAccelerator(written);
        List<Node> nodes = EcoreUtil2.typeSelect(model.getElements(), Node.class);
        AcceleratorSpec catalog = mapper.toAccelerator(nodes.get(0).getAccelerator());
        // 81,559 MiB − 79.22 GiB = 437.72 MiB = 458,982,686.72 B, rounded to the byte
        assertEquals(458_982_687L, own.reservedMemoryBytes());
        assertEquals(458_982_687L, catalog.reservedMemoryBytes());
        ParallelismSpec tp1 = new ParallelismSpec(1, 1, 1, 1, 1, false);
        assertEquals(EngineReservation.bytesPerAccelerator(LLAMA3_8B, catalog, tp1, 8192),
                EngineReservation.bytesPerAccelerator(LLAMA3_8B, own, tp1, 8192));
        assertEquals(0, mapper.toAccelerator(nodes.get(1).getAccelerator()).reservedMemoryBytes(),
                "the catalog states none for a B200: 0");
        // 143,771 MiB − 139.80 GiB = 615.8 MiB = 645,713,100.8 B
        Model h200 = parser.parse("node N { accelerators 8 x fabric.catalog.nvidia.H200_SXM }");
        Node node = EcoreUtil2.typeSelect(h200.getElements(), Node.class).get(0);
        assertEquals(645_713_101L, mapper.toAccelerator(node.getAccelerator()).reservedMemoryBytes());
    }

    @Test
    void shouldRefuseANegativeReservedMemory() throws Exception {
        validation.assertError(accelerator("reserved-memory -438 MiB"), Literals.QUANTITY, IssueCodes.NEGATIVE,
                "Write 0 MiB or more");
    }

    @Test
    void shouldRefuseAReservedMemoryThatLeavesTheProcessNothing() throws Exception {
        validation.assertError(accelerator("reserved-memory 81559 MiB"), Literals.ACCELERATOR,
                IssueCodes.RESERVED_MEMORY_TOO_LARGE, "leaves the process nothing", "Write that difference");
        validation.assertError(accelerator("reserved-memory 90 GB"), Literals.ACCELERATOR,
                IssueCodes.RESERVED_MEMORY_TOO_LARGE);
    }

    @Test
    void shouldAcceptAReservedMemoryBelowTheMemoryOrNone() throws Exception {
        for (String written : List.of("reserved-memory 437.72 MiB", "reserved-memory 0 MiB", "")) {
            Model model = accelerator(written);
            validation.assertNoErrors(model);
            assertEquals(List.of(), issues(model, IssueCodes.RESERVED_MEMORY_TOO_LARGE), written);
            assertEquals(List.of(), issues(model, IssueCodes.NEGATIVE), written);
        }
    }

    @Test
    void shouldSayTrainingDoesNotReadIt() throws Exception {
        List<Issue> infos = issues(accelerator("reserved-memory 437.72 MiB"), IssueCodes.RESERVED_MEMORY_SERVING_ONLY);
        assertEquals(List.of(Severity.INFO), infos.stream().map(Issue::getSeverity).distinct().toList());
        assertTrue(infos.get(0).getMessage().contains("training"), infos.get(0).getMessage());
        assertEquals(List.of(), issues(accelerator(""), IssueCodes.RESERVED_MEMORY_SERVING_ONLY));
        assertEquals(List.of(), issues(accelerator("reserved-memory 0 MiB"), IssueCodes.RESERVED_MEMORY_SERVING_ONLY));
    }
}
