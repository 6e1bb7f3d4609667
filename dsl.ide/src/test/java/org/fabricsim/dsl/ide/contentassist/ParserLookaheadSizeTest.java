package org.fabricsim.dsl.ide.contentassist;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No lookahead DFA of the generated parsers is large enough to threaten javac's limit on a class initializer.
 *
 * <p>ANTLR writes each prediction DFA's transition table as a static {@code String[]}, one entry a state, unpacked
 * into a static {@code short[][]} field {@code dfa_N} in the parser's static initializer. Each entry costs about 8
 * bytes of that initializer (push the index, load the constant, store it), and javac refuses an initializer over
 * 64 KB ("code too large"). Session 52's content-assist parser held one DFA of 7,341 states, 60 KB of its
 * 64,487-byte initializer: the syntactic predicate on an inference's pools, {@code (pools+=Pool)+} inside an
 * unordered group, made ANTLR look ahead through whole pools and parallel plans to tell another pool of the same
 * member from the group's next one. 1,500 states (about 12 KB) leaves room for every other table.
 */
class ParserLookaheadSizeTest {
    private static final int MAX_STATES = 1_500;

    @ParameterizedTest
    @ValueSource(strings = { "org.fabricsim.dsl.ide.contentassist.antlr.internal.InternalFabricParser",
            "org.fabricsim.dsl.parser.antlr.internal.InternalFabricParser" })
    void shouldKeepEveryLookaheadDfaSmall(String parser) throws Exception {
        List<String> large = new ArrayList<>();
        int dfas = 0;
        for (Field field : Class.forName(parser).getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == short[][].class
                    && field.getName().startsWith("dfa_")) {
                field.setAccessible(true);
                int states = ((short[][]) field.get(null)).length;
                dfas++;
                if (states > MAX_STATES) {
                    large.add(field.getName() + " (" + states + " states)");
                }
            }
        }
        assertTrue(dfas > 0, () -> parser + " has no dfa_* transition tables: has ANTLR's output changed shape?");
        assertTrue(large.isEmpty(), () -> parser + " has lookahead DFAs over " + MAX_STATES + " states: " + large
                + ". Each state costs about 8 bytes of the class's static initializer, which javac caps at 64 KB"
                + " ('code too large'). Find the decision (its DFA class's getDescription() in the generated source)"
                + " and make the grammar unambiguous there, e.g. alternatives that each begin with their own keyword"
                + " instead of a repeated member of an unordered group (rule Inference in Fabric.xtext).");
    }
}
