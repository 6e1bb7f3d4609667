package org.fabricsim.generator;

import java.nio.file.Path;
import java.util.List;

import org.fabricsim.generator.cli.ModelWorkspace;
import org.fabricsim.runtime.spec.StudySpec;

/** Test access to real models through the same loading and mapping the command line uses. */
final class Models {
    /** The repository's examples folder, seen from this module. */
    static final Path EXAMPLES = Path.of("..", "examples");
    static final Path QUICKSTART = EXAMPLES.resolve("quickstart/ring-allreduce.fabric");

    private Models() {
    }

    /** Loads, validates (failing on errors) and maps one model file to its programs. */
    static List<StudySpec> programs(Path file, String sourceName) {
        ModelWorkspace workspace = new ModelWorkspace(List.of(file));
        if (workspace.hasErrors()) {
            throw new AssertionError("model has errors: " + workspace.diagnostics());
        }
        return workspace.mapper().toPrograms(workspace.models().get(file), sourceName);
    }

    /** Writes {@code text} to {@code file}, simulates its first program and returns its first row's time, seconds. */
    static double firstRowSeconds(Path file, String text) throws java.io.IOException {
        java.nio.file.Files.writeString(file, text);
        Object rows = new org.fabricsim.runtime.Simulator().run(programs(file, file.getFileName().toString()).get(0))
                .runs().get(0).metrics().get("rows");
        return ((Number) ((java.util.Map<?, ?>) ((List<?>) rows).get(0)).get("timeSeconds")).doubleValue();
    }

    /**
     * A 1 GiB ring all-reduce with an ideal harness over {@code hosts} single-H100 hosts, one NIC of {@code rate}
     * each, on one switch of fabric Eth (latency 1 us, {@code fabric} inside its block).
     */
    static String ringOnOneSwitch(String rate, String fabric, int hosts) {
        return """
                package ringoneswitch
                import fabric.catalog.nvidia.*
                vendor Acme
                fabric Eth { vendor Acme scope scale-out open-standard link %1$s latency 1 us %2$s }
                switch Box { vendor Acme ports 64 x %1$s speaks Eth }
                nic One { vendor Acme ports 1 x %1$s speaks Eth }
                node Single { accelerators 1 x H100_SXM nics 1 x One }
                cluster C {
                    nodes %3$d x Single
                    scale-out Eth single-switch { switch Box }
                }
                benchmark Ring { all-reduce ring on C harness ideal sizes 1 GiB }
                """.formatted(rate, fabric, hosts);
    }

    /**
     * A 64 MiB all-to-all with an ideal harness over 16 single-H100 hosts on a 2:1 tree of 12-port 400 Gb/s switches
     * (8 down, 4 up), whose uplinks the exchange overloads; fabric Eth (latency 1 us, ECMP, {@code fabric} inside its
     * block), switch Box ({@code switchExtra} inside its block).
     */
    static String allToAllOnTwoToOneTree(String fabric, String switchExtra) {
        return """
                package alltoalltree
                import fabric.catalog.nvidia.*
                vendor Acme
                fabric Eth { vendor Acme scope scale-out open-standard link 400 Gb/s latency 1 us %s routing ecmp }
                switch Box { vendor Acme ports 12 x 400 Gb/s speaks Eth %s }
                nic One { vendor Acme ports 1 x 400 Gb/s speaks Eth }
                node Single { accelerators 1 x H100_SXM nics 1 x One }
                cluster C {
                    nodes 16 x Single
                    scale-out Eth fat-tree { switch Box tiers 2 oversubscription 2:1 }
                }
                benchmark AllToAll { all-to-all on C harness ideal sizes 64 MiB }
                """.formatted(fabric, switchExtra);
    }

    /**
     * A 1 GiB ring all-reduce with an ideal harness on one node of eight H100s (18 x 25 GB/s of scale-up each),
     * scale-up {@code scaleUp} (such as {@code Link switched domain 8}) over fabric Link (latency 1 us, efficiency
     * 100%) or LinkNvls (the same, reducing in its switches), with a NIC One per accelerator, rail-aligned, on one
     * switch of scale-out fabric Eth: {@code scaleOut} is Eth's body after its scope, {@code nic} One's after its
     * name, {@code ranks} what follows the benchmark's cluster.
     */
    static String ringInOneNode(String scaleOut, String nic, String scaleUp, String ranks) {
        return ringOfEightGpuNodes(scaleOut, nic, scaleUp, 1, "single-switch { switch Box }", ranks);
    }

    /**
     * The same ring over {@code nodes} such nodes, each one Link domain of 8, on Eth (400 Gb/s, 1 us, efficiency
     * 100%) built as {@code topology} of switch Box (64 x 400 Gb/s); NICs of 400 Gb/s without latency.
     */
    static String ringOverNodes(int nodes, String topology) {
        return ringOfEightGpuNodes("vendor Acme open-standard link 400 Gb/s latency 1 us efficiency 100 %",
                "ports 1 x 400 Gb/s", "Link switched domain 8", nodes, topology, "");
    }

    private static String ringOfEightGpuNodes(String scaleOut, String nic, String scaleUp, int nodes,
            String topology, String ranks) {
        return """
                package ringofeightgpunodes
                import fabric.catalog.nvidia.*
                vendor Acme
                vendor Other
                fabric Link {
                    vendor NVIDIA scope scale-up single-source accelerators NVIDIA only
                    link 25 GB/s latency 1 us lossless credit-based efficiency 100 %%
                }
                fabric LinkNvls {
                    vendor NVIDIA scope scale-up single-source accelerators NVIDIA only
                    link 25 GB/s latency 1 us lossless credit-based efficiency 100 %% in-network-reduction "NVLS"
                }
                fabric Eth { scope scale-out %1$s }
                switch Box { vendor Acme ports 64 x 400 Gb/s speaks Eth }
                nic One { vendor Acme speaks Eth %2$s }
                node Eight { accelerators 8 x H100_SXM scale-up %3$s nics 8 x One rail-aligned }
                cluster Box8 {
                    nodes %4$d x Eight
                    scale-out Eth %5$s
                }
                benchmark Ring { all-reduce ring on Box8 %6$s harness ideal sizes 1 GiB }
                """.formatted(scaleOut, nic, scaleUp, nodes, topology, ranks);
    }

    /**
     * A 1 GiB ring all-reduce with an ideal harness over {@code hosts} single-H100 hosts, one 400 Gb/s NIC each
     * (no latency), on scale-out fabric Eth (efficiency 100%, then {@code fabric}: its link and latency) built as
     * {@code topology} of switch Box (8 x 400 Gb/s), Wide (16 x 400 Gb/s) or Fast (8 x 800 Gb/s); {@code ranks} is
     * what follows the benchmark's cluster.
     */
    static String ringOfHosts(String fabric, String topology, int hosts, String ranks) {
        return """
                package ringofhosts
                import fabric.catalog.nvidia.*
                vendor Acme
                fabric Eth { vendor Acme scope scale-out open-standard efficiency 100 %% %1$s }
                switch Box { vendor Acme ports 8 x 400 Gb/s speaks Eth }
                switch Wide { vendor Acme ports 16 x 400 Gb/s speaks Eth }
                switch Fast { vendor Acme ports 8 x 800 Gb/s speaks Eth }
                nic One { vendor Acme ports 1 x 400 Gb/s speaks Eth }
                node Single { accelerators 1 x H100_SXM nics 1 x One }
                cluster C {
                    nodes %3$d x Single
                    scale-out Eth %2$s
                }
                benchmark Ring { all-reduce ring on C %4$s harness ideal sizes 1 GiB }
                """.formatted(fabric, topology, hosts, ranks);
    }

    /**
     * The programs of every example file that has any, by file relative to the examples folder. The
     * examples load as one workspace, as the examples build loads them, since they use each other's
     * definitions (deepseek-v3-serving uses the model of deepseek-v3).
     */
    static java.util.Map<String, List<StudySpec>> examplePrograms() throws java.io.IOException {
        List<Path> folders;
        try (java.util.stream.Stream<Path> list = java.nio.file.Files.list(EXAMPLES)) {
            folders = list.filter(java.nio.file.Files::isDirectory)
                    .filter(f -> !List.of("src", "target").contains(f.getFileName().toString())).sorted().toList();
        }
        ModelWorkspace workspace = new ModelWorkspace(folders);
        if (workspace.hasErrors()) {
            throw new AssertionError("the examples have errors: " + workspace.diagnostics().stream()
                    .filter(d -> d.severity() == org.eclipse.xtext.diagnostics.Severity.ERROR).toList());
        }
        java.util.Map<String, List<StudySpec>> programs = new java.util.TreeMap<>();
        workspace.models().forEach((file, model) -> {
            String name = EXAMPLES.relativize(file).toString();
            List<StudySpec> specs = workspace.mapper().toPrograms(model, name);
            if (!specs.isEmpty()) {
                programs.put(name, specs);
            }
        });
        return programs;
    }
}
