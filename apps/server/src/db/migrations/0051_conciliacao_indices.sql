-- Conciliação (issue 30): the candidates of a statement line come from indexes, not from a pass over
-- every open título of the period. The engine (packages/shared conciliacao.ts) still ranks them, on
-- a set the server narrows per line (conciliacao.service.ts candidatosConciliacao):
--  - the same amount within the line's window: open títulos by (tipo, saldo, vencimento);
--  - a documento / nosso número the memo names: open títulos by the keys the engine compares
--    (erp_chaves_documento, a GIN index);
--  - the sum search's títulos due nearest the line: open títulos of a day by saldo (the smallest,
--    or all below an amount) and by id (the engine's order within a day).
--
-- erp_chave_documento is chaveDocumento (shared conciliacao.ts) in SQL: upper case, accents off,
-- only A–Z and 0–9, leading zeros dropped (one kept). The accents and the characters the engine
-- drops are the Latin ranges U+0080–024F, U+1E00–1EFF, the combining marks and the general
-- punctuation, mapped as the engine maps them (a test compares every one of them); any other
-- non-ASCII character answers '*', a key every search includes — such a título is always a
-- candidate and the engine decides, so the index never leaves out a título the engine would match.
CREATE OR REPLACE FUNCTION erp_chave_documento(p text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := translate(coalesce(p, ''),
    'abcdefghijklmnopqrstuvwxyzÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŃńŅņŇňŉŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẚẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ ¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿ÆÐ×ØÞæð÷øþĐđĦħĲĳĸĿŀŁłŊŋŒœŦŧƀƁƂƃƄƅƆƇƈƉƊƋƌƍƎƏƐƑƒƓƔƕƖƗƘƙƚƛƜƝƞƟƢƣƤƥƦƧƨƩƪƫƬƭƮƱƲƳƴƵƶƷƸƹƺƻƼƽƾƿǀǁǂǃǄǅǆǇǈǉǊǋǌǝǢǣǤǥǮǯǱǲǳǶǷǼǽǾǿȜȝȠȡȢȣȤȥȴȵȶȷȸȹȺȻȼȽȾȿɀɁɂɃɄɅɆɇɈɉɊɋɌɍɎɏ̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡ẜẝẞẟỺỻỼỽỾỿ           ‐‑‒–—―‖‗‘’‚‛“”„‟†‡•‣․‥…‧ ‰‱′″‴‵‶‷‸‹›※‼‽‾‿⁀⁁⁂⁃⁄⁅⁆⁇⁈⁉⁊⁋⁌⁍⁎⁏⁐⁑⁒⁓⁔⁕⁖⁗⁘⁙⁚⁛⁜⁝⁞ ₠₡₢₣₤₥₦₧₨₩₪₫€₭₮₯₰₱₲₳₴₵₶₷₸₹₺₻₼₽₾₿',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZAAAAAACEEEEIIIINOOOOOUUUUYAAAAAACEEEEIIIINOOOOOUUUUYYAAAAAACCCCCCCCDDEEEEEEEEEEGGGGGGGGHHIIIIIIIIIIJJKKLLLLLLNNNNNNNOOOOOORRRRRRSSSSSSSSTTTTUUUUUUUUUUUUWWYYYZZZZZZSOOUUAAIIOOUUUUUUUUUUAAAAGGKKOOOOJGGNNAAAAAAEEEEIIIIOOOORRRRUUUUSSTTHHAAEEOOOOOOOOYYAABBBBBBCCDDDDDDDDDDEEEEEEEEEEFFGGHHHHHHHHHHIIIIKKKKKKLLLLLLLLMMMMMMNNNNNNNNOOOOOOOOPPPPRRRRRRRRSSSSSSSSSSTTTTTTTTUUUUUUUUUUVVVVWWWWWWWWWWXXXXYYZZZZZZHTWYASAAAAAAAAAAAAAAAAAAAAAAAAEEEEEEEEEEEEEEEEIIIIOOOOOOOOOOOOOOOOOOOOOOOOUUUUUUUUUUUUUUYYYYYYYY');
BEGIN
  IF s ~ '[^\x01-\x7f]' THEN
    RETURN '*';
  END IF;
  RETURN regexp_replace(regexp_replace(s, '[^A-Z0-9]+', '', 'g'), '^0+(?=.)', '');
END;
$$;
--> statement-breakpoint
-- the keys the engine indexes a título by (indexarCandidatos): each of documento and nosso número
-- by its key (3+ characters) and by the key's digits without leading zeros (4+, when different)
CREATE OR REPLACE FUNCTION erp_chaves_documento(p_documento text, p_nosso_numero text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  chaves text[] := ARRAY[]::text[];
  d text;
  k text;
  dig text;
BEGIN
  FOREACH d IN ARRAY ARRAY[p_documento, p_nosso_numero] LOOP
    k := erp_chave_documento(d);
    IF k = '*' THEN
      chaves := chaves || k;
      CONTINUE;
    END IF;
    IF length(k) >= 3 THEN
      chaves := chaves || k;
    END IF;
    dig := regexp_replace(regexp_replace(k, '[^0-9]+', '', 'g'), '^0+(?=.)', '');
    IF length(dig) >= 4 AND dig <> k THEN
      chaves := chaves || dig;
    END IF;
  END LOOP;
  RETURN chaves;
END;
$$;
--> statement-breakpoint
CREATE INDEX financial_accounts_conciliacao_chaves_idx ON financial_accounts
  USING gin (erp_chaves_documento(documento, nosso_numero))
  WHERE status IN ('em_aberto', 'parcial');
--> statement-breakpoint
CREATE INDEX financial_accounts_conciliacao_valor_idx ON financial_accounts (tipo, saldo, data_vencimento)
  WHERE status IN ('em_aberto', 'parcial');
--> statement-breakpoint
CREATE INDEX financial_accounts_conciliacao_dia_saldo_idx ON financial_accounts (tipo, data_vencimento, saldo)
  INCLUDE (conta_bancaria_id)
  WHERE status IN ('em_aberto', 'parcial');
--> statement-breakpoint
-- the screen's list of open títulos of the period (periodoConciliacao: the first 500 by vencimento)
CREATE INDEX financial_accounts_conciliacao_lista_idx ON financial_accounts (data_vencimento, id)
  INCLUDE (conta_bancaria_id)
  WHERE status IN ('em_aberto', 'parcial');
--> statement-breakpoint
CREATE INDEX financial_accounts_conciliacao_dia_id_idx ON financial_accounts (tipo, data_vencimento, id)
  INCLUDE (saldo, conta_bancaria_id)
  WHERE status IN ('em_aberto', 'parcial');
