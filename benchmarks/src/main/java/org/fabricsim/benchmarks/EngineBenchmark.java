package org.fabricsim.benchmarks;

import java.util.concurrent.TimeUnit;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Wall time of whole collectives on one thread (the topology is built once per trial; the
 * simulation, including schedule construction and routing, is measured). Run with
 *
 * <pre>  java -Xmx8g -jar benchmarks/target/benchmarks.jar EngineBenchmark</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g", "-XX:ActiveProcessorCount=1"})
public class EngineBenchmark {

    /** 1 GiB ring all-reduce, 8 channels, ECMP, on DGX-like nodes and a rail-optimized 3-tier fat-tree. */
    @State(Scope.Benchmark)
    public static class Ring {
        @Param({"4096", "16384", "131072"})
        public int endpoints;
        ClusterTopology topology;
        CollectiveRequest request;

        @Setup(Level.Trial)
        public void build() {
            topology = Scenarios.railFatTree(endpoints);
            request = Scenarios.ringAllReduce(endpoints);
        }
    }

    /** Direct all-to-all, 1 MiB per pair, ECMP, on a 1:1 two-tier fat-tree, ε = 1%. */
    @State(Scope.Benchmark)
    public static class AllToAll {
        @Param({"512", "2048"})
        public int endpoints;
        ClusterTopology topology;
        CollectiveRequest request;

        @Setup(Level.Trial)
        public void build() {
            topology = Scenarios.twoTier(endpoints, (int) Math.sqrt(endpoints / 2.0));
            request = Scenarios.allToAll(endpoints, 1L << 20, MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE);
        }
    }

    @Benchmark
    public CollectiveResult ringAllReduce(Ring state) {
        return CollectiveEngine.run(state.topology, state.request);
    }

    @Benchmark
    public CollectiveResult allToAll(AllToAll state) {
        return CollectiveEngine.run(state.topology, state.request);
    }
}
