package org.fabricsim.runtime.study;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;

/**
 * What each varied parameter takes and which workloads have it: the one table the editor checks a
 * {@code vary} against and the runtime applies it with, so that a value the editor accepts is a
 * value the simulation runs. Keyword values are written as the workload writes them
 * ({@code 1f1b}, {@code zero-2}, {@code bf16}, {@code double-binary-tree}).
 */
public final class Knobs {
    /** The schedules in the language's spelling, in {@link TrainingSpec.PipelineSchedule} order. */
    private static final List<String> SCHEDULES = List.of("gpipe", "1f1b", "interleaved-1f1b", "zero-bubble",
            "dualpipe");

    private Knobs() {
    }

    /** The kind of value a parameter takes. */
    public enum Kind {
        /** A whole number ≥ 1 (a degree, a count, a size in tokens). */
        WHOLE,
        /** A positive number (a ratio, a factor, a rate). */
        NUMBER,
        /** One of {@link #keywords}. */
        KEYWORD,
        /** A cluster definition. */
        CLUSTER,
        /** A model definition. */
        MODEL,
        /** A scale-out fabric definition. */
        FABRIC
    }

    /** The workloads a parameter can vary. */
    public enum Workload {
        TRAINING, INFERENCE, BENCHMARK
    }

    /** The kind of value {@code parameter} takes. O(1). */
    public static Kind kind(Parameter parameter) {
        return switch (parameter) {
            case SCHEDULE, SHARDING, RECOMPUTE, PRECISION, ALGORITHM -> Kind.KEYWORD;
            case CAPACITY_FACTOR, ROUTING_SKEW, RATE, OVERSUBSCRIPTION -> Kind.NUMBER;
            case CLUSTER -> Kind.CLUSTER;
            case MODEL -> Kind.MODEL;
            case FABRIC -> Kind.FABRIC;
            default -> Kind.WHOLE;
        };
    }

    /** Whether {@code parameter} is a parameter of {@code workload}. O(1). */
    public static boolean appliesTo(Parameter parameter, Workload workload) {
        return switch (parameter) {
            case CLUSTER, FABRIC, OVERSUBSCRIPTION -> true;
            case ALGORITHM, CHANNELS -> workload == Workload.BENCHMARK;
            case MODEL, PRECISION, CAPACITY_FACTOR, ROUTING_SKEW, TENSOR, PIPELINE, DATA, CONTEXT, EXPERT ->
                workload != Workload.BENCHMARK;
            case RATE, CLIENTS, REPLICAS, MAX_BATCH_TOKENS, MAX_SEQUENCES -> workload == Workload.INFERENCE;
            default -> workload == Workload.TRAINING;
        };
    }

    /** The keywords {@code parameter} takes, in the language's order; empty for a parameter of another kind. */
    public static List<String> keywords(Parameter parameter) {
        return switch (parameter) {
            case SCHEDULE -> SCHEDULES;
            case SHARDING -> keywordsOf(TrainingSpec.Sharding.values());
            case RECOMPUTE -> keywordsOf(TrainingSpec.Recompute.values());
            case PRECISION -> keywordsOf(Precision.values());
            case ALGORITHM -> keywordsOf(Arrays.stream(Algorithm.values()).filter(a -> a != Algorithm.PHASED)
                    .toArray(Algorithm[]::new));
            default -> List.of();
        };
    }

    /** The schedule a keyword names. @throws InfeasibleRunException for another value */
    public static TrainingSpec.PipelineSchedule schedule(Object value) {
        return TrainingSpec.PipelineSchedule.values()[index(Parameter.SCHEDULE, value)];
    }

    /** The keyword of a schedule, as the language writes it ({@code 1f1b}). */
    public static String keyword(TrainingSpec.PipelineSchedule schedule) {
        return SCHEDULES.get(schedule.ordinal());
    }

    /** The constant of {@code type} whose keyword is {@code value}. @throws InfeasibleRunException otherwise */
    public static <E extends Enum<E>> E constant(Parameter parameter, Object value, Class<E> type) {
        return Enum.valueOf(type, keywords(parameter).get(index(parameter, value)).toUpperCase(Locale.ROOT)
                .replace('-', '_'));
    }

    private static int index(Parameter parameter, Object value) {
        int index = keywords(parameter).indexOf(value);
        if (index < 0) {
            throw new InfeasibleRunException(parameter.label() + " takes " + String.join(", ", keywords(parameter))
                    + ", not " + Variations.label(value));
        }
        return index;
    }

    private static List<String> keywordsOf(Enum<?>[] constants) {
        return Arrays.stream(constants).map(Keywords::of).toList();
    }
}
