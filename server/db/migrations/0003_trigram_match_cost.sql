-- The product search's fuzzy match (`word <% search`, pg_trgm's word similarity) costs about as much
-- as reading a page, but pg_trgm declares it as cheap as `=` (COST 1). So the planner preferred to
-- test it on every row of a sequential scan, or while walking the date index, instead of asking the
-- trigram index: a search for 'charizard' took 150-400 ms on the demo catalogue instead of 1 ms.
-- Declaring its real cost makes the trigram index the plan (docs/decisions/007).
-- Changing an extension's function needs its owner; where the shop's database user is not, the
-- search still works, only slower, and a notice says so.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 1000;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 1000;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
  RAISE NOTICE 'pg_trgm word similarity cost left unchanged (%): run the ALTER FUNCTION statements of migration 0003 as the owner of pg_trgm', SQLERRM;
END
$$;
