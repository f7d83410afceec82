-- Accent- and case-insensitive search for every register list (lib/list-query.ts). The same
-- function runs on PGlite and PostgreSQL (no dictionary files, unlike unaccent), it is IMMUTABLE so
-- it can feed generated columns and expression indexes, and its JS twin is normalizaBusca() in
-- @erp/shared (same character map; a test keeps them equal).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION erp_normaliza(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
  SELECT lower(translate(t,
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ',
    'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY'))
$fn$;
