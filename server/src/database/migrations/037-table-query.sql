-- The experiments table's filter (ext/experiments/table-query): `loss.min < 0.2` and `acc.max > 0.9` read the
-- experiments holding a metric's minimum or maximum in a range from these, as logged_items_search serves the last value.
CREATE INDEX logged_items_min ON logged_items(kind, name, min_number);
CREATE INDEX logged_items_max ON logged_items(kind, name, max_number);
