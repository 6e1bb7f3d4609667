package org.fabricsim.sweep;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.fabricsim.generator.cli.FabricCli;
import org.fabricsim.generator.cli.warm.TypedPaths;
import org.fabricsim.generator.cli.warm.WarmClient;
import org.fabricsim.generator.cli.warm.WarmCommands;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * {@code fabric sweep}'s command line for the warm server ({@link org.fabricsim.generator.cli.warm.WarmServer}, started
 * from {@code fabric-sweep.jar}, so with Spark on its class path): a server keeps its Spark application between
 * calls ({@link KeptSpark}) and runs each call as {@link SweepCli} does in its own process. Only sweeps on a local
 * master ({@code local}, {@code local[N]}, {@code local[*]}, or none given) go to the server: an application
 * kept on a cluster would hold the cluster's cores for everyone while it idles. Under spark-submit (which sets
 * {@code spark.master}) every call runs in its own process, on the master spark-submit chose.
 */
public final class WarmSweep implements WarmCommands {
    private static final String MASTER = "--master";
    private static final String CONF = "--conf";
    private final KeptSpark spark;

    /** The commands a server started with this class's name runs. */
    public WarmSweep() {
        this(new KeptSpark());
    }

    WarmSweep(KeptSpark spark) {
        this.spark = spark;
    }

    /**
     * {@code java -jar fabric-sweep.jar} (its main class, so what {@code ./fabric sweep} runs): the sweep on the warm sweep
     * server when it serves it, else in this process. A class of its own, small, so that a served call loads little.
     */
    public static void main(String[] args) {
        System.exit(WarmClient.run(new WarmSweep(), args));
    }

    @Override
    public String kind() {
        return "sweep";
    }

    @Override
    public boolean serves(String[] args) {
        String master = master(args);
        return args.length > 0 && System.getProperty("spark.master") == null
                && (master == null || master.startsWith("local"));
    }

    @Override
    public int executeHere(String[] args) {
        return SweepCli.execute(args);
    }

    @Override
    public int execute(TypedPaths paths, StudyRunner.Progress progress, PrintWriter out, PrintWriter err,
            String... args) {
        return FabricCli.execute(new SweepCli(spark, progress), paths, out, err, args);
    }

    /** A sweep of the small model on the first call's master and settings, whose application then stays for the calls after it. */
    @Override
    public List<String[]> warmUpCalls(String model, String[] firstCall) {
        List<String> call = new ArrayList<>(sparkOptions(firstCall));
        call.add(model);
        return List.<String[]>of(call.toArray(String[]::new));
    }

    /** The value of the last {@code --master} in {@code args}, or null. */
    static String master(String[] args) {
        String master = null;
        for (String option : sparkOptions(args)) {
            if (option.startsWith(MASTER + "=")) {
                master = option.substring(MASTER.length() + 1);
            }
        }
        return master;
    }

    /** The {@code --master} and {@code --conf} options in {@code args} (as {@code --name VALUE} or {@code --name=VALUE}), each as {@code --name=VALUE}. */
    static List<String> sparkOptions(String[] args) {
        List<String> options = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            for (String name : List.of(MASTER, CONF)) {
                if (args[i].startsWith(name + "=")) {
                    options.add(args[i]);
                } else if (args[i].equals(name) && i + 1 < args.length) {
                    options.add(name + "=" + args[i + 1]);
                }
            }
        }
        return options;
    }
}
