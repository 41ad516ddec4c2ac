-- Project search (project/query, experiments/search, project/column-names).
-- A rule on a metric, parameter or other reads the experiments holding that name (and, for numbers, the
-- value range) from logged_items_search instead of every summary. Text comparisons on parameters and
-- others read logged_items_text; metrics are left out of it, so that metric logging, which rewrites the
-- latest value on every write, does not maintain a second index. A rule on a tag reads experiment_tags_tag.
CREATE INDEX logged_items_search ON logged_items(kind, name, cur_number);
CREATE INDEX logged_items_text ON logged_items(name, cur_value) WHERE kind <> 'metric';
CREATE INDEX experiment_tags_tag ON experiment_tags(tag);
