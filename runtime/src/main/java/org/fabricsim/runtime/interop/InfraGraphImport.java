package org.fabricsim.runtime.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.sim.ClockLimit;
import org.fabricsim.runtime.topology.Graph;
import org.fabricsim.runtime.topology.GraphBuilder;
import org.fabricsim.runtime.topology.LinkClass;

/**
 * Reads an InfraGraph {@code Infrastructure} object (schema 2.4.0, see {@link InfraGraphExport};
 * the object itself or wrapped as {@code {"infrastructure": …}}) into a checked {@link Graph}.
 *
 * <p>Every component of every device instance is a node: {@code xpu} components are accelerators,
 * {@code nic} components NICs, every other choice (switch, port, cpu, memory, custom) a switch that
 * forwards. Device edges connect components inside each instance of the device; infrastructure
 * edges connect instances. An edge ({@code one2one}, the default, or {@code many2many}) becomes a
 * directed link each way at its link's rate and latency. Not read: device composition (a component
 * of choice {@code device}), the {@code ring} scheme, rates in transfers per second, annotations.
 *
 * <p>Every name an edge uses must exist (instance, component, link) and every index must lie below
 * its count, and every link needs a bandwidth: otherwise an {@link InfraGraphException} names the
 * file, the line and what to do. Cost O(nodes + links + characters).
 */
public final class InfraGraphImport {
    private final JsonMembers json;
    private final String source;
    private final Map<String, LinkClass> links = new LinkedHashMap<>();
    private final Map<String, Device> devices = new LinkedHashMap<>();
    private final Map<String, Instance> instances = new LinkedHashMap<>();
    private final GraphBuilder builder = new GraphBuilder();
    private final ImportBudget budget;

    private record Device(String name, List<String> components, int[] counts, byte[] kinds,
            Map<String, LinkClass> links, List<Object> edges) {
    }

    /** A device instance; the node of (index d, component c, index k) is {@code first[c] + d·counts[c] + k}. */
    private record Instance(String name, Device device, int count, int[] first) {
    }

    private InfraGraphImport(JsonReader document, String source) {
        this.json = new JsonMembers(document, source);
        this.source = source;
        this.budget = new ImportBudget(source, Runtime.getRuntime().maxMemory());
    }

    /** Reads the InfraGraph file {@code file}. */
    public static ImportedGraph read(Path file) throws InfraGraphException {
        try {
            return read(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new InfraGraphException(file + ": cannot read the InfraGraph file (" + e.getMessage()
                    + "); check the path");
        }
    }

    /** Reads InfraGraph JSON {@code text}; {@code source} names it in errors. */
    public static ImportedGraph read(String text, String source) throws InfraGraphException {
        JsonReader document = JsonReader.parse(text, source);
        InfraGraphImport reader = new InfraGraphImport(document, source);
        Map<String, Object> root = reader.json.object(document.root(), "the document");
        Object wrapped = root.get("infrastructure");
        return reader.build(wrapped == null ? root : reader.json.object(wrapped, "infrastructure"));
    }

    private ImportedGraph build(Map<String, Object> infrastructure) throws InfraGraphException {
        for (Object link : json.list(infrastructure, "links")) {
            Map<String, Object> map = json.object(link, "a link");
            links.put(json.text(map, "name"), linkClass(map));
        }
        for (Object device : json.list(infrastructure, "devices")) {
            Device read = device(json.object(device, "a device"));
            devices.put(read.name(), read);
        }
        for (Object instance : json.list(infrastructure, "instances")) {
            Map<String, Object> map = json.object(instance, "an instance");
            String deviceName = json.text(map, "device");
            Device device = devices.get(deviceName);
            if (device == null) {
                throw json.error(map, "instance '" + json.text(map, "name") + "' names device '" + deviceName
                        + "', which the devices do not define; add the device or fix the name");
            }
            instances.put(json.text(map, "name"), new Instance(json.text(map, "name"), device, json.count(map),
                    new int[device.components().size()]));
        }
        numberNodes();
        for (Instance instance : instances.values()) {
            for (Object edge : instance.device().edges()) {
                for (int d = 0; d < instance.count(); d++) {
                    connectInside(instance, d, json.object(edge, "a device edge"));
                }
            }
        }
        for (Object edge : json.list(infrastructure, "edges")) {
            connect(json.object(edge, "an edge"));
        }
        Object name = infrastructure.get("name");
        return new ImportedGraph(name instanceof String s ? s : source, builder.build());
    }

    /** Hands out node handles kind by kind, accelerators first, as {@link Graph} requires. */
    private void numberNodes() throws InfraGraphException {
        for (byte kind = 0; kind < NodeKinds.COUNT; kind++) {
            int total = 0;
            int next = builder.nodeCount();
            for (Instance instance : instances.values()) {
                Device device = instance.device();
                for (int c = 0; c < device.components().size(); c++) {
                    if (device.kinds()[c] == kind) {
                        instance.first()[c] = next + total;
                        budget.addNodes((long) instance.count() * device.counts()[c]);
                        total += instance.count() * device.counts()[c];
                    }
                }
            }
            if (total > 0) {
                builder.addNodes(kind, total, false);
            }
        }
    }

    private Device device(Map<String, Object> map) throws InfraGraphException {
        String name = json.text(map, "name");
        List<Object> components = json.list(map, "components");
        List<String> names = new ArrayList<>();
        int[] counts = new int[components.size()];
        byte[] kinds = new byte[components.size()];
        for (int c = 0; c < components.size(); c++) {
            Map<String, Object> component = json.object(components.get(c), "a component");
            names.add(json.text(component, "name"));
            counts[c] = json.count(component);
            Object choice = component.get("choice");
            if ("device".equals(choice)) {
                throw json.error(component, "component '" + names.get(c) + "' of device '" + name + "' is a device;"
                        + " FabricSim does not read composed devices: flatten it into the device's components");
            }
            kinds[c] = "xpu".equals(choice) ? Graph.ACCELERATOR : "nic".equals(choice) ? Graph.NIC : Graph.SWITCH;
        }
        Map<String, LinkClass> deviceLinks = new LinkedHashMap<>();
        for (Object link : json.list(map, "links")) {
            Map<String, Object> linkMap = json.object(link, "a link");
            deviceLinks.put(json.text(linkMap, "name"), linkClass(linkMap));
        }
        return new Device(name, names, counts, kinds, deviceLinks, json.list(map, "edges"));
    }

    private void connectInside(Instance instance, int d, Map<String, Object> edge) throws InfraGraphException {
        LinkClass link = linkOf(edge, instance.device().links(), "device '" + instance.device().name() + "'");
        int[] one = components(instance, new int[] {d}, json.endpoint(edge, "ep1"));
        int[] two = components(instance, new int[] {d}, json.endpoint(edge, "ep2"));
        addLinks(edge, one, two, link);
    }

    private void connect(Map<String, Object> edge) throws InfraGraphException {
        LinkClass link = linkOf(edge, links, "the infrastructure");
        addLinks(edge, endpoints(edge, "ep1"), endpoints(edge, "ep2"), link);
    }

    private int[] endpoints(Map<String, Object> edge, String end) throws InfraGraphException {
        Map<String, Object> endpoint = json.endpoint(edge, end);
        String spec = json.text(endpoint, "instance");
        Instance instance = instances.get(Slices.name(spec));
        if (instance == null) {
            throw json.error(endpoint, end + " names instance '" + Slices.name(spec) + "', which the instances do not"
                    + " define: the edge dangles; add the instance or fix the name");
        }
        int[] indices;
        try {
            indices = Slices.indices(spec, instance.count(), end + " instance");
        } catch (InfraGraphException e) {
            throw json.error(endpoint, e.getMessage());
        }
        return components(instance, indices, endpoint);
    }

    /** The nodes of {@code endpoint}'s component slice in each of the instance indices, instance-major. */
    private int[] components(Instance instance, int[] indices, Map<String, Object> endpoint)
            throws InfraGraphException {
        if (endpoint.get("device") != null) {
            throw json.error(endpoint, "the endpoint names a composed device; FabricSim does not read composed devices:"
                    + " flatten it into the device's components");
        }
        String spec = json.text(endpoint, "component");
        Device device = instance.device();
        int c = device.components().indexOf(Slices.name(spec));
        if (c < 0) {
            throw json.error(endpoint, "component '" + Slices.name(spec) + "' is not a component of device '"
                    + device.name() + "': the edge dangles; add the component or fix the name");
        }
        int[] within;
        try {
            within = Slices.indices(spec, device.counts()[c], "component");
        } catch (InfraGraphException e) {
            throw json.error(endpoint, e.getMessage());
        }
        int[] nodes = new int[indices.length * within.length];
        int at = 0;
        for (int d : indices) {
            for (int k : within) {
                nodes[at++] = instance.first()[c] + d * device.counts()[c] + k;
            }
        }
        return nodes;
    }

    private void addLinks(Map<String, Object> edge, int[] one, int[] two, LinkClass link) throws InfraGraphException {
        Object scheme = edge.getOrDefault("scheme", "one2one");
        if ("many2many".equals(scheme)) {
            budget.addLinks(2L * one.length * two.length);
            for (int a : one) {
                for (int b : two) {
                    if (a != b) {
                        builder.addLink(a, b, link);
                        builder.addLink(b, a, link);
                    }
                }
            }
        } else if ("one2one".equals(scheme)) {
            if (one.length != two.length) {
                throw json.error(edge, "a one2one edge joins " + one.length + " endpoints to " + two.length + "; make"
                        + " the slices the same length, or use the many2many scheme");
            }
            budget.addLinks(2L * one.length);
            for (int i = 0; i < one.length; i++) {
                builder.addLink(one[i], two[i], link);
                builder.addLink(two[i], one[i], link);
            }
        } else {
            throw json.error(edge, "scheme '" + scheme + "' is not read by FabricSim; write the edges as one2one or"
                    + " many2many");
        }
    }

    private LinkClass linkOf(Map<String, Object> edge, Map<String, LinkClass> known, String where)
            throws InfraGraphException {
        String name = json.text(edge, "link");
        LinkClass link = known.get(name);
        if (link == null) {
            throw json.error(edge, "the edge uses link '" + name + "', which the links of " + where + " do not define;"
                    + " add the link with its bandwidth or fix the name");
        }
        return link;
    }

    private LinkClass linkClass(Map<String, Object> link) throws InfraGraphException {
        String name = json.text(link, "name");
        Map<String, Object> physical = json.optionalObject(link, "physical");
        Map<String, Object> bandwidth = physical == null ? null : json.optionalObject(physical, "bandwidth");
        double bytesPerSecond = bandwidth == null ? 0
                : bandwidth.get("gigabits_per_second") instanceof Double g ? g * 1e9 / 8
                : bandwidth.get("gigabytes_per_second") instanceof Double g ? g * 1e9 : 0;
        if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
            throw json.error(link, "link '" + name + "' states no positive bandwidth in gigabits_per_second or"
                    + " gigabytes_per_second; FabricSim needs the rate of every link: add physical.bandwidth");
        }
        Map<String, Object> latency = json.optionalObject(physical, "latency");
        double picoseconds = latency == null ? 0
                : latency.get("ns") instanceof Double ns ? ns * 1e3
                : latency.get("us") instanceof Double us ? us * 1e6
                : latency.get("ms") instanceof Double ms ? ms * 1e9 : 0;
        if (!(picoseconds >= 0 && picoseconds <= ClockLimit.MAX_DELAY_PS)) {
            throw json.error(link, "link '" + name + "' states a latency of " + picoseconds / 1e3 + " ns; a link's"
                    + " latency is from 0 to 1 s, as the editor bounds one (ns, us or ms in physical.latency)");
        }
        return new LinkClass(bytesPerSecond, Math.round(picoseconds));
    }
}
