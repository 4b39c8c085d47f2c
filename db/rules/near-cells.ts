// A point → its grid cell, and a box → the cells that cover it: the rule the SQL function directory_near_cell
// (migration 0037, a column of businesses_location_search_idx) and a text search near a point
// (db/queries/search-statement.ts) share, so the cells a search asks for always hold every point of its box.
// NOTE: the cell of a point is floor((latitude + 90) × 4) × 1441 + floor((longitude + 180) × 4), each coordinate clamped to the globe: a quarter of a degree
// (28 km of latitude). The SQL function computes the same in float8, as JavaScript does, and both are monotonic in
// each coordinate, so a point inside [south, north] × [west, east] has its row and column between those of the
// corners: the cells never miss a point of the box. Changing these numbers needs a migration rebuilding the index.

/** Cells per degree, in latitude and in longitude. */
export const NEAR_CELLS_PER_DEGREE = 4;
/** Columns of one row of cells: longitude −180 … 180 inclusive (180 has a column of its own). */
export const NEAR_CELL_COLUMNS = 360 * NEAR_CELLS_PER_DEGREE + 1;
/**
 * A box covering more cells than this is read as before (its points through the GiST index, the text on the rows):
 * each cell is one scan of the full-text index, which reads a broad word's posting list again in each. The default
 * radius (10 km) covers 1–6 cells at the latitudes of most cities; 16 cells hold any box of a radius up to about
 * 40 km at the equator, less towards the poles.
 */
export const MAX_NEAR_CELLS = 16;

// Clamped to the globe, as the SQL function clamps (so no stored value overflows its integer).
function measureRow(latitude: number): number {
  return Math.floor((Math.min(Math.max(latitude, -90), 90) + 90) * NEAR_CELLS_PER_DEGREE);
}

function measureColumn(longitude: number): number {
  return Math.floor((Math.min(Math.max(longitude, -180), 180) + 180) * NEAR_CELLS_PER_DEGREE);
}

/** The cell of a point, as directory_near_cell(latitude, longitude) computes it. */
export function computeNearCell(latitude: number, longitude: number): number {
  return measureRow(latitude) * NEAR_CELL_COLUMNS + measureColumn(longitude);
}

/**
 * The cells covering a box: latitudes south…north and each longitude range (west ≤ east; two across the
 * antimeridian). Null when there are more than MAX_NEAR_CELLS, or no ranges (a box around a pole spans every longitude).
 */
export function listNearCells(south: number, north: number, lngRanges: ReadonlyArray<readonly [number, number]> | null): number[] | null {
  if (!lngRanges) return null;
  const rows = measureRow(north) - measureRow(south) + 1;
  const columns = lngRanges.reduce((sum, [west, east]) => sum + measureColumn(east) - measureColumn(west) + 1, 0);
  if (rows * columns > MAX_NEAR_CELLS) return null;
  const cells = new Set<number>();
  for (let row = measureRow(south); row <= measureRow(north); row++) {
    for (const [west, east] of lngRanges) {
      for (let column = measureColumn(west); column <= measureColumn(east); column++) cells.add(row * NEAR_CELL_COLUMNS + column);
    }
  }
  return [...cells].sort((a, b) => a - b);
}
