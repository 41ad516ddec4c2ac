-- A delivery may re-send an earlier one (same body, new delivery id): redelivery_of names the original's uuid.
ALTER TABLE webhook_deliveries ADD COLUMN redelivery_of TEXT;
