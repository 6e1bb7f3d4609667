package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * NCCL's channels on one NVSwitch node, derived by hand from search.cc's speed arrays (NCCL 2.30.7), its
 * ncclTopoDupChannels and connect.cc's doubling, and checked against the counts NCCL's logs print.
 */
class NcclChannelsTest {
    @Test
    void shouldGiveAnHgxA100TheTwentyFourChannelsItsLogPrints() {
        // 12 links x 20 = 240 GB/s: 6 rings of 40 reach it; 40 >= 25 and SM80 is not above 80, so doubled to 12
        // rings of 20; pass 2 finds no 12 rings at 30 (8); connect.cc doubles: 24 (nccl-tests #100 "Channel 23/24").
        assertEquals(24, NcclChannels.communicator(Generation.AMPERE, 300e9, 8, 1));
    }

    @Test
    void shouldGiveAnH800SixteenChannels() {
        // 8 links x 20.6 = 164.8 GB/s: 2 rings of 60 (120), 3 of 50 (150), 4 of 40 (160), 5 of 30 (150), 6 of 24
        // (144), 8 of 20 (160, a tie: fewer hops kept), 15/40 below 0.49 stops. 40 < 50 but only 4 rings: doubled
        // to 8 of 20; pass 2 finds 6 rings at 24, fewer than 8. Doubled: 16 (NVIDIA/nccl #892 "16 coll channels").
        assertEquals(16, NcclChannels.communicator(Generation.HOPPER, 200e9, 8, 1));
    }

    @Test
    void shouldGiveADgxB200ThirtyTwoChannels() {
        // 18 links x 40.1 = 721.8 GB/s: 8 rings of 90 (720); 80 gives 9 (720), 70 10 (700), 60 12 (720), 50 14
        // (700), 45 16 (720), none above 720; 40/90 below 0.49 stops. Doubled to 16 of 45, pass 2 finds 14 at 50;
        // doubled: 32 (NVIDIA/nccl #1646, DGX B200 "Channel 04/32").
        assertEquals(32, NcclChannels.communicator(Generation.BLACKWELL, 900e9, 8, 1));
    }

    @Test
    void shouldGiveAnMi300XNodeRcclsFiftySixChannelsAndTwoNodesSixtyFour() {
        // RCCL (0cbce2a7): one node matches rome_model_79, 28 rings; connect.cc doubles them (28 <= 128 / 2) and
        // init.cc's nc = 2 asks for 2 x 28: 56. Across nodes rome_model_81's 64 rings, above 64 / 2: not doubled, 64.
        assertEquals(Generation.CDNA3, Generation.of("cdna3")); // the catalog's MI300X and MI325X
        // MI350X, MI355X (gfx950): connect.cc (rocm-systems 028c2846) doubles gfx950's channel limit as gfx942's; the
        // platform models match by links: the same 56 and 64 (pull request 9406: 64 on 2 MI350X nodes).
        assertEquals(Generation.CDNA4, Generation.of("cdna4"));
        assertEquals(56, NcclChannels.communicator(Generation.CDNA4, 7 * 76.5e9, 8, 1));
        assertEquals(64, NcclChannels.communicator(Generation.CDNA4, 7 * 76.5e9, 8, 2));
        assertEquals(56, NcclChannels.communicator(Generation.CDNA3, 448e9, 8, 1));
        assertEquals(64, NcclChannels.communicator(Generation.CDNA3, 448e9, 8, 2));
        // Tuned as Hopper (session 62): 7 x 64 GB/s = 17.92 NVLink4 links, 24 channels; 8 NICs across nodes, 16.
        assertEquals(24, NcclChannels.communicator(Generation.HOPPER, 448e9, 8, 1));
        assertEquals(16, NcclChannels.communicator(Generation.HOPPER, 448e9, 8, 2));
    }

    @Test
    void shouldNotDoubleRingsSlowerThanTwentyFiveGigabytes() {
        // 1 NVLink4 link: 20.6 GB/s, one ring of 20; below 25 the search keeps it single; connect.cc doubles: 2.
        assertEquals(2, NcclChannels.communicator(Generation.HOPPER, 25e9, 0, 1));
    }

    @Test
    void shouldGiveAV100NodeTwelveChannels() {
        // Through NVSwitch (DGX-2's V100s): 6 links x 20 = 120 GB/s: 3 rings of 40 reach it; SM70 doubles them to
        // 6 of 20; pass 2 finds 4 rings at 30, fewer than 6; connect.cc doubles: 12.
        assertEquals(12, NcclChannels.communicator(Generation.VOLTA, 150e9, 4, 1));
    }
}
