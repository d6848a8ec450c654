import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { erroresXsdPain008 } from "../../test/xsd-sepa.js";
import { type AdeudoSepa, generarPain008, importeSepa, type RemesaSepa } from "./pain008.js";

const acreedor = {
  nombre: "Filà Moros «Demo» 🎉",
  iban: "ES9121000418450200051332",
  bic: "CAIXESBBXXX",
  identificador: "ES77000B85626240",
};

function adeudo(n: number, cambios: Partial<AdeudoSepa> = {}): AdeudoSepa {
  return {
    endToEndId: `R1-${n}`,
    importeCentimos: 1000 * n + 1,
    mandatoId: `FILA-${n}`,
    mandatoFecha: "2025-01-15",
    secuencia: n % 2 === 0 ? "RCUR" : "FRST",
    nombre: "Pérez",
    iban: "ES7921000813610123456789",
    bic: "CAIXESBBXXX",
    concepto: "Cuota 2026",
    ...cambios,
  };
}

function remesa(adeudos: AdeudoSepa[]): RemesaSepa {
  return {
    mensajeId: "FILA-R1-20261121",
    creadaEn: new Date("2026-11-21T10:00:00Z"),
    fechaCobro: "2026-12-01",
    acreedor,
    adeudos,
  };
}

const leer = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (n) => ["PmtInf", "DrctDbtTxInf"].includes(n),
  }).parse(xml).Document.CstmrDrctDbtInitn;

describe("importeSepa", () => {
  it("escribe los céntimos con dos decimales sin coma flotante", () => {
    expect(importeSepa(0)).toBe("0.00");
    expect(importeSepa(5)).toBe("0.05");
    expect(importeSepa(123456)).toBe("1234.56");
    expect(importeSepa(10)).toBe("0.10");
    expect(() => importeSepa(1.5)).toThrow(RangeError);
    expect(() => importeSepa(-1)).toThrow(RangeError);
  });
});

describe("generarPain008", () => {
  it("con FRST y RCUR mezclados es válido según el XSD y separa un bloque por secuencia", async () => {
    const xml = generarPain008(remesa([1, 2, 3, 4, 5].map((n) => adeudo(n))));
    expect(await erroresXsdPain008(xml)).toEqual([]);
    const doc = leer(xml);
    expect(doc.GrpHdr.NbOfTxs).toBe("5");
    expect(doc.GrpHdr.CtrlSum).toBe("150.05");
    expect(doc.GrpHdr.InitgPty.Id.OrgId.Othr).toEqual({
      Id: "ES77000B85626240",
      SchmeNm: { Prtry: "SEPA" },
    });
    const [frst, rcur] = doc.PmtInf;
    expect(frst.PmtTpInf).toEqual({
      SvcLvl: { Cd: "SEPA" },
      LclInstrm: { Cd: "CORE" },
      SeqTp: "FRST",
    });
    expect(rcur.PmtTpInf.SeqTp).toBe("RCUR");
    expect(frst.NbOfTxs).toBe("3");
    expect(frst.CtrlSum).toBe("90.03");
    expect(rcur.CtrlSum).toBe("60.02");
    expect(frst.ReqdColltnDt).toBe("2026-12-01");
    expect(frst.ChrgBr).toBe("SLEV");
    expect(frst.CdtrSchmeId.Id.PrvtId.Othr).toEqual({
      Id: "ES77000B85626240",
      SchmeNm: { Prtry: "SEPA" },
    });
    const tx = frst.DrctDbtTxInf[0];
    expect(tx.PmtId.EndToEndId).toBe("R1-1");
    expect(tx.InstdAmt).toEqual({ "#text": "10.01", "@_Ccy": "EUR" });
    expect(tx.DrctDbtTx.MndtRltdInf).toEqual({ MndtId: "FILA-1", DtOfSgntr: "2025-01-15" });
    expect(tx.DbtrAcct.Id.IBAN).toBe("ES7921000813610123456789");
  });

  it("la suma de control es exacta aunque en coma flotante no lo sería", async () => {
    const adeudos = Array.from({ length: 3 }, (_, i) => adeudo(i + 1, { importeCentimos: 10 }));
    // 0.1 + 0.1 + 0.1 = 0.30000000000000004 en coma flotante.
    const doc = leer(generarPain008(remesa(adeudos)));
    expect(doc.GrpHdr.CtrlSum).toBe("0.30");
  });

  it("translitera nombres y conceptos con caracteres especiales y sigue siendo válido", async () => {
    const xml = generarPain008(
      remesa([
        adeudo(1, {
          nombre: "Muñoz Peñarroja, Mª Àngels «la Xicoteta» 😀",
          concepto: `Cuota 1ª «Filà» ${"ñ".repeat(200)}`,
        }),
      ]),
    );
    expect(await erroresXsdPain008(xml)).toEqual([]);
    const tx = leer(xml).PmtInf[0].DrctDbtTxInf[0];
    expect(tx.Dbtr.Nm).toBe("Munoz Penarroja, M Angels la Xicoteta");
    expect(tx.RmtInf.Ustrd).toHaveLength(140);
    expect(tx.RmtInf.Ustrd.startsWith("Cuota 1 Fila nnn")).toBe(true);
    expect(leer(xml).GrpHdr.InitgPty.Nm).toBe("Fila Moros Demo");
  });

  it("sin BIC del deudor pone NOTPROVIDED y sigue siendo válido", async () => {
    const xml = generarPain008(remesa([adeudo(1, { bic: "" })]));
    expect(await erroresXsdPain008(xml)).toEqual([]);
    const tx = leer(xml).PmtInf[0].DrctDbtTxInf[0];
    expect(tx.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: "NOTPROVIDED" } });
  });

  it("escapa lo que el XML no admite tal cual, y el fichero se lee igual que se escribió", async () => {
    const mandatoId = `M&<1>"2'`;
    const xml = generarPain008(remesa([adeudo(1, { mandatoId })]));
    expect(xml).toContain("<MndtId>M&amp;&lt;1&gt;\"2'</MndtId>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="')).toBe(true);
    expect(await erroresXsdPain008(xml)).toEqual([]);
    const tx = leer(xml).PmtInf[0].DrctDbtTxInf[0];
    expect(tx.DrctDbtTx.MndtRltdInf.MndtId).toBe(mandatoId);
    expect(tx.InstdAmt).toEqual({ "#text": "10.01", "@_Ccy": "EUR" });
  });

  it("el validador detecta un fichero que no cumple el esquema", async () => {
    const xml = generarPain008(remesa([adeudo(1)])).replace("<PmtMtd>DD</PmtMtd>", "");
    expect((await erroresXsdPain008(xml)).length).toBeGreaterThan(0);
  });

  it("no genera una remesa vacía", () => {
    expect(() => generarPain008(remesa([]))).toThrow(RangeError);
  });
});
