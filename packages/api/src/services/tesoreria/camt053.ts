import {
  type ApunteExtracto,
  type CuentaExtracto,
  descuadreSaldoFinal,
  type Extracto,
  normalizarIban,
} from "@fila/domain";
import { XMLParser } from "fast-xml-parser";
import { DomainError } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import { comoLista, hijo, texto } from "../xml-nodos.js";

/**
 * Extracto de cuenta ISO 20022 camt.053 (BankToCustomerStatement; .001.02 del SEPA de 2009 y
 * .001.08 del de 2019, y las de en medio, que cambian poco): cada Stmt es una cuenta con su IBAN
 * (Acct/Id/IBAN), el saldo inicial contabilizado (Bal OPBD, o PRCD, el cierre anterior) y el
 * final (CLBD), y sus apuntes (Ntry) con importe, CdtDbtInd, BookgDt/ValDt, AcctSvcrRef, la
 * EndToEndId y el concepto (RmtInf/Ustrd, AddtlTxInf, AddtlNtryInf) de NtryDtls/TxDtls. Devuelve
 * la misma forma que la norma 43 (`Extracto` de @fila/domain) y comprueba que el saldo final sea el
 * inicial más los apuntes. Solo cuentan los apuntes contabilizados (Sts BOOK, o sin estado).
 */

const noValido = (detalle: Mensaje) =>
  new DomainError("validacion", "tesoreria.no_es_camt053", [{ campo: "archivo", clave: detalle }]);

const textoO = (v: unknown) => texto(v) || null;

/** Fecha de un Dt o DtTm (ISODate o ISODateTime): `YYYY-MM-DD`, o "" si no está. */
const fecha = (nodo: unknown) => texto(hijo(nodo, "Dt") ?? hijo(nodo, "DtTm")).slice(0, 10);

/** Céntimos de un importe ISO 20022 («4820.5») con su indicador: DBIT es negativo. */
function importe(nodo: unknown, id: string): number {
  const amt = texto(hijo(nodo, "Amt"));
  const indicador = texto(hijo(nodo, "CdtDbtInd"));
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amt);
  if (!m || (indicador !== "CRDT" && indicador !== "DBIT")) {
    throw noValido(mensajeCon("tesoreria.camt_importe_no_valido", { id, importe: amt }));
  }
  const centimos = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return indicador === "DBIT" ? -centimos : centimos;
}

function saldo(stmt: unknown, tipos: string[], id: string) {
  const bal = comoLista(hijo(stmt, "Bal")).find((b) =>
    tipos.includes(texto(hijo(b, "Tp", "CdOrPrtry", "Cd"))),
  );
  if (!bal) throw noValido(mensajeCon("tesoreria.camt_sin_saldo", { id, tipo: tipos[0] ?? "" }));
  return { centimos: importe(bal, id), fecha: fecha(hijo(bal, "Dt")) };
}

function apunte(ntry: unknown, id: string): ApunteExtracto {
  const detalles = comoLista(hijo(ntry, "NtryDtls")).flatMap((d) => comoLista(hijo(d, "TxDtls")));
  const conceptos = [
    ...detalles.flatMap((d) => [
      ...comoLista(hijo(d, "RmtInf", "Ustrd")).map(texto),
      texto(hijo(d, "AddtlTxInf")),
    ]),
    texto(hijo(ntry, "AddtlNtryInf")),
  ].filter((c, i, todos) => c !== "" && todos.indexOf(c) === i);
  const fechaOperacion = fecha(hijo(ntry, "BookgDt"));
  if (!fechaOperacion) throw noValido(mensajeCon("tesoreria.camt_apunte_sin_fecha", { id }));
  const unico = detalles.length === 1 ? detalles[0] : undefined;
  return {
    linea: null,
    fechaOperacion,
    fechaValor: fecha(hijo(ntry, "ValDt")) || fechaOperacion,
    importeCentimos: importe(ntry, id),
    concepto: conceptos.join(" · "),
    conceptos,
    conceptoComun: null,
    conceptoPropio:
      textoO(hijo(ntry, "BkTxCd", "Prtry", "Cd")) ??
      (textoO(hijo(ntry, "BkTxCd", "Domn", "Fmly", "SubFmlyCd")) &&
        [
          texto(hijo(ntry, "BkTxCd", "Domn", "Cd")),
          texto(hijo(ntry, "BkTxCd", "Domn", "Fmly", "Cd")),
          texto(hijo(ntry, "BkTxCd", "Domn", "Fmly", "SubFmlyCd")),
        ].join("-")),
    documento: null,
    referencia1: null,
    referencia2: null,
    endToEndId: textoO(hijo(unico, "Refs", "EndToEndId")),
    referenciaBanco:
      textoO(hijo(ntry, "AcctSvcrRef")) ?? textoO(hijo(unico, "Refs", "AcctSvcrRef")),
  };
}

/** Un Stmt (la Sts de .001.02 es un código; la de .001.08, un Cd dentro). */
function cuenta(stmt: unknown, n: number): CuentaExtracto {
  const id = texto(hijo(stmt, "Id")) || String(n);
  const iban = normalizarIban(texto(hijo(stmt, "Acct", "Id", "IBAN")));
  if (!iban) throw noValido(mensajeCon("tesoreria.camt_sin_iban", { id }));
  const inicial = saldo(stmt, ["OPBD", "PRCD"], id);
  const final = saldo(stmt, ["CLBD"], id);
  const apuntes = comoLista(hijo(stmt, "Ntry"))
    .filter((e) => ["", "BOOK"].includes(texto(hijo(e, "Sts", "Cd")) || texto(hijo(e, "Sts"))))
    .map((e) => apunte(e, id));
  return {
    iban,
    ccc: null,
    divisa:
      texto(hijo(stmt, "Acct", "Ccy")) ||
      texto(hijo(comoLista(hijo(stmt, "Bal"))[0], "Amt", "@_Ccy")) ||
      "EUR",
    titular: texto(hijo(stmt, "Acct", "Ownr", "Nm")),
    fechaDesde: texto(hijo(stmt, "FrToDt", "FrDtTm")).slice(0, 10) || inicial.fecha,
    fechaHasta: texto(hijo(stmt, "FrToDt", "ToDtTm")).slice(0, 10) || final.fecha,
    saldoInicialCentimos: inicial.centimos,
    saldoFinalCentimos: final.centimos,
    apuntes,
  };
}

/**
 * Lee un camt.053 (sus bytes, UTF-8 como manda ISO 20022). Un fichero que no lo es o un extracto
 * cuyos saldos no cuadran con sus apuntes es un error de validación (400) en castellano.
 */
export function leerCamt053(bytes: Uint8Array): Extracto {
  let arbol: unknown;
  try {
    arbol = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      parseTagValue: false,
      parseAttributeValue: false,
      processEntities: false,
    }).parse(Buffer.from(bytes).toString("utf8"), true);
  } catch {
    throw noValido("sepa.fichero_no_xml_bien_formado");
  }
  const informe = hijo(arbol, "Document", "BkToCstmrStmt");
  if (!informe || typeof informe !== "object") throw noValido("tesoreria.camt_sin_bktocstmrstmt");
  const stmts = comoLista(hijo(informe, "Stmt"));
  if (stmts.length === 0) throw noValido("tesoreria.camt_sin_extractos");
  const cuentas = stmts.map((s, i) => cuenta(s, i + 1));
  const descuadres = cuentas.flatMap((c) => descuadreSaldoFinal(c, null) ?? []);
  if (descuadres.length > 0) {
    throw new DomainError(
      "validacion",
      "tesoreria.extracto_no_cuadra",
      descuadres.map((mensaje) => ({ campo: "archivo", mensaje })),
    );
  }
  return { formato: "camt053", cuentas };
}
