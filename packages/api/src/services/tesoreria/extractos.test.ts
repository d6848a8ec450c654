import { describe, expect, it } from "vitest";
import { DomainError } from "../../errors/domain-error.js";
import { leerExtracto } from "./extractos.js";

// Un fichero mínimo de cada formato, escrito con sus posiciones y elementos.

const l = (s: string) => s.padEnd(80, " ");
const n = (v: number, ancho: number) => String(v).padStart(ancho, "0");
const NORMA43 = [
  l(`1121000418${"0200051332"}261101261130${"2"}${n(1000, 14)}9783FILA`),
  l(`22    0418261110261110${"03"}${"101"}${"2"}${n(500, 14)}`),
  l(`3321000418${"0200051332"}${n(0, 5)}${n(0, 14)}${n(1, 5)}${n(500, 14)}2${n(1500, 14)}978`),
  l(`88${"9".repeat(18)}${n(3, 6)}`),
].join("\r\n");

const CAMT = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
  <Id>E1</Id><Acct><Id><IBAN>ES9121000418450200051332</IBAN></Id></Acct>
  <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-01</Dt></Dt></Bal>
  <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">15.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-30</Dt></Dt></Bal>
  <Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-10</Dt></BookgDt></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe("leerExtracto", () => {
  it("reconoce la norma 43 y el camt.053 por su contenido y da la misma forma", () => {
    const n43 = leerExtracto(latin1(NORMA43));
    const camt = leerExtracto(new TextEncoder().encode(CAMT));
    expect([n43.formato, camt.formato]).toEqual(["norma43", "camt053"]);
    for (const e of [n43, camt]) {
      expect(e.cuentas.map((c) => [c.iban, c.saldoInicialCentimos, c.saldoFinalCentimos])).toEqual([
        ["ES9121000418450200051332", 1000, 1500],
      ]);
    }
  });

  it("una norma 43 que no cuadra es un 400 con la línea en castellano y en valenciano", () => {
    let error: unknown;
    try {
      leerExtracto(latin1(NORMA43.replace(n(1500, 14), n(1501, 14))));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    expect(e.status).toBe(400);
    expect(e.mensaje).toBe("El extracto no es un fichero de la norma 43 válido");
    expect(e.detalles).toEqual([
      {
        campo: "archivo",
        mensaje:
          "Línea 3: el saldo final (15,01 €) no es el inicial más los abonos menos los cargos (15,00 €)",
      },
    ]);
    expect(e.detallesEn("va")[0]?.mensaje).toBe(
      "Línia 3: el saldo final (15,01 €) no és l'inicial més els abonaments menys els càrrecs (15,00 €)",
    );
  });
});
