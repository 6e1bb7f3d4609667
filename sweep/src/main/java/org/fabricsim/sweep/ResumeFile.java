package org.fabricsim.sweep;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.generator.cli.UserError;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.StudySpec;

/**
 * The partial result of a sweep: every run is appended as it completes, so an interrupted sweep keeps its
 * finished runs and a rerun with the same file simulates only the others. The file is a sequence of frames,
 * each a 4-byte length and a serialized {@link Entry}: the study's key (its name and a SHA-256 of the whole
 * spec, so runs of a changed study are never reused), the run's index in expansion order and its {@link
 * Portable} result. A frame cut short by a kill is dropped, and the file truncated after the last whole
 * frame, when the file is opened again. A file that holds something else (the model itself, a JSON result, any
 * text: {@code --resume} named the wrong file) is refused and left as it is ({@link #check}); before session 68 it
 * was read as frames and truncated to nothing.
 */
final class ResumeFile implements Closeable {
    /**
     * Java serialization's stream header ({@code STREAM_MAGIC} 0xACED, {@code STREAM_VERSION} 5), with which every
     * frame's serialized bytes begin, after the frame's 4-byte length.
     */
    private static final int SERIALIZED = 0xACED0005;

    /** One completed run. */
    record Entry(String study, int index, Serializable result) implements Serializable {
    }

    private final Map<String, Map<Integer, Serializable>> completed;
    private final OutputStream out;

    private ResumeFile(Map<String, Map<Integer, Serializable>> completed, OutputStream out) {
        this.completed = completed;
        this.out = out;
    }

    /** A sweep that keeps nothing (and spends nothing on serializing its runs). */
    static ResumeFile none() {
        return new ResumeFile(Map.of(), null);
    }

    /**
     * Fails, changing nothing, unless {@code file} may be a partial result: absent, empty, or beginning as a frame
     * does (a length, then bytes that begin with Java serialization's header). A model or any text begins otherwise
     * ({@code // C}: 0x2F2F2043, then anything but 0xACED0005).
     */
    static void check(Path file) {
        if (file == null || !Files.isRegularFile(file)) {
            return;
        }
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            long size = Files.size(file);
            if (size > 0 && (size < 2L * Integer.BYTES || in.readInt() < 0 || in.readInt() != SERIALIZED)) {
                throw new UserError(file + ": not a partial result that fabric sweep --resume wrote, so it was left as"
                        + " it is; name a new file for --resume (or delete this one if a sweep was stopped before its"
                        + " first run was kept)", ExitCodes.USAGE);
            }
        } catch (IOException e) {
            throw new UserError(file + ": cannot read (" + e.getMessage() + ")", ExitCodes.USAGE);
        }
    }

    /** Reads the runs {@code file} holds (none if it does not exist) and appends new ones to it ({@link #check} first). */
    static ResumeFile open(Path file) {
        check(file);
        Map<String, Map<Integer, Serializable>> completed = new HashMap<>();
        try {
            long whole = 0;
            if (Files.exists(file)) {
                long size = Files.size(file);
                try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
                    for (byte[] frame = readFrame(in, size - whole); frame != null; frame = readFrame(in, size - whole)) {
                        Entry entry = entry(frame);
                        completed.computeIfAbsent(entry.study(), k -> new HashMap<>()).put(entry.index(),
                                entry.result());
                        whole += Integer.BYTES + frame.length;
                    }
                }
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    channel.truncate(whole);
                }
            }
            return new ResumeFile(completed, Files.newOutputStream(file, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND));
        } catch (IOException e) {
            throw new UserError(file + ": cannot use it as the sweep's partial result (" + e.getMessage() + ")",
                    ExitCodes.USAGE);
        }
    }

    /** The key of {@code study} in a resume file: its name and a digest of the whole spec. */
    static String key(StudySpec study) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(study.toString()
                    .getBytes(StandardCharsets.UTF_8));
            return study.name() + "@" + HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** The completed runs of the study keyed {@code key}, by index. */
    Map<Integer, RunResult> completed(String key) {
        Map<Integer, RunResult> runs = new HashMap<>();
        completed.getOrDefault(key, Map.of()).forEach((index, run) -> runs.put(index, (RunResult) Portable.decode(run)));
        return runs;
    }

    /** Appends one completed run and flushes it to the file. */
    void append(String key, int index, Serializable result) {
        if (out == null) {
            return;
        }
        try {
            byte[] frame = serialize(new Entry(key, index, result));
            DataOutputStream data = new DataOutputStream(out);
            data.writeInt(frame.length);
            data.write(frame);
            data.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the sweep's partial result", e);
        }
    }

    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
        }
    }

    /**
     * The next whole frame, or {@code null} at the end of the file or of its last whole frame: a length longer than
     * the {@code left} bytes after it is a frame cut short, read without allocating its length.
     */
    private static byte[] readFrame(DataInputStream in, long left) throws IOException {
        try {
            int length = in.readInt();
            if (length < 0 || length > left - Integer.BYTES) {
                return null;
            }
            byte[] frame = new byte[length];
            in.readFully(frame);
            return frame;
        } catch (EOFException e) {
            return null;
        }
    }

    private static Entry entry(byte[] frame) throws IOException {
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(frame))) {
            return (Entry) objects.readObject();
        } catch (ClassNotFoundException | ClassCastException e) {
            throw new IOException("not a FabricSim sweep's partial result", e);
        }
    }

    private static byte[] serialize(Entry entry) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(bytes)) {
            objects.writeObject(entry);
        }
        return bytes.toByteArray();
    }
}
