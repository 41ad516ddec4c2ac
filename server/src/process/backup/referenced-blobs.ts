/** The blobs rows reference (the tables whose deletion triggers queue blobs in blob_garbage: assets, git patches, panels). */
export const REFERENCED_BLOBS = 'SELECT blob FROM assets WHERE blob IS NOT NULL UNION SELECT blob FROM git_patches UNION SELECT blob FROM panels';

/** Statements that delete the rows referencing one blob (`?`), in both dialects. */
export const ROWS_OF_BLOB = ['DELETE FROM assets WHERE blob = ?', 'DELETE FROM git_patches WHERE blob = ?', 'DELETE FROM panels WHERE blob = ?'];
