/*
 * The 64-endpoint all-to-all of examples/benchmarks/alltoall-64.fabric, on SimGrid's max-min network model, for the
 * side-by-side start-up measurement of issue 20 (docs/performance.md, "FabricSim beside SimGrid"). Every host sends
 * S/N bytes to each of the other N - 1 hosts at once and receives as many; the run prints the simulated time of the
 * last arrival, which on the star of run.sh's platform is the closed form (N - 1)/N * S/B + 2 * latency.
 *
 * Usage: alltoall PLATFORM.xml HOSTS BYTES_PER_RANK [SimGrid --cfg options]
 */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

/* What every message carries: SimGrid sends a pointer and times the bytes the call states. */
static double payload = 0;

static void rank(int self, int hosts, double bytesPerPair)
{
  std::vector<sg4::CommPtr> comms;
  std::vector<double*> payloads(hosts - 1);
  sg4::Mailbox* own = sg4::Mailbox::by_name("h" + std::to_string(self));
  for (int peer = 0; peer < hosts; peer++) {
    if (peer != self) {
      comms.push_back(sg4::Mailbox::by_name("h" + std::to_string(peer))->put_async(&payload, bytesPerPair));
    }
  }
  for (int received = 0; received < hosts - 1; received++) {
    comms.push_back(own->get_async<double>(&payloads[received]));
  }
  sg4::Comm::wait_all(comms);
}

int main(int argc, char* argv[])
{
  sg4::Engine engine(&argc, argv);
  xbt_assert(argc == 4, "Usage: %s PLATFORM.xml HOSTS BYTES_PER_RANK", argv[0]);
  engine.load_platform(argv[1]);
  int hosts = std::stoi(argv[2]);
  double bytesPerPair = std::stod(argv[3]) / hosts;
  for (int self = 0; self < hosts; self++) {
    sg4::Actor::create("rank" + std::to_string(self), sg4::Host::by_name("h" + std::to_string(self)), rank, self,
                       hosts, bytesPerPair);
  }
  engine.run();
  std::printf("all-to-all of %s bytes per rank on %d hosts: %.6f us\n", argv[3], hosts, sg4::Engine::get_clock() * 1e6);
  return 0;
}
