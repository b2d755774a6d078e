-- The feed status lists the newest conflicts between sources (GET /internal/admin/feeds): a range of this index, not
-- a sort of the table. A merge re-points earlier merges into the id it merges away (src/core/db/queries/identities.ts
-- finishMerge): a range of the second.
CREATE INDEX source_conflicts_at ON source_conflicts (at);
CREATE INDEX merged_ids_into ON merged_ids (kind, into_id);
