package org.fabricsim.dsl.validation;

import java.util.Locale;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.ScaleUpTopology;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.mapping.HardwareMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.analysis.ScaleUpSwitching;

/**
 * A scale-up domain splits a node into equal parts or spans whole nodes: its size divides the node's
 * accelerators or is a multiple of them. Any other size (a domain of 7 in an 8-accelerator node) would
 * validate, and then every run would fail when the engine lays the accelerators out in domains. A full mesh's
 * scale-up ports split evenly over the peers.
 */
public class ScaleUpDomainValidator extends FabricCheck {

    /**
     * A full mesh wires each accelerator's scale-up ports to its domain − 1 peers, the same number to each (Gaudi 3:
     * 21 ports, 3 to each of 7 peers; Intel Gaudi docs, Network Configuration), and the engine builds one link per
     * pair of ports ÷ peers of them: ports that do not split evenly would build fractions of a port.
     */
    @Check
    public void checkFullMeshPortsPerPeer(Node node) {
        ScaleUpDomain domain = node.getScaleUp();
        Accelerator accelerator = node.getAccelerator();
        if (domain == null || domain.getTopology() != ScaleUpTopology.FULL_MESH || accelerator == null
                || accelerator.eIsProxy() || accelerator.getScaleUpPorts() < 1 || node.getAccelerators() < 2) {
            return;
        }
        int ports = accelerator.getScaleUpPorts();
        int size = domain.getDomainSize() > 0 ? domain.getDomainSize() : node.getAccelerators();
        if (size < 2 || ports % (size - 1) == 0) {
            return;
        }
        int fit = size - 1;
        while (fit > 2 && (ports % (fit - 1) != 0 || node.getAccelerators() % fit != 0)) {
            fit--;
        }
        error("A full mesh of " + size + " wires each accelerator to " + (size - 1) + " peers, the same ports to each,"
                + " but " + accelerator.getName() + "'s " + ports + " scale-up ports do not split into " + (size - 1)
                + " equal parts. Write 'domain " + fit + "' (" + ports / (fit - 1) + " ports to each of " + (fit - 1)
                + " peers), or an accelerator whose ports are a multiple of " + (size - 1) + ".", domain,
                Literals.SCALE_UP_DOMAIN__TOPOLOGY, IssueCodes.MESH_PORTS, String.valueOf(fit));
    }

    @Check
    public void checkScaleUpDomainFitsNode(Node node) {
        ScaleUpDomain domain = node.getScaleUp();
        if (domain == null || !Written.written(domain, Literals.SCALE_UP_DOMAIN__DOMAIN_SIZE)) {
            return;
        }
        int size = domain.getDomainSize();
        int accelerators = node.getAccelerators();
        if (size < 1 || accelerators < 1 || accelerators % size == 0 || size % accelerators == 0) {
            return;
        }
        error("A scale-up domain of " + size + " does not fit nodes of " + accelerators + " accelerators: a domain"
                + " splits a node into equal parts or spans whole nodes. Write a divisor of " + accelerators
                + " (such as " + accelerators + ") or a multiple of it (such as " + 2 * accelerators + ").", domain,
                Literals.SCALE_UP_DOMAIN__DOMAIN_SIZE, IssueCodes.DOMAIN_MISFIT, String.valueOf(accelerators));
    }

    /**
     * The switches of a switched domain carry s·k·r per direction and its n accelerators inject n·b; with fewer
     * ports than links the accelerators share them at s·k·r / n each ({@link ScaleUpSwitching}), and the run
     * uses that rate. Two NVSwitch3 chips (64 × 25 GB/s) for eight H100s (18 × 25 GB/s) give 400 GB/s, not 450;
     * the DGX H100's four give 6.4 TB/s for 3.6 TB/s. Data: the fewest switches that carry the domain.
     */
    @Check
    public void checkScaleUpSwitchesCarryTheDomain(Node node) {
        ScaleUpDomain domain = node.getScaleUp();
        Accelerator accelerator = node.getAccelerator();
        if (domain == null || accelerator == null || accelerator.eIsProxy()
                || !HardwareMapper.switchesCount(domain)) {
            return;
        }
        double rate = HardwareMapper.domainBytesPerSecond(accelerator, domain);
        int size = domain.getDomainSize() > 0 ? domain.getDomainSize() : node.getAccelerators();
        Switch switchType = domain.getSwitchType();
        double portRate = Units.bytesPerSecond(switchType.getPortRate());
        if (rate <= 0 || size < 1
                || !ScaleUpSwitching.blocking(size, rate, domain.getSwitches(), switchType.getPorts(), portRate)) {
            return;
        }
        int needed = ScaleUpSwitching.switchesNeeded(size, rate, switchType.getPorts(), portRate);
        double share = ScaleUpSwitching.bytesPerSecondPerAccelerator(size, rate, domain.getSwitches(),
                switchType.getPorts(), portRate);
        warning(String.format(Locale.ROOT, "%d x %s switch %s per direction for %d accelerators at %s each (%s):"
                + " each accelerator runs at %s, %.0f%% of its scale-up rate. Write 'switches %d' to carry the"
                + " domain, or keep the blocking domain on purpose.", domain.getSwitches(), switchType.getName(),
                gigabytes(ScaleUpSwitching.switchingBytesPerSecond(domain.getSwitches(), switchType.getPorts(),
                        portRate)), size, gigabytes(rate), gigabytes(size * rate), gigabytes(share),
                100 * share / rate, needed), domain, Literals.SCALE_UP_DOMAIN__SWITCHES,
                IssueCodes.SCALE_UP_BLOCKING, String.valueOf(needed));
    }

    /**
     * The engine knows two domain shapes, switched and full mesh ({@code ScaleUpParameters.Kind}): a rack-scale
     * domain (GB200 NVL72) is built as a switched one of the same size, switch cap and link rate.
     */
    @Check
    public void checkRackScaleRunsSwitched(ScaleUpDomain domain) {
        if (domain.getTopology() == ScaleUpTopology.RACK_SCALE) {
            info("'rack-scale' is recorded but does not change simulated results yet: the domain is built and timed"
                    + " as 'switched', each accelerator one link into the domain's switch, at the same size, rate"
                    + " and switch cap.", domain, Literals.SCALE_UP_DOMAIN__TOPOLOGY,
                    IssueCodes.RACK_SCALE_NOT_SIMULATED);
        }
    }

    private static String gigabytes(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.0f GB/s", bytesPerSecond / 1e9);
    }
}
