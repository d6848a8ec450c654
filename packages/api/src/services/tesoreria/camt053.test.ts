import { describe, expect, it } from "vitest";
import { errorDe } from "../../test/error-lanzado.js";
import { leerCamt053 } from "./camt053.js";

// Los ficheros se escriben aquí con los elementos de BankToCustomerStatement de ISO 20022
// (camt.053.001.02 y .001.08), no con lo que produce el lector.

type Apunte = {
  importe: string;
  indicador: "CRDT" | "DBIT";
  reserva: string;
  valor?: string;
  estado?: "BOOK" | "PDNG";
  e2e?: string;
  ref?: string;
  ustrd?: string;
  info?: string;
};

type Cuenta = {
  id: string;
  iban: string;
  inicial: [string, "CRDT" | "DBIT"];
  final: [string, "CRDT" | "DBIT"];
  apuntes: Apunte[];
};

const saldo = (tipo: string, [importe, indicador]: [string, string], dia: string) => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${tipo}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">${importe}</Amt>
        <CdtDbtInd>${indicador}</CdtDbtInd>
        <Dt><Dt>${dia}</Dt></Dt>
      </Bal>`;

function ntry(a: Apunte, version: "02" | "08") {
  const estado = a.estado ?? "BOOK";
  const detalles =
    a.e2e || a.ustrd
      ? `
        <NtryDtls><TxDtls>
          <Refs>${a.e2e ? `<EndToEndId>${a.e2e}</EndToEndId>` : ""}</Refs>
          ${a.ustrd ? `<RmtInf><Ustrd>${a.ustrd}</Ustrd></RmtInf>` : ""}
        </TxDtls></NtryDtls>`
      : "";
  return `
      <Ntry>
        <Amt Ccy="EUR">${a.importe}</Amt>
        <CdtDbtInd>${a.indicador}</CdtDbtInd>
        <Sts>${version === "02" ? estado : `<Cd>${estado}</Cd>`}</Sts>
        <BookgDt><Dt>${a.reserva}</Dt></BookgDt>
        <ValDt><Dt>${a.valor ?? a.reserva}</Dt></ValDt>
        ${a.ref ? `<AcctSvcrRef>${a.ref}</AcctSvcrRef>` : ""}
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        ${detalles}
        ${a.info ? `<AddtlNtryInf>${a.info}</AddtlNtryInf>` : ""}
      </Ntry>`;
}

function camt053(version: "02" | "08", cuentas: Cuenta[]) {
  const stmts = cuentas.map(
    (c) => `
    <Stmt>
      <Id>${c.id}</Id>
      <CreDtTm>2026-12-01T08:00:00</CreDtTm>
      <FrToDt><FrDtTm>2026-11-01T00:00:00</FrDtTm><ToDtTm>2026-11-30T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${c.iban}</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>Filà Moros</Nm></Ownr></Acct>
      ${saldo("OPBD", c.inicial, "2026-11-01")}
      ${saldo("CLBD", c.final, "2026-11-30")}
      ${c.apuntes.map((a) => ntry(a, version)).join("")}
    </Stmt>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-12-01T08:00:00</CreDtTm></GrpHdr>
    ${stmts.join("")}
  </BkToCstmrStmt>
</Document>`;
}

const CUENTA: Cuenta = {
  id: "EXT-2026-11",
  iban: "ES91 2100 0418 4502 0005 1332",
  inicial: ["1500.00", "CRDT"],
  final: ["6317", "CRDT"],
  apuntes: [
    {
      importe: "4820.50",
      indicador: "CRDT",
      reserva: "2026-11-10",
      valor: "2026-11-11",
      e2e: "REM-2026-11",
      ref: "BANCO-0001",
      ustrd: "RECIBO CUOTA FILÀ",
    },
    { importe: "3.5", indicador: "DBIT", reserva: "2026-11-15", info: "COMISIÓN MANTENIMIENTO" },
    { importe: "99.00", indicador: "DBIT", reserva: "2026-11-30", estado: "PDNG" },
  ],
};

const bytes = (xml: string) => new TextEncoder().encode(xml);

describe("leerCamt053", () => {
  it.each(["02", "08"] as const)(
    "lee un camt.053.001.%s: IBAN, saldos y apuntes de abono y cargo",
    (version) => {
      const e = leerCamt053(bytes(camt053(version, [CUENTA])));
      expect(e.formato).toBe("camt053");
      expect(e.cuentas).toEqual([
        {
          iban: "ES9121000418450200051332",
          ccc: null,
          divisa: "EUR",
          titular: "Filà Moros",
          fechaDesde: "2026-11-01",
          fechaHasta: "2026-11-30",
          saldoInicialCentimos: 150000,
          saldoFinalCentimos: 631700,
          apuntes: [
            {
              linea: null,
              fechaOperacion: "2026-11-10",
              fechaValor: "2026-11-11",
              importeCentimos: 482050,
              concepto: "RECIBO CUOTA FILÀ",
              conceptos: ["RECIBO CUOTA FILÀ"],
              conceptoComun: null,
              conceptoPropio: "PMNT-RCDT-ESCT",
              documento: null,
              referencia1: null,
              referencia2: null,
              endToEndId: "REM-2026-11",
              referenciaBanco: "BANCO-0001",
            },
            {
              linea: null,
              fechaOperacion: "2026-11-15",
              fechaValor: "2026-11-15",
              importeCentimos: -350,
              concepto: "COMISIÓN MANTENIMIENTO",
              conceptos: ["COMISIÓN MANTENIMIENTO"],
              conceptoComun: null,
              conceptoPropio: "PMNT-RCDT-ESCT",
              documento: null,
              referencia1: null,
              referencia2: null,
              endToEndId: null,
              referenciaBanco: null,
            },
          ],
        },
      ]);
    },
  );

  it("lee varias cuentas (un Stmt cada una) con prefijos de espacio de nombres", () => {
    const xml = camt053("08", [
      CUENTA,
      {
        id: "EXT-2",
        iban: "ES7100810001000001234567",
        inicial: ["20.00", "DBIT"],
        final: ["60", "CRDT"],
        apuntes: [{ importe: "80", indicador: "CRDT", reserva: "2026-11-20" }],
      },
    ])
      .replaceAll("<", "<c:")
      .replaceAll("<c:/", "</c:")
      .replace("<c:?xml", "<?xml")
      .replace('xmlns="', 'xmlns:c="');
    const e = leerCamt053(bytes(xml));
    expect(e.cuentas.map((c) => [c.saldoInicialCentimos, c.saldoFinalCentimos])).toEqual([
      [150000, 631700],
      [-2000, 6000],
    ]);
  });

  it("rechaza un extracto cuyo saldo final no es el inicial más los apuntes, en castellano", () => {
    const e = errorDe(() =>
      leerCamt053(bytes(camt053("02", [{ ...CUENTA, final: ["6316.99", "CRDT"] }]))),
    );
    expect(e.status).toBe(400);
    expect(e.mensaje).toBe("Los saldos del extracto no cuadran con sus apuntes");
    expect(e.detalles).toEqual([
      {
        campo: "archivo",
        mensaje:
          "Cuenta ES9121000418450200051332: el saldo final (6.316,99 €) no es el inicial más los movimientos (6.317,00 €)",
      },
    ]);
    expect(e.mensajeEn("va")).toBe("Els saldos de l'extracte no quadren amb els seus apunts");
    expect(e.detallesEn("va")[0]?.mensaje).toBe(
      "Compte ES9121000418450200051332: el saldo final (6.316,99 €) no és l'inicial més els moviments (6.317,00 €)",
    );
  });

  it("rechaza lo que no es un camt.053 con el motivo", () => {
    const casos: [string, string][] = [
      ["esto no es xml <", "El fichero no es un XML bien formado"],
      ["<Document><CstmrPmtStsRpt/></Document>", "Falta el extracto de cuenta (BkToCstmrStmt)"],
      [
        "<Document><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>",
        "El fichero no trae ningún extracto (Stmt)",
      ],
      [
        camt053("02", [{ ...CUENTA, iban: "" }]),
        "El extracto EXT-2026-11 no trae el IBAN de la cuenta",
      ],
      [
        camt053("02", [CUENTA]).replace("<Cd>CLBD</Cd>", "<Cd>CLAV</Cd>"),
        "El extracto EXT-2026-11 no trae el saldo CLBD",
      ],
      [
        camt053("02", [CUENTA]).replace(">4820.50<", ">4.820,50<"),
        "El extracto EXT-2026-11 trae un importe «4.820,50» o un CdtDbtInd que no valen",
      ],
      [
        camt053("08", [CUENTA]).replace("<BookgDt><Dt>2026-11-15</Dt></BookgDt>", ""),
        "El extracto EXT-2026-11 trae un apunte sin fecha de contabilización (BookgDt)",
      ],
    ];
    for (const [xml, detalle] of casos) {
      const e = errorDe(() => leerCamt053(bytes(xml)));
      expect(e.mensaje).toBe("El extracto no es un camt.053 válido");
      expect(e.detalles).toEqual([{ campo: "archivo", mensaje: detalle }]);
    }
  });
});
