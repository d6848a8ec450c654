/**
 * Bank statements for tests, written field by field from the standards — the AEB's cuaderno 43
 * (80-byte records 11, 22, 23, 33, 88; positions from 1, ISO-8859-1) and ISO 20022
 * camt.053.001.02 — never from what the readers produce.
 */

// ——— Norma 43, from the cuaderno's layout ———

export type Ccc = { entidad: string; oficina: string; cuenta: string };

/** A record of 80 positions: `campos` are [position from 1, value]. */
function registro(codigo: string, campos: [number, string][]): string {
  const r = [...`${codigo}${" ".repeat(78)}`];
  for (const [desde, valor] of campos) {
    [...valor].forEach((c, i) => {
      r[desde - 1 + i] = c;
    });
  }
  return r.join("");
}
export const cifras = (n: number, ancho: number) => String(n).padStart(ancho, "0");
const texto = (s: string, ancho: number) => s.padEnd(ancho, " ").slice(0, ancho);
const aammdd = (iso: string) => iso.slice(2).replaceAll("-", "");
/** 1 debe (cargo), 2 haber (abono). */
const dh = (centimos: number) => (centimos < 0 ? "1" : "2");

export type Apunte = {
  fecha: string;
  importe: number;
  concepto: string;
  comun?: string;
  documento?: string;
  ref1?: string;
  ref2?: string;
  mas?: string;
};

/** One account: record 11, a 22 (and 23s) per line, record 33. */
export function cuentaN43(
  c: Ccc,
  desde: string,
  hasta: string,
  inicial: number,
  apuntes: Apunte[],
) {
  const r: string[] = [
    registro("11", [
      [3, c.entidad],
      [7, c.oficina],
      [11, c.cuenta],
      [21, aammdd(desde)],
      [27, aammdd(hasta)],
      [33, dh(inicial)],
      [34, cifras(Math.abs(inicial), 14)],
      [48, "978"],
      [51, "3"],
      [52, texto("FILA CONTRABANDISTES", 26)],
    ]),
  ];
  for (const a of apuntes) {
    r.push(
      registro("22", [
        [7, c.oficina],
        [11, aammdd(a.fecha)],
        [17, aammdd(a.fecha)],
        [23, a.comun ?? "99"],
        [25, "000"],
        [28, dh(a.importe)],
        [29, cifras(Math.abs(a.importe), 14)],
        [43, a.documento ?? cifras(0, 10)],
        [53, a.ref1 ?? cifras(0, 12)],
        [65, texto(a.ref2 ?? "", 16)],
      ]),
    );
    r.push(
      registro("23", [
        [3, "01"],
        [5, texto(a.concepto, 38)],
        [43, texto(a.mas ?? "", 38)],
      ]),
    );
  }
  const debe = apuntes.filter((a) => a.importe < 0);
  const haber = apuntes.filter((a) => a.importe >= 0);
  const final = apuntes.reduce((s, a) => s + a.importe, inicial);
  r.push(
    registro("33", [
      [3, c.entidad],
      [7, c.oficina],
      [11, c.cuenta],
      [21, cifras(debe.length, 5)],
      [26, cifras(-debe.reduce((s, a) => s + a.importe, 0), 14)],
      [40, cifras(haber.length, 5)],
      [
        45,
        cifras(
          haber.reduce((s, a) => s + a.importe, 0),
          14,
        ),
      ],
      [59, dh(final)],
      [60, cifras(Math.abs(final), 14)],
      [74, "978"],
    ]),
  );
  return r;
}

/** The file: its accounts and record 88 (the number of records before it), CRLF, Latin-1. */
export function norma43(...cuentas: string[][]): Buffer {
  const r = cuentas.flat();
  r.push(
    registro("88", [
      [3, "9".repeat(18)],
      [21, cifras(r.length, 6)],
    ]),
  );
  return Buffer.from(`${r.join("\r\n")}\r\n`, "latin1");
}

// ——— camt.053.001.02, from ISO 20022 ———

export type Entrada = {
  fecha: string;
  importe: number;
  concepto: string;
  ref: string;
  e2e?: string;
};
export function camt053(
  iban: string,
  desde: string,
  hasta: string,
  inicial: number,
  entradas: Entrada[],
) {
  const euros = (c: number) => (Math.abs(c) / 100).toFixed(2);
  const cd = (c: number) => (c < 0 ? "DBIT" : "CRDT");
  const final = entradas.reduce((s, e) => s + e.importe, inicial);
  const saldo = (tipo: string, c: number, fecha: string) => `
      <Bal><Tp><CdOrPrtry><Cd>${tipo}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">${euros(c)}</Amt><CdtDbtInd>${cd(c)}</CdtDbtInd><Dt><Dt>${fecha}</Dt></Dt></Bal>`;
  const ntry = entradas
    .map(
      (e) => `
      <Ntry>
        <Amt Ccy="EUR">${euros(e.importe)}</Amt><CdtDbtInd>${cd(e.importe)}</CdtDbtInd>
        <Sts>BOOK</Sts><BookgDt><Dt>${e.fecha}</Dt></BookgDt><ValDt><Dt>${e.fecha}</Dt></ValDt>
        <AcctSvcrRef>${e.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls><Refs><EndToEndId>${e.e2e ?? "NOTPROVIDED"}</EndToEndId></Refs>
          <RmtInf><Ustrd>${e.concepto}</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join("");
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>EXT-${desde}</MsgId><CreDtTm>${hasta}T20:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-${desde}</Id><CreDtTm>${hasta}T20:00:00</CreDtTm>
      <FrToDt><FrDtTm>${desde}T00:00:00</FrDtTm><ToDtTm>${hasta}T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>${saldo("OPBD", inicial, desde)}${saldo("CLBD", final, hasta)}${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>`,
    "utf8",
  );
}
