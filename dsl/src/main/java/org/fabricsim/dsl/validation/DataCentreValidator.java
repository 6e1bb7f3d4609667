package org.fabricsim.dsl.validation;

import java.math.BigInteger;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.ClusterNetwork;
import org.fabricsim.dsl.fabric.DataCentreNetwork;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.fabric.NumberValue;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Studies;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.VariationSpec.Parameter;
import org.fabricsim.runtime.topology.ClusterDomains;

import com.google.inject.Inject;

/**
 * A cluster's data-centre network and the data parallelism placed on it: the network is switched
 * (the engine's {@code DataCentreParameters}); {@code data D across P pods} needs the cluster's
 * data-centre network, P dividing D and the nodes (and a torus's last dimension, which the pods
 * cut), each pod whole scale-up domains, and is a training job's, and so does each value a study varies D to; a
 * benchmark placed {@code over data-centre} needs that network too, and so does a serving deployment's {@code
 * kv-transfer over data-centre}.
 */
public class DataCentreValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkDataCentreSwitched(DataCentreNetwork network) {
        if (network.getTopology() instanceof TorusTopology) {
            error("A data-centre network is switched: its accelerators reach it by NICs. Write a switched topology,"
                    + " e.g. 'single-switch' or 'fat-tree { tiers 2 }'.", network,
                    Literals.DATA_CENTRE_NETWORK__TOPOLOGY, IssueCodes.DATA_CENTRE_SWITCHED, "single-switch");
        }
    }

    @Check
    public void checkTrainingPodsOnAttachedNetwork(Training training) {
        Parallelism parallel = training.getParallel();
        Cluster cluster = training.getCluster();
        if (parallel == null || parallel.getPods() < 2 || cluster == null || cluster.eIsProxy()) {
            return;
        }
        if (cluster.getDataCentre() == null) {
            error("'across " + parallel.getPods() + " pods' places data parallelism on a data-centre network, but "
                    + "cluster " + cluster.getName() + " has none its accelerators are attached to: add"
                    + " 'data-centre <fabric> single-switch nic <rate>' to " + cluster.getName()
                    + ", or remove 'across " + parallel.getPods() + " pods'.", parallel, Literals.PARALLELISM__PODS,
                    IssueCodes.DATA_CENTRE_MISSING, cluster.getName());
            return;
        }
        int data = Math.max(1, parallel.getData());
        long nodes = cluster.getGroups().stream().mapToLong(NodeGroup::getCount).sum();
        int lastDimension = parallel.getPods();
        if (cluster.getScaleOut() != null && cluster.getScaleOut().getTopology() instanceof TorusTopology torus
                && !torus.getDimensions().isEmpty()) {
            lastDimension = torus.getDimensions().get(torus.getDimensions().size() - 1);
        }
        int perDomain = nodesPerDomain(cluster);
        if (data % parallel.getPods() != 0 || nodes % parallel.getPods() != 0
                || lastDimension % parallel.getPods() != 0 || nodes / parallel.getPods() % perDomain != 0) {
            error("The " + parallel.getPods() + " pods must divide the " + data + " data-parallel ways, the " + nodes
                    + " nodes" + (perDomain > 1 ? " in whole scale-up domains of " + perDomain + " nodes" : "")
                    + " and a torus's last dimension (the pods are its equal parts); write a pod count that"
                    + " divides them, e.g. 'across 2 pods'.", parallel, Literals.PARALLELISM__PODS,
                    IssueCodes.DATA_CENTRE_PODS, "2");
        }
    }

    /**
     * The nodes one scale-up domain of the cluster spans ({@link ClusterDomains#nodesPerDomain}), 1 where it does not
     * map. A pod holds whole domains: the engine builds each pod on its own, in whole domains.
     */
    private int nodesPerDomain(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        return spec == null ? 1 : ClusterDomains.nodesPerDomain(spec.node());
    }

    /**
     * Each {@code vary data} value of a job that runs {@code across P pods} is a multiple of P: a run splits its DP
     * ways into P equal parts, one per pod, and the runtime builds no plan that P does not divide (a sweep failed the
     * run; a search of it ended in an internal error). A value that is no whole number is {@code vary-value}'s.
     */
    @Check
    public void checkVariedDataAcrossPods(Variation variation) {
        if (!(variation.eContainer() instanceof Study study) || !(study.getWorkload() instanceof Training training)
                || training.getParallel() == null || training.getParallel().getPods() < 2
                || Studies.parameter(variation) != Parameter.DATA) {
            return;
        }
        BigInteger pods = BigInteger.valueOf(training.getParallel().getPods());
        for (Value value : variation.getValues()) {
            if (value instanceof NumberValue n && n.getNumber().matches("[0-9]+")
                    && new BigInteger(n.getNumber()).mod(pods).signum() != 0) {
                error("vary data " + n.getNumber() + ": " + training.getName() + " runs its data parallelism across "
                        + pods + " pods, which split it into equal parts, so no run of it can be built; vary data in"
                        + " multiples of " + pods + ", or write another pod count after 'across'.", value, null,
                        IssueCodes.VARY_DATA_PODS);
            }
        }
    }

    @Check
    public void checkBenchmarkOverAttachedNetwork(Benchmark benchmark) {
        Cluster cluster = benchmark.getCluster();
        if (benchmark.getOver() != ClusterNetwork.DATA_CENTRE || cluster == null || cluster.eIsProxy()
                || cluster.getDataCentre() != null) {
            return;
        }
        error("'over data-centre' places benchmark " + benchmark.getName() + " on a data-centre network, but cluster "
                + cluster.getName() + " has none its accelerators are attached to: add 'data-centre <fabric>"
                + " single-switch nic <rate>' to " + cluster.getName() + ", or run it 'over scale-out'.", benchmark,
                Literals.BENCHMARK__OVER, IssueCodes.DATA_CENTRE_MISSING, cluster.getName(),
                ClusterNetwork.SCALE_OUT.getLiteral());
    }

    @Check
    public void checkKvTransferOverAttachedNetwork(Inference inference) {
        Cluster cluster = inference.getCluster();
        if (inference.getKvOver() != ClusterNetwork.DATA_CENTRE || cluster == null || cluster.eIsProxy()
                || cluster.getDataCentre() != null) {
            return;
        }
        error("'kv-transfer over data-centre' places " + inference.getName() + "'s KV-cache transfers on a data-centre"
                + " network, but cluster " + cluster.getName() + " has none its accelerators are attached to: add"
                + " 'data-centre <fabric> single-switch nic <rate>' to " + cluster.getName() + ", or transfer 'over"
                + " scale-out'.", inference, Literals.INFERENCE__KV_OVER, IssueCodes.DATA_CENTRE_MISSING,
                cluster.getName(), ClusterNetwork.SCALE_OUT.getLiteral());
    }

    @Check
    public void checkPodsForTraining(Parallelism parallel) {
        if (parallel.getPods() > 0 && !(parallel.eContainer() instanceof Training)) {
            error("'across " + parallel.getPods() + " pods' is a training job's: a serving pool runs inside one pod."
                    + " Remove it.", parallel, Literals.PARALLELISM__PODS, IssueCodes.DATA_CENTRE_PODS, "");
        }
    }
}
