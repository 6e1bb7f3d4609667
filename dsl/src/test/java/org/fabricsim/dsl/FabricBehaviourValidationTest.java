package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.fabricbehaviour.BehaviourKey;
import org.fabricsim.runtime.fabricbehaviour.BehaviourTable;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * What a fabric states about overload, congestion control and routing reaches the spec both backends read, and
 * the editor says which behaviour-table row a cluster runs with: uec-cc its own Swift rows (an info says what stays
 * approximated), a combination without a
 * row an error on the cluster naming it and how to produce the table.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class FabricBehaviourValidationTest {

    @Inject
    private ParseHelper<Model> parser;

    @Inject
    private ValidationTestHelper validation;

    @Inject
    private SpecMapper mapper;

    /** A two-node cluster on fabric F, stating {@code fabric} inside F's block and {@code topology} after its switch. */
    private Model cluster(String fabric, String topology) throws Exception {
        return parser.parse("""
                package p
                import fabric.catalog.nvidia.*
                fabric F { vendor NVIDIA scope scale-out open-standard link 400 Gb/s %s }
                node N { accelerators 8 x H100_SXM nics 8 x ConnectX7 rail-aligned }
                cluster C { nodes 2 x N scale-out F single-switch %s }
                """.formatted(fabric, topology));
    }

    private ClusterSpec spec(Model model) {
        return mapper.toCluster(EcoreUtil2.typeSelect(model.getElements(), Cluster.class).get(0));
    }

    private ScaleOutSpec scaleOut(Model model) {
        return spec(model).scaleOut();
    }

    private List<Issue> issues(Model model, String code) {
        return validation.validate(model).stream().filter(i -> code.equals(i.getCode())).toList();
    }

    @Test
    void shouldMapHowTheFabricHandlesOverloadToTheOneFlowControlBothBackendsRead() throws Exception {
        assertEquals(FabricSpec.FlowControl.UNSTATED, scaleOut(cluster("", "")).fabric().flowControl());
        assertEquals(FabricSpec.FlowControl.LOSSLESS, scaleOut(cluster("lossless", "")).fabric().flowControl());
        assertEquals(FabricSpec.FlowControl.PFC, scaleOut(cluster("lossless pfc", "")).fabric().flowControl());
        assertEquals(FabricSpec.FlowControl.CREDIT_BASED,
                scaleOut(cluster("lossless credit-based", "")).fabric().flowControl());
        assertEquals(FabricSpec.FlowControl.LINK_LEVEL_RETRY,
                scaleOut(cluster("lossless link-level-retry", "")).fabric().flowControl());
        assertEquals(FabricSpec.FlowControl.LOSSY, scaleOut(cluster("lossy", "")).fabric().flowControl());
    }

    @Test
    void shouldRouteAsTheFabricRoutesUnlessTheTopologyStatesItsOwn() throws Exception {
        assertEquals(RoutingMode.ECMP, routing(cluster("", "")));
        assertEquals(RoutingMode.ADAPTIVE, routing(cluster("routing adaptive", "")));
        assertEquals(RoutingMode.ADAPTIVE, routing(cluster("routing ecmp, adaptive", "")));
        assertEquals(RoutingMode.SPRAY, routing(cluster("routing adaptive, packet-spraying", "")));
        assertEquals(RoutingMode.ECMP, routing(cluster("routing adaptive", "{ routing ecmp }")));
    }

    private RoutingMode routing(Model model) {
        return ClusterTopologies.routing(spec(model));
    }

    @Test
    void shouldRunInfinibandCongestionControlOnItsOwnRow() throws Exception {
        // The table measures ib-cc (FECN/BECN) on the packet backend: the fabric keys its own row, which exists.
        Model model = cluster("lossless credit-based congestion-control ib-cc routing adaptive", "");
        // Selective repeat: adaptive routing's NICs place out-of-order packets (FabricBehaviours.recovery).
        assertEquals(new BehaviourKey(BehaviourKey.FlowControl.CREDIT, FabricSpec.CongestionControl.INFINIBAND,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ADAPTIVE),
                FabricBehaviours.key(scaleOut(model).fabric(), routing(model)));
    }

    @Test
    void shouldRunUltraEthernetCongestionControlOnItsSwiftRowsAndSayWhatStaysApproximated() throws Exception {
        Model model = cluster("lossy congestion-control uec-cc routing packet-spraying", "");
        validation.assertIssue(model, Literals.FABRIC, IssueCodes.UEC_CC_AS_SWIFT, Severity.INFO,
                "'congestion-control uec-cc' runs as Swift");
        validation.assertIssue(model, Literals.FABRIC, IssueCodes.UEC_CC_AS_SWIFT, Severity.INFO,
                "receiver-credit congestion control (RCCC) are not simulated");
        BehaviourKey key = FabricBehaviours.key(scaleOut(model).fabric(), routing(model));
        assertEquals(new BehaviourKey(BehaviourKey.FlowControl.TRIMMING, FabricSpec.CongestionControl.ULTRA_ETHERNET,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.SPRAY), key);
        assertEquals(key, BehaviourTable.shipped().behaviour(key).key(), "the table has the row");
        assertEquals(List.of(), issues(cluster("lossy congestion-control none", ""), IssueCodes.UEC_CC_AS_SWIFT));
        assertEquals(List.of(), issues(cluster("lossless pfc congestion-control receiver-driven", ""),
                IssueCodes.UEC_CC_AS_SWIFT), "receiver-driven runs NDP's pull as written");
        assertEquals(List.of(), issues(cluster("congestion-control uec-cc", ""), IssueCodes.UEC_CC_AS_SWIFT),
                "a fabric that does not say how it handles overload runs as the ideal (another info says so)");
    }

    /**
     * A scheduled fabric runs its own measured row (request/grant credits, go-back-N without spraying), which the
     * table had none of before the packet backend simulated it.
     */
    @Test
    void shouldRunAScheduledFabricOnItsOwnMeasuredRow() throws Exception {
        Model model = cluster("lossless credit-based congestion-control scheduled routing adaptive", "");
        BehaviourKey key = FabricBehaviours.key(scaleOut(model).fabric(), routing(model));
        assertEquals(new BehaviourKey(BehaviourKey.FlowControl.CREDIT, FabricSpec.CongestionControl.SCHEDULED,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ADAPTIVE), key);
        assertEquals(key, BehaviourTable.shipped().behaviour(key).key());
    }

    /**
     * A RoCE NIC with IRN states selective repeat on a lossy DCQCN fabric routed by ECMP: the spec carries it and the
     * fabric keys the selective-repeat row; without it, the recovery is derived (go-back-N there) exactly as before.
     */
    @Test
    void shouldCarryAStatedRecoveryToTheSpecAndTheBehaviourRow() throws Exception {
        Model irn = cluster("lossy congestion-control dcqcn recovery selective-repeat", "");
        assertEquals(FabricSpec.Recovery.SELECTIVE_REPEAT, scaleOut(irn).fabric().recovery());
        assertEquals(new BehaviourKey(BehaviourKey.FlowControl.LOSSY, FabricSpec.CongestionControl.DCQCN,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP),
                FabricBehaviours.key(scaleOut(irn).fabric(), routing(irn)));
        Model derived = cluster("lossy congestion-control dcqcn", "");
        assertEquals(FabricSpec.Recovery.UNSTATED, scaleOut(derived).fabric().recovery());
        assertEquals(BehaviourKey.Recovery.GO_BACK_N, FabricBehaviours.key(scaleOut(derived).fabric(),
                routing(derived)).recovery());
        assertEquals(FabricSpec.Recovery.GO_BACK_N,
                scaleOut(cluster("lossy congestion-control dcqcn recovery go-back-n", "")).fabric().recovery());
    }

    @Test
    void shouldRejectGoBackNWhereTheTransportResendsSelectively() throws Exception {
        validation.assertError(cluster("lossy routing packet-spraying recovery go-back-n", ""), Literals.FABRIC,
                IssueCodes.GO_BACK_N_SELECTIVE_TRANSPORT, "the fabric sprays packets", "recovery selective-repeat");
        validation.assertError(cluster("lossy congestion-control uec-cc recovery go-back-n", ""), Literals.FABRIC,
                IssueCodes.GO_BACK_N_SELECTIVE_TRANSPORT, "'congestion-control uec-cc'", "trims packets");
        List<Issue> pull = issues(cluster("lossless pfc congestion-control receiver-driven recovery go-back-n", ""),
                IssueCodes.GO_BACK_N_SELECTIVE_TRANSPORT);
        assertEquals(1, pull.size());
        assertEquals(Severity.ERROR, pull.get(0).getSeverity());
        assertEquals(List.of("selective-repeat"), List.of(pull.get(0).getData()), "the quick fix's recovery");
    }

    @Test
    void shouldAcceptAStatedRecoveryTheTransportAllows() throws Exception {
        for (String fabric : List.of("lossy congestion-control dcqcn recovery go-back-n",
                "lossy congestion-control dcqcn recovery selective-repeat",
                "lossy routing packet-spraying recovery selective-repeat",
                "lossy congestion-control uec-cc recovery selective-repeat", "lossy routing packet-spraying")) {
            assertEquals(List.of(), issues(cluster(fabric, ""), IssueCodes.GO_BACK_N_SELECTIVE_TRANSPORT), fabric);
        }
    }

    /**
     * A topology that sprays a fabric reorders its flows as a spraying fabric does: a stated go-back-N is the same
     * error, marked on the topology's routing, and without a stated recovery the sprayed row runs selective repeat.
     */
    @Test
    void shouldRejectGoBackNUnderATopologyThatSprays() throws Exception {
        String sprayed = "{ routing packet-spraying }";
        validation.assertError(cluster("lossy congestion-control dcqcn recovery go-back-n", sprayed),
                Literals.SINGLE_SWITCH_TOPOLOGY, IssueCodes.SPRAYING_OVER_GO_BACK_N, "fabric F states 'recovery go-back-n'",
                "write 'recovery selective-repeat' on the fabric");
        for (String[] quiet : new String[][] {{"lossy congestion-control dcqcn recovery selective-repeat", sprayed},
                {"lossy congestion-control dcqcn", sprayed},
                {"lossy congestion-control dcqcn recovery go-back-n", "{ routing adaptive }"},
                {"lossy congestion-control dcqcn recovery go-back-n", ""}}) {
            assertEquals(List.of(), issues(cluster(quiet[0], quiet[1]), IssueCodes.SPRAYING_OVER_GO_BACK_N),
                    String.join(" / ", quiet));
        }
        Model derived = cluster("lossy congestion-control dcqcn", sprayed);
        assertEquals(new BehaviourKey(BehaviourKey.FlowControl.LOSSY, FabricSpec.CongestionControl.DCQCN,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.SPRAY),
                FabricBehaviours.key(scaleOut(derived).fabric(), routing(derived)));
    }

    @Test
    void shouldSayARecoveryOnTheIdealFabricIsReadByThePacketBackendOnly() throws Exception {
        validation.assertIssue(cluster("recovery selective-repeat", ""), Literals.FABRIC, IssueCodes.PACKET_ONLY_SETTING,
                Severity.INFO, "'recovery' is read by the packet backend only");
        assertEquals(List.of(), issues(cluster("lossy recovery selective-repeat", ""), IssueCodes.PACKET_ONLY_SETTING));
    }
}
