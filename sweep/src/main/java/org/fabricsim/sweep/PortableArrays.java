package org.fabricsim.sweep;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * The primitive arrays of a {@link Portable} value: a tag byte ({@value #DOUBLES}, {@value #LONGS} or
 * {@value #INTS}, after the tags {@link Portable} itself writes), the length, and the elements as
 * {@link DataOutputStream} writes them. Cost: linear in the length.
 */
final class PortableArrays {
    static final int DOUBLES = 10;
    static final int LONGS = 11;
    static final int INTS = 12;

    private PortableArrays() {
    }

    /** Writes a {@code double[]}, {@code long[]} or {@code int[]}; throws on any other type. */
    static void write(Object value, DataOutputStream out) throws IOException {
        if (value instanceof double[] doubles) {
            out.writeByte(DOUBLES);
            out.writeInt(doubles.length);
            for (double d : doubles) {
                out.writeDouble(d);
            }
        } else if (value instanceof long[] longs) {
            out.writeByte(LONGS);
            out.writeInt(longs.length);
            for (long l : longs) {
                out.writeLong(l);
            }
        } else if (value instanceof int[] ints) {
            out.writeByte(INTS);
            out.writeInt(ints.length);
            for (int i : ints) {
                out.writeInt(i);
            }
        } else {
            throw new IllegalArgumentException("cannot send a " + value.getClass().getName() + " to a Spark executor");
        }
    }

    /** The array after {@code tag}; an {@link IOException} for a tag no FabricSim value writes. */
    static Object read(int tag, DataInputStream in) throws IOException {
        switch (tag) {
            case DOUBLES:
                double[] doubles = new double[in.readInt()];
                for (int i = 0; i < doubles.length; i++) {
                    doubles[i] = in.readDouble();
                }
                return doubles;
            case LONGS:
                long[] longs = new long[in.readInt()];
                for (int i = 0; i < longs.length; i++) {
                    longs[i] = in.readLong();
                }
                return longs;
            case INTS:
                int[] ints = new int[in.readInt()];
                for (int i = 0; i < ints.length; i++) {
                    ints[i] = in.readInt();
                }
                return ints;
            default:
                throw new IOException("unknown tag " + tag + ": not a FabricSim sweep's value");
        }
    }
}
