package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RaggedExpertRowsTest {
    private static final Device H100_LIKE = new Device(989e12, 989e12, 3.35e12, 0.8, 132, 2);

    @Test
    void shouldSpreadOneExpertsRowsAsTheBinomialOfItsTokens() {
        // 512 mean rows, top-8 of 128 experts: σ² = 512·(1 − 8/128) = 480
        assertEquals(Math.sqrt(480), RaggedExpertRows.sigma(512, 8, 128), 1e-12);
    }

    @Test
    void shouldPayAFifthRowTileForHalfTheExpertsWhenTheMeanFillsFourTilesExactly() {
        // mean 4·128 rows with a spread far below a tile: half the experts have a few rows more (5 tiles of 128,
        // as a 640-row GEMM), half a few rows fewer (4 tiles, as 512 rows); compute-bound, time follows the tiles
        double fourTiles = Gemm.seconds(H100_LIKE, 512, 3072, 4096, 1);
        double fiveTiles = Gemm.seconds(H100_LIKE, 640, 3072, 4096, 1);
        assertEquals((fourTiles + fiveTiles) / 2, RaggedExpertRows.seconds(H100_LIKE, 512, 1, 3072, 4096),
                1e-3 * fourTiles);
    }

    @Test
    void shouldKeepTheMeanRowsTimeWithoutSpread() {
        assertEquals(Gemm.seconds(H100_LIKE, 512, 3072, 4096, 1), RaggedExpertRows.seconds(H100_LIKE, 512, 0, 3072,
                4096), 0);
    }

    @Test
    void shouldCostLittleWhereTheMeanSitsInTheMiddleOfATile() {
        // mean 4.5 tiles (576 rows), spread 10 rows: all but Φ(−6.4) of the experts need exactly 5 tiles
        assertEquals(Gemm.seconds(H100_LIKE, 640, 3072, 4096, 1), RaggedExpertRows.seconds(H100_LIKE, 576, 10, 3072,
                4096), 1e-6 * Gemm.seconds(H100_LIKE, 640, 3072, 4096, 1));
    }
}
