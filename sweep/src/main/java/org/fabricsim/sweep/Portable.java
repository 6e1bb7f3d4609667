package org.fabricsim.sweep;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runtime's specs and results as bytes, and back: how a study travels to Spark executors and its runs'
 * results come home, without the runtime's records implementing {@link Serializable}. A value is written
 * depth first, each item a tag byte and its data: a record its class and its components in declaration
 * order, an enum constant its class and name, a list its size and items, a map its size and entries in
 * iteration order, strings and boxed primitives as {@link DataOutputStream} writes them, and double, long
 * and int arrays their length and elements; a class name is written once per value and then by its index,
 * and so is a record (the same object again, as the plans of a search share their model and cluster).
 * Decoding calls each record's canonical constructor with the decoded components, as the generated
 * programs do ({@code SpecPrinter}), so a decoded value {@code equals} the original: lists come back as
 * unmodifiable lists and maps as unmodifiable insertion-ordered maps, equal to any list or map of the same
 * elements. A {@code byte[]} is all Spark and the resume file then serialize, which costs nothing beside
 * Java serialization of the object tree (2 ms of CPU per collective run's result, docs/performance.md).
 * Cost: linear in the size of the value; record accessors and constructors are looked up once per class.
 */
final class Portable {
    private static final int NULL = 0;
    private static final int STRING = 1;
    private static final int INT = 2;
    private static final int LONG = 3;
    private static final int DOUBLE = 4;
    private static final int BOOLEAN = 5;
    private static final int ENUM = 6;
    private static final int RECORD = 7;
    private static final int LIST = 8;
    private static final int MAP = 9;
    private static final int SEEN = 13;
    private static final int NEW_NAME = -1;

    private static final ClassValue<Constructor<?>> CANONICAL = new ClassValue<>() {
        @Override
        protected Constructor<?> computeValue(Class<?> type) {
            Class<?>[] parameters = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType)
                    .toArray(Class<?>[]::new);
            try {
                Constructor<?> constructor = type.getDeclaredConstructor(parameters);
                constructor.setAccessible(true);
                return constructor;
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("record " + type.getName() + " has no canonical constructor", e);
            }
        }
    };

    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            return Arrays.stream(type.getRecordComponents()).map(c -> {
                Method accessor = c.getAccessor();
                accessor.setAccessible(true);
                return accessor;
            }).toArray(Method[]::new);
        }
    };

    private Portable() {
    }

    /** {@code value} as bytes; throws on a type that specs and results never hold. */
    static Serializable encode(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(value, out, new HashMap<>(), new IdentityHashMap<>());
        } catch (IOException e) {
            throw new UncheckedIOException("an in-memory stream failed", e);
        }
        return bytes.toByteArray();
    }

    /** The value {@code portable} (bytes from {@link #encode}) was encoded from, its classes loaded by the current thread's class loader. */
    static Object decode(Object portable) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream((byte[]) portable))) {
            return read(in, new ArrayList<>(), new ArrayList<>());
        } catch (IOException e) {
            throw new UncheckedIOException("a sweep's value is cut short or not one", e);
        }
    }

    /** {@code value} after the values whose class names are {@code names} and whose records are {@code records}. */
    private static void write(Object value, DataOutputStream out, Map<String, Integer> names,
            Map<Record, Integer> records) throws IOException {
        if (value == null) {
            out.writeByte(NULL);
        } else if (value instanceof String s) {
            out.writeByte(STRING);
            text(s, out);
        } else if (value instanceof Integer i) {
            out.writeByte(INT);
            out.writeInt(i);
        } else if (value instanceof Long l) {
            out.writeByte(LONG);
            out.writeLong(l);
        } else if (value instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (value instanceof Boolean b) {
            out.writeByte(BOOLEAN);
            out.writeBoolean(b);
        } else if (value instanceof Enum<?> constant) {
            out.writeByte(ENUM);
            name(constant.getDeclaringClass().getName(), out, names);
            text(constant.name(), out);
        } else if (value instanceof Record record && records.containsKey(record)) {
            out.writeByte(SEEN);
            out.writeInt(records.get(record));
        } else if (value instanceof Record record) {
            out.writeByte(RECORD);
            name(record.getClass().getName(), out, names);
            for (Method accessor : ACCESSORS.get(record.getClass())) {
                write(component(record, accessor), out, names, records);
            }
            records.put(record, records.size());
        } else if (value instanceof List<?> list) {
            out.writeByte(LIST);
            out.writeInt(list.size());
            for (Object item : list) {
                write(item, out, names, records);
            }
        } else if (value instanceof Map<?, ?> map) {
            out.writeByte(MAP);
            out.writeInt(map.size());
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                write(entry.getKey(), out, names, records);
                write(entry.getValue(), out, names, records);
            }
        } else {
            PortableArrays.write(value, out);
        }
    }

    /** A class name: its index when this value already named it, else {@value #NEW_NAME} and the name. */
    private static void name(String name, DataOutputStream out, Map<String, Integer> names) throws IOException {
        Integer index = names.get(name);
        if (index != null) {
            out.writeInt(index);
        } else {
            names.put(name, names.size());
            out.writeInt(NEW_NAME);
            text(name, out);
        }
    }

    private static String name(DataInputStream in, List<String> names) throws IOException {
        int index = in.readInt();
        if (index != NEW_NAME) {
            return names.get(index);
        }
        String name = text(in);
        names.add(name);
        return name;
    }

    /** A string as its UTF-8 length and bytes ({@link DataOutputStream#writeUTF} stops at 64 KiB). */
    private static void text(String s, DataOutputStream out) throws IOException {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static String text(DataInputStream in) throws IOException {
        byte[] utf8 = new byte[in.readInt()];
        in.readFully(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    private static Object read(DataInputStream in, List<String> names, List<Object> records) throws IOException {
        int tag = in.readByte();
        switch (tag) {
            case NULL:
                return null;
            case STRING:
                return text(in);
            case INT:
                return in.readInt();
            case LONG:
                return in.readLong();
            case DOUBLE:
                return in.readDouble();
            case BOOLEAN:
                return in.readBoolean();
            case ENUM:
                return enumConstant(load(name(in, names)), text(in));
            case RECORD:
                Object decoded = record(load(name(in, names)), in, names, records);
                records.add(decoded);
                return decoded;
            case SEEN:
                return records.get(in.readInt());
            case LIST:
                int size = in.readInt();
                List<Object> items = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    items.add(read(in, names, records));
                }
                return Collections.unmodifiableList(items);
            case MAP:
                int entries = in.readInt();
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < entries; i++) {
                    map.put(read(in, names, records), read(in, names, records));
                }
                return Collections.unmodifiableMap(map);
            default:
                return PortableArrays.read(tag, in);
        }
    }

    private static Object record(Class<?> type, DataInputStream in, List<String> names, List<Object> records)
            throws IOException {
        Constructor<?> constructor = CANONICAL.get(type);
        Object[] components = new Object[constructor.getParameterCount()];
        for (int i = 0; i < components.length; i++) {
            components[i] = read(in, names, records);
        }
        try {
            return constructor.newInstance(components);
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot rebuild a " + type.getName(), e);
        }
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Class<?> load(String name) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            return Class.forName(name, false, loader == null ? Portable.class.getClassLoader() : loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("class " + name + " is not on this executor's class path; ship the"
                    + " FabricSim runtime jar with the sweep (docs/sweep.md)", e);
        }
    }

    private static Object component(Record record, Method accessor) {
        try {
            return accessor.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + accessor.getName() + " of " + record.getClass(), e);
        }
    }
}
