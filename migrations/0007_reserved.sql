-- relay schema 7: reserved for another branch's migration (issue 14's docker backend took 0008). This file only
-- keeps the numbers without a gap on this branch; on merge it is replaced by that branch's 0007.
SELECT 1;
