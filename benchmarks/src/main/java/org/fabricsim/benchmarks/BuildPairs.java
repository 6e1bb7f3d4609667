package org.fabricsim.benchmarks;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.Locale;

/**
 * Two builds of the runtime in one JVM, their cold DCQCN steps alternated ({@link
 * TrainingHarness#dcqcnStepSeconds}), or another harness's run: on a shared machine the load moves between
 * separate processes, so a pair of runs a few seconds apart in one process compares builds more closely. Usage:
 *
 * <pre>  java -cp benchmarks/target/bench org.fabricsim.benchmarks.BuildPairs ROUNDS BASE_CLASSPATH NEW_CLASSPATH [CLASS#METHOD]</pre>
 *
 * CLASS#METHOD names a public static method of this package without parameters that returns a double (the
 * run's simulated result, compared between the builds), {@code TrainingHarness#dcqcnStepSeconds} when left
 * out; {@code TrainingHarness#roceStepSeconds} runs the RoCE row without congestion control,
 * {@code TrainingHarness#cp16StepSeconds} the 131K-token CP16 step on the ideal fabric,
 * {@code TrainingHarness#cp16RoceStepSeconds} the same step on Meta's RoCE without congestion control, and
 * {@code InferenceHarness#millionRequestsSeconds} and {@code InferenceHarness#millionProductionRequestsSeconds}
 * run the serving benchmark.
 *
 * Each class path (':'-separated) holds this harness compiled against that build, the build's runtime
 * classes, its resources and Hipparchus, loaded by a class loader of its own. One warm-up step each, then
 * ROUNDS rounds of one step per build, the order swapped every round; prints per round the simulating
 * thread's CPU and the process's (the collector and the JIT included) for both and the ratio new ÷ base,
 * then the median ratios with their ranges, and a line when the two builds' step times differ.
 */
public final class BuildPairs {
    private BuildPairs() {
    }

    public static void main(String[] args) throws ReflectiveOperationException, MalformedURLException {
        int rounds = Integer.parseInt(args[0]);
        String run = args.length > 3 ? args[3] : "TrainingHarness#dcqcnStepSeconds";
        Method[] step = {stepOf(args[1], run), stepOf(args[2], run)};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (Method build : step) {
            build.invoke(null);
        }
        double[] threadRatio = new double[rounds];
        double[] processRatio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            double[] thread = new double[2];
            double[] process = new double[2];
            double[] seconds = new double[2];
            for (int k = 0; k < 2; k++) {
                int b = r % 2 == 0 ? k : 1 - k;
                System.gc();
                long threadStart = threads.getCurrentThreadCpuTime();
                long processStart = ProcessCpu.nanos();
                seconds[b] = (Double) step[b].invoke(null);
                thread[b] = (threads.getCurrentThreadCpuTime() - threadStart) / 1e9;
                process[b] = (ProcessCpu.nanos() - processStart) / 1e9;
            }
            if (seconds[0] != seconds[1]) {
                System.out.printf(Locale.ROOT, "round %d: steps differ, %s s and %s s%n", r, seconds[0], seconds[1]);
            }
            threadRatio[r] = thread[1] / thread[0];
            processRatio[r] = process[1] / process[0];
            System.out.printf(Locale.ROOT, "round %d: thread %.3f / %.3f s (%.3f), process %.3f / %.3f s (%.3f)%n", r,
                    thread[0], thread[1], threadRatio[r], process[0], process[1], processRatio[r]);
        }
        Arrays.sort(threadRatio);
        Arrays.sort(processRatio);
        System.out.printf(Locale.ROOT, "median ratio new / base over %d rounds: thread %.3f (%.3f-%.3f), process %.3f (%.3f-%.3f)%n",
                rounds, threadRatio[rounds / 2], threadRatio[0], threadRatio[rounds - 1], processRatio[rounds / 2],
                processRatio[0], processRatio[rounds - 1]);
    }

    /** The method {@code run} (CLASS#METHOD) of the build on {@code classPath}, in a class loader of its own. */
    private static Method stepOf(String classPath, String run) throws ReflectiveOperationException,
            MalformedURLException {
        String[] entries = classPath.split(File.pathSeparator);
        URL[] urls = new URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            urls[i] = new File(entries[i]).toURI().toURL();
        }
        ClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
        int hash = run.indexOf('#');
        String harness = BuildPairs.class.getPackageName() + "." + run.substring(0, hash);
        return loader.loadClass(harness).getMethod(run.substring(hash + 1));
    }
}
