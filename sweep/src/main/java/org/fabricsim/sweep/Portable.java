package org.fabricsim.sweep;

import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runtime's specs and results as plain serializable values, and back: how a study travels to Spark
 * executors and its runs' results come home, without the runtime's records implementing {@link
 * Serializable}. A record becomes its class name and its components in declaration order, an enum
 * constant its class and name, a list its items, a map its entries in iteration order; strings, boxed
 * primitives and primitive arrays stay as they are (they are serializable). Decoding calls each
 * record's canonical constructor with the decoded components, as the generated programs do ({@code
 * SpecPrinter}), so a decoded value {@code equals} the original: lists come back as unmodifiable lists
 * and maps as unmodifiable insertion-ordered maps, equal to any list or map of the same elements. Cost:
 * linear in the size of the value; record constructors are looked up once per class.
 */
final class Portable {
    /** A record: its class and its components in declaration order, each portable. */
    record RecordValue(String type, Object[] components) implements Serializable {
    }

    /** An enum constant. */
    record EnumValue(String type, String name) implements Serializable {
    }

    /** A list's items in order, each portable. */
    record ListValue(Object[] items) implements Serializable {
    }

    /** A map's keys and values in iteration order, each portable. */
    record MapValue(Object[] keys, Object[] values) implements Serializable {
    }

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

    private Portable() {
    }

    /** {@code value} as a serializable tree; throws on a type that specs and results never hold. */
    static Serializable encode(Object value) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean
                || value instanceof Character) {
            return (Serializable) value;
        }
        if (value.getClass().isArray() && value.getClass().getComponentType().isPrimitive()) {
            return (Serializable) value;
        }
        if (value instanceof Enum<?> constant) {
            return new EnumValue(constant.getDeclaringClass().getName(), constant.name());
        }
        if (value instanceof Record record) {
            RecordComponent[] components = record.getClass().getRecordComponents();
            Object[] encoded = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                encoded[i] = encode(component(record, components[i]));
            }
            return new RecordValue(record.getClass().getName(), encoded);
        }
        if (value instanceof List<?> list) {
            return new ListValue(list.stream().map(Portable::encode).toArray());
        }
        if (value instanceof Map<?, ?> map) {
            Object[] keys = new Object[map.size()];
            Object[] values = new Object[map.size()];
            int i = 0;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                keys[i] = encode(entry.getKey());
                values[i++] = encode(entry.getValue());
            }
            return new MapValue(keys, values);
        }
        throw new IllegalArgumentException("cannot send a " + value.getClass().getName() + " to a Spark executor");
    }

    /** The value {@code portable} was encoded from, its classes loaded by the current thread's class loader. */
    static Object decode(Object portable) {
        if (portable instanceof RecordValue record) {
            Class<?> type = load(record.type());
            Object[] components = new Object[record.components().length];
            for (int i = 0; i < components.length; i++) {
                components[i] = decode(record.components()[i]);
            }
            try {
                return CANONICAL.get(type).newInstance(components);
            } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot rebuild a " + type.getName(), e);
            }
        }
        if (portable instanceof EnumValue constant) {
            return enumConstant(load(constant.type()), constant.name());
        }
        if (portable instanceof ListValue list) {
            List<Object> items = new ArrayList<>(list.items().length);
            for (Object item : list.items()) {
                items.add(decode(item));
            }
            return Collections.unmodifiableList(items);
        }
        if (portable instanceof MapValue map) {
            Map<Object, Object> entries = new LinkedHashMap<>();
            for (int i = 0; i < map.keys().length; i++) {
                entries.put(decode(map.keys()[i]), decode(map.values()[i]));
            }
            return Collections.unmodifiableMap(entries);
        }
        return portable;
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

    private static Object component(Record record, RecordComponent component) {
        try {
            component.getAccessor().setAccessible(true);
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass(), e);
        }
    }
}
