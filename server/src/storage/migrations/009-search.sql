-- Project search (project/query, experiments/search): a rule on a metric, parameter or other reads the
-- experiments holding that name (and, for numbers, the value range) from this index instead of every summary;
-- a rule on a tag reads the experiments holding it.
CREATE INDEX logged_items_search ON logged_items(kind, name, cur_number);
CREATE INDEX experiment_tags_tag ON experiment_tags(tag);
