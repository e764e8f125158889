-- Regions (`lokalizacje`: voivodeship, powiat, gmina) on the SQL path at a million listings (decision 093). A region's
-- boundary used to be written into each query as one even-odd term per edge (~300 edges, ~80 KB of SQL per copy): the
-- planner spent 10-150 ms on every statement of a request and every candidate row evaluated all the edges. The query
-- now carries the region's 128 × 128 cell grid (inside / outside / crossed, as the in-memory index tests it,
-- places.ts) and, for points in a crossed cell, counts the crossings of the edges of its row band only, here: the
-- same comparisons and the same double arithmetic as `inArea` and the old terms, so the same rows match.
CREATE OR REPLACE FUNCTION ring_band_crossings(e double precision[], lo integer, hi integer, lat double precision, lon double precision)
RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT count(*)::integer FROM generate_series(lo, hi - 1, 5) k
  WHERE (lat > e[k]) <> (lat > e[k + 1]) AND lon < (e[k + 3] * (lat - e[k])) / e[k + 4] + e[k + 2]
$$;
