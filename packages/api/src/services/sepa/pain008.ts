import { MAX_SEPA, textoSepa } from "@fila/domain";
import { create } from "xmlbuilder2";

/**
 * Fichero de adeudos directos SEPA CORE pain.008.001.02 (guía AEB «Norma 19.14»): una
 * cabecera, un bloque de pago (PmtInf) por tipo de secuencia (FRST, RCUR) y un adeudo por
 * pagador. Los importes van en céntimos hasta el último momento: nunca se suman en coma
 * flotante.
 */

export const NS_PAIN_008 = "urn:iso:std:iso:20022:tech:xsd:pain.008.001.02";

export type AcreedorSepa = {
  nombre: string;
  iban: string;
  bic: string;
  /** Identificador de acreedor (AT-02), p. ej. ES77000B85626240. */
  identificador: string;
};

export type AdeudoSepa = {
  endToEndId: string;
  importeCentimos: number;
  mandatoId: string;
  mandatoFecha: string;
  secuencia: "FRST" | "RCUR";
  nombre: string;
  iban: string;
  bic: string;
  concepto: string;
};

export type RemesaSepa = {
  mensajeId: string;
  creadaEn: Date;
  fechaCobro: string;
  acreedor: AcreedorSepa;
  adeudos: AdeudoSepa[];
};

/** 1234 céntimos → "12.34", sin pasar por coma flotante. */
export function importeSepa(centimos: number): string {
  if (!Number.isSafeInteger(centimos) || centimos < 0) {
    throw new RangeError("El importe en céntimos debe ser un entero no negativo");
  }
  return `${Math.trunc(centimos / 100)}.${String(centimos % 100).padStart(2, "0")}`;
}

function sumar(adeudos: AdeudoSepa[]): number {
  return adeudos.reduce((s, a) => s + a.importeCentimos, 0);
}

/** Fecha y hora local sin zona ni milisegundos, como pide ISODateTime en la práctica bancaria. */
function fechaHora(d: Date): string {
  return d.toISOString().slice(0, 19);
}

const idSepa = (identificador: string) => ({
  Othr: { Id: identificador, SchmeNm: { Prtry: "SEPA" } },
});

const entidad = (bic: string) => ({
  FinInstnId: bic ? { BIC: bic } : { Othr: { Id: "NOTPROVIDED" } },
});

function bloqueDePago(remesa: RemesaSepa, secuencia: "FRST" | "RCUR", adeudos: AdeudoSepa[]) {
  const { acreedor } = remesa;
  return {
    PmtInfId: textoSepa(`${remesa.mensajeId}-${secuencia}`, MAX_SEPA.id),
    PmtMtd: "DD",
    BtchBookg: "true",
    NbOfTxs: String(adeudos.length),
    CtrlSum: importeSepa(sumar(adeudos)),
    PmtTpInf: { SvcLvl: { Cd: "SEPA" }, LclInstrm: { Cd: "CORE" }, SeqTp: secuencia },
    ReqdColltnDt: remesa.fechaCobro,
    Cdtr: { Nm: textoSepa(acreedor.nombre, MAX_SEPA.nombre) },
    CdtrAcct: { Id: { IBAN: acreedor.iban } },
    CdtrAgt: entidad(acreedor.bic),
    ChrgBr: "SLEV",
    CdtrSchmeId: { Id: { PrvtId: idSepa(acreedor.identificador) } },
    DrctDbtTxInf: adeudos.map((a) => ({
      PmtId: { EndToEndId: a.endToEndId },
      InstdAmt: { "@Ccy": "EUR", "#": importeSepa(a.importeCentimos) },
      DrctDbtTx: { MndtRltdInf: { MndtId: a.mandatoId, DtOfSgntr: a.mandatoFecha } },
      DbtrAgt: entidad(a.bic),
      Dbtr: { Nm: textoSepa(a.nombre, MAX_SEPA.nombre) || "Deudor" },
      DbtrAcct: { Id: { IBAN: a.iban } },
      RmtInf: { Ustrd: textoSepa(a.concepto, MAX_SEPA.concepto) || "Cuota" },
    })),
  };
}

/** El XML completo de la remesa. */
export function generarPain008(remesa: RemesaSepa): string {
  if (remesa.adeudos.length === 0) throw new RangeError("Una remesa necesita algún adeudo");
  const bloques = (["FRST", "RCUR"] as const)
    .map(
      (secuencia) => [secuencia, remesa.adeudos.filter((a) => a.secuencia === secuencia)] as const,
    )
    .filter(([, adeudos]) => adeudos.length > 0)
    .map(([secuencia, adeudos]) => bloqueDePago(remesa, secuencia, adeudos));
  const documento = {
    Document: {
      "@xmlns": NS_PAIN_008,
      CstmrDrctDbtInitn: {
        GrpHdr: {
          MsgId: remesa.mensajeId,
          CreDtTm: fechaHora(remesa.creadaEn),
          NbOfTxs: String(remesa.adeudos.length),
          CtrlSum: importeSepa(sumar(remesa.adeudos)),
          InitgPty: {
            Nm: textoSepa(remesa.acreedor.nombre, MAX_SEPA.nombre),
            Id: { OrgId: idSepa(remesa.acreedor.identificador) },
          },
        },
        PmtInf: bloques,
      },
    },
  };
  return create({ version: "1.0", encoding: "UTF-8" }, documento).end({ prettyPrint: true });
}
