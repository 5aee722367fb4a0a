-- relay schema 7: the runner's docker backend. Additive only.

-- The image a docker session's container runs (NULL for local sessions); kept so retry and resume make the same
-- container again when it is gone.
ALTER TABLE runner_session ADD COLUMN image TEXT;
