package org.fabricsim.dsl.ide.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.fabricsim.dsl.catalog.StandardCatalog;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * The standard catalog as real files that every editor can open. The catalog lives inside the dsl jar, and
 * its {@code jar:file:…!/…} URIs open in no client (neovim: "Cursor position outside buffer"), so the
 * language server copies the catalog once into a cache folder named by a digest of its contents and answers
 * navigation into the catalog with those files' {@code file:} URIs. Another version of the catalog gets
 * another folder; the files are written read-only, as the catalog is not edited through them.
 *
 * <p>The folder is {@code $XDG_CACHE_HOME/fabricsim/catalog/<digest>} ({@code ~/.cache} when the variable is
 * not set), or under the folder the system property {@value #CACHE_PROPERTY} names.
 */
@Singleton
public class CatalogFiles {
    /** A system property naming the cache folder, which overrides {@code XDG_CACHE_HOME}. */
    public static final String CACHE_PROPERTY = "fabricsim.cache";
    private static final int DIGEST_HEX_DIGITS = 16;

    @Inject
    private StandardCatalog catalog;

    private Map<URI, URI> extracted;
    private Path folder;

    /**
     * The {@code file:} URI of the extracted copy of catalog file {@code uri}, or null when it is no catalog file.
     * The copy is written again when its folder was removed (a cache cleaned while the server runs).
     */
    public synchronized URI fileFor(URI uri) {
        if (extracted == null || !Files.isDirectory(folder)) {
            extracted = extract();
        }
        return extracted.get(uri);
    }

    private Map<URI, URI> extract() {
        Map<URI, byte[]> contents = new LinkedHashMap<>();
        for (URI uri : catalog.fileUris()) {
            contents.put(uri, read(uri));
        }
        folder = cacheRoot().resolve("fabricsim").resolve("catalog").resolve(digest(contents));
        Map<URI, URI> files = new HashMap<>();
        try {
            if (!Files.isDirectory(folder)) {
                write(folder, contents);
            }
            for (URI uri : contents.keySet()) {
                files.put(uri, URI.createFileURI(folder.resolve(uri.lastSegment()).toAbsolutePath().toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy the standard catalog to " + folder, e);
        }
        return files;
    }

    /** Writes the files into a fresh folder beside {@code folder} and moves it into place in one step. */
    private static void write(Path folder, Map<URI, byte[]> contents) throws IOException {
        Files.createDirectories(folder.getParent());
        Path fresh = Files.createTempDirectory(folder.getParent(), "partial-");
        for (Map.Entry<URI, byte[]> file : contents.entrySet()) {
            Path target = fresh.resolve(file.getKey().lastSegment());
            Files.write(target, file.getValue());
            target.toFile().setReadOnly();
        }
        try {
            move(fresh, folder);
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException raced) {
            // another server wrote the same catalog at the same time: its copy is identical
            try (var partial = Files.list(fresh)) {
                for (Path file : partial.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(fresh);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static Path cacheRoot() {
        String property = System.getProperty(CACHE_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Paths.get(property);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        return xdg != null && !xdg.isBlank() ? Paths.get(xdg) : Paths.get(System.getProperty("user.home"), ".cache");
    }

    private static byte[] read(URI uri) {
        try (InputStream in = new URL(uri.toString()).openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the catalog file " + uri.lastSegment(), e);
        }
    }

    /** The first {@value #DIGEST_HEX_DIGITS} hex digits of the SHA-256 of every file's name and contents. */
    private static String digest(Map<URI, byte[]> contents) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<URI, byte[]> file : contents.entrySet()) {
                sha.update(file.getKey().lastSegment().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(file.getValue());
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, DIGEST_HEX_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
