import { sql } from "kysely";
import type { Database } from "../db/database.js";

/** Bank settings of the demo association: enough to generate a SEPA remittance at once. */
export const BANCO_DEMO = {
  poblacion: "Alcoi",
  cod_postal: "03801",
  provincia: "Alacant",
  telefono: "965 54 12 34",
  email: "tresoreria@filademo.es",
  // CaixaBank, Alcoi: a valid Spanish IBAN (check digits and CCC control digits).
  iban: "ES6621000418401234567891",
  bic: "CAIXESBBXXX",
  sufijo_acreedor: "000",
} as const;

/**
 * Completes the demo for SEPA remittances: the association's bank settings and a signed
 * mandate (FILA-<matricula>, signed on the member's joining date) for every member whose
 * payment method is a direct debit and who has an IBAN.
 */
export async function cargarDemoRemesas(tx: Database): Promise<void> {
  await tx.updateTable("asociacion").set(BANCO_DEMO).where("id", "=", 1).execute();
  // The treasury's bank account is that one (its statements are recognised by this IBAN).
  await tx
    .updateTable("tesoreria_cuenta")
    .set({ iban: BANCO_DEMO.iban })
    .where("tipo", "=", "banco")
    .where("nombre", "=", "Banco")
    .where("iban", "=", "")
    .execute();
  await sql`
    update socio set
      mandato_id = 'FILA-' || lpad(coalesce(socio.matricula, socio.id)::text, 4, '0'),
      mandato_fecha = coalesce(socio.fecha_alta, date '2024-01-15')
    from forma_pago f
    where f.id = socio.id_forma_pago and f.domiciliada and socio.iban <> ''
      and socio.mandato_id = ''
  `.execute(tx);
}
