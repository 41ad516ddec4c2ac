-- PostgreSQL only: metric_points keeps its link to logged_items without a foreign key. The key's check ran per inserted
-- point (a lookup of the item under a share lock), while
-- points are only ever inserted for the item rows their append just read or created, in the same transaction and
-- under their experiment's lock. What the key's ON DELETE CASCADE did, a trigger does: deleting an item (directly or
-- by the cascade from its experiment) deletes its points. SQLite keeps the foreign key (its check is an in-process
-- index lookup).
ALTER TABLE metric_points DROP CONSTRAINT metric_points_item_id_fkey;

CREATE FUNCTION delete_item_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM metric_points WHERE item_id = OLD.id;
  RETURN NULL;
END $$;
CREATE TRIGGER logged_items_delete_points AFTER DELETE ON logged_items FOR EACH ROW WHEN (OLD.kind = 'metric')
  EXECUTE FUNCTION delete_item_points();
