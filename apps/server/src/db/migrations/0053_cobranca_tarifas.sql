-- Cobrança (issue 31): the classe financeira the bank's tarifas of a carteira are posted to (a
-- retorno's tarifas become one paid payable of the account, classified there). Null: the tarifas
-- are only listed on the retorno's records.
ALTER TABLE "carteiras_cobranca" ADD COLUMN "classe_tarifa_id" uuid REFERENCES "classes_financeiras"("id");
