package org.fabricsim.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Builds a user project exactly as docs/maven.md says (issue 19 item 7): the doc's install command run in a
 * copy of this source tree, then a project whose {@code pom.xml} is the doc's XML (the generation plugin and
 * the ready-to-paste exec-maven-plugin execution) built with {@code verify}. The install goes into a local
 * repository under {@code target/}, never into the user's: Maven 3.9's {@code maven.repo.local.tail} reads
 * the plugins and libraries the build already has from the usual repository, read-only, and {@code -o}
 * keeps it offline. If the doc's command, its XML or its claims (the study runs in {@code verify}, relative
 * report paths land in the project) go wrong, this test fails.
 */
class MavenGuideTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Folders of the source tree that a build makes or that only editors use: not copied. */
    private static final Set<String> SKIPPED = Set.of("target", "node_modules", ".git", "xtext-gen", "src-gen", "out",
            "server");

    @Test
    void shouldBuildAndRunAUserProjectAsTheMavenGuideSays() throws Exception {
        String guide = Files.readString(ROOT.resolve("docs/maven.md"));
        List<String> shell = blocks(guide, "sh");
        List<String> xml = blocks(guide, "xml");
        String install = shell.stream().filter(block -> block.contains(" install ")).findFirst().orElseThrow().strip();
        String userPom = xml.stream().filter(block -> block.contains("xtext-maven-plugin")).findFirst().orElseThrow();
        String execPlugin = xml.stream().filter(block -> block.contains("exec-maven-plugin")).findFirst()
                .orElseThrow();

        Path work = Path.of("target/maven-guide").toAbsolutePath();
        delete(work);
        Path tree = copyTree(ROOT, work.resolve("fabricsim"));
        Path repository = work.resolve("repository");
        // the doc's install command, as written, plus where the repository is and offline
        List<String> installCommand = new ArrayList<>(List.of(install.split("\\s+")));
        assertEquals("./mvnw", installCommand.get(0), install);
        installCommand.addAll(repositoryOptions(repository));
        run(tree, installCommand, work.resolve("install.log"));
        Path installed = repository.resolve("org/fabricsim");
        for (String artifact : List.of("org.fabricsim.runtime", "org.fabricsim.dsl", "org.fabricsim.generator")) {
            assertTrue(Files.isDirectory(installed.resolve(artifact)), artifact + " installed by " + install);
        }
        assertFalse(Files.exists(installed.resolve("org.fabricsim.dsl.ide")), "only the three modules installed");

        // the user project: the doc's pom fragment, with the exec-maven-plugin execution in its <plugins>
        Path project = work.resolve("user");
        Files.createDirectories(project.resolve("src/main/fabric"));
        try (var model = MavenGuideTest.class.getResourceAsStream("/maven-guide/my-study.fabric")) {
            Files.copy(model, project.resolve("src/main/fabric/my-study.fabric"));
        }
        int plugins = userPom.lastIndexOf("</plugins>");
        Files.writeString(project.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>my.group</groupId>
                  <artifactId>my-study</artifactId>
                  <version>1</version>
                """ + userPom.substring(0, plugins) + execPlugin + userPom.substring(plugins) + "</project>\n");
        List<String> verify = new ArrayList<>(List.of(tree.resolve("mvnw").toString(), "-B", "verify"));
        verify.addAll(repositoryOptions(repository));
        run(project, verify, work.resolve("verify.log"));

        // the doc's execution wrote both reports, relative to the project, with the study's one result
        String json = Files.readString(project.resolve("target/my-study.json"));
        assertTrue(json.contains("\"runs\"") && json.contains("\"name\": \"my.pkg.MyStudy\""), json);
        assertTrue(Files.readString(project.resolve("target/my-study.html")).contains("<title>FabricSim report"));
    }

    /** The contents of each fenced block of language {@code language}, in order. */
    private static List<String> blocks(String markdown, String language) {
        Matcher m = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    /** Offline, installing into {@code repository} and reading what it lacks from the build's own repository. */
    private static List<String> repositoryOptions(Path repository) {
        String own = System.getProperty("fabricsim.localRepository",
                Path.of(System.getProperty("user.home"), ".m2", "repository").toString());
        return List.of("-o", "-Dmaven.repo.local=" + repository, "-Dmaven.repo.local.tail=" + own);
    }

    private static void run(Path directory, List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean done = process.waitFor(30, TimeUnit.MINUTES);
        if (!done) {
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(done && process.exitValue() == 0, String.join(" ", command) + " in " + directory + " failed:\n"
                + output.substring(Math.max(0, output.length() - 6_000)));
    }

    /** Copies the source tree (not its build outputs) to {@code target}. */
    private static Path copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : (Iterable<Path>) paths
                    .filter(p -> source.relativize(p).toString().isEmpty() || !skipped(source.relativize(p)))::iterator) {
                Path copy = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy);
                }
            }
        }
        return target;
    }

    private static boolean skipped(Path relative) {
        for (Path part : relative) {
            if (SKIPPED.contains(part.toString())) {
                return true;
            }
        }
        return Files.isSymbolicLink(ROOT.resolve(relative));
    }

    private static void delete(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> paths = Files.walk(directory)) {
                for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(path);
                }
            }
        }
    }
}
