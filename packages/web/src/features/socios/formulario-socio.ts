import {
  CAMPOS_BANCO,
  CAMPOS_CONTACTO,
  type Sexo,
  type SiNo,
  type TipoDerrama,
  type TipoPago,
  type TipoPagoRamell,
} from "@fila/domain";
import type { SocioApi } from "./tipos";

type Numero = number | string;

/** The record form's values: text inputs hold strings, number inputs `number | ""`. */
export type ValoresSocio = {
  nombre: string;
  apellidos: string;
  nif: string;
  fechaNacimiento: string;
  sexo: Sexo;
  direccion: string;
  poblacion: string;
  provincia: string;
  codPostal: string;
  telefono: string;
  email: string;
  tipo: string | null;
  matricula: Numero;
  anyoAlta: Numero;
  fechaAlta: string;
  edadFestera: Numero;
  numDamas: Numero;
  tipoPago: TipoPago;
  idFormaPago: string | null;
  iban: string;
  bic: string;
  mandatoId: string;
  mandatoFecha: string;
  idPagador: number | null;
  idPareja: number | null;
  idPadre: number | null;
  nombreYerno: string;
  pagarDerrama: SiNo;
  tipoDerrama: TipoDerrama;
  anyoDerrama: Numero;
  importeDerrama: Numero;
  anyosPagoDerrama: Numero;
  ramell: SiNo;
  tipoPagoRamell: TipoPagoRamell;
  anyoRamell: Numero;
  ramellPago1: Numero;
  ramellPago2: Numero;
  ramellPago3: Numero;
  ramellPago4: Numero;
  ramellPago5: Numero;
  comentarios: string;
};

export type CampoSocio = keyof ValoresSocio;

/** What a usuario may change on their own record (Mis Datos): contact and bank data. */
export const CAMPOS_PROPIOS = [
  ...CAMPOS_CONTACTO,
  ...CAMPOS_BANCO,
] as const satisfies readonly CampoSocio[];

const ANYOS = ["anyoAlta", "anyoDerrama", "anyoRamell"] as const;
const ENTEROS = ["matricula", "edadFestera", "numDamas", "anyosPagoDerrama"] as const;
const IMPORTES = [
  "importeDerrama",
  "ramellPago1",
  "ramellPago2",
  "ramellPago3",
  "ramellPago4",
  "ramellPago5",
] as const;

export function valoresIniciales(): ValoresSocio {
  return {
    nombre: "",
    apellidos: "",
    nif: "",
    fechaNacimiento: "",
    sexo: "hombre",
    direccion: "",
    poblacion: "",
    provincia: "",
    codPostal: "",
    telefono: "",
    email: "",
    tipo: null,
    matricula: "",
    anyoAlta: new Date().getFullYear(),
    fechaAlta: "",
    edadFestera: 0,
    numDamas: 0,
    tipoPago: "anual",
    idFormaPago: null,
    iban: "",
    bic: "",
    mandatoId: "",
    mandatoFecha: "",
    idPagador: null,
    idPareja: null,
    idPadre: null,
    nombreYerno: "",
    pagarDerrama: "si",
    tipoDerrama: "no aplica",
    anyoDerrama: "",
    importeDerrama: 0,
    anyosPagoDerrama: 0,
    ramell: "si",
    tipoPagoRamell: "completo",
    anyoRamell: "",
    ramellPago1: 0,
    ramellPago2: 0,
    ramellPago3: 0,
    ramellPago4: 0,
    ramellPago5: 0,
    comentarios: "",
  };
}

export const CAMPOS_FORMULARIO = Object.keys(valoresIniciales()) as CampoSocio[];

/** A member from the API → form values (a year 0 or matrícula 0 means "none" and shows empty). */
export function valoresDeSocio(socio: SocioApi): ValoresSocio {
  const base = valoresIniciales();
  const valores = { ...base } as Record<CampoSocio, unknown>;
  for (const campo of CAMPOS_FORMULARIO) {
    const dato = (socio as unknown as Record<string, unknown>)[campo];
    if (dato !== undefined && dato !== null) valores[campo] = dato;
  }
  valores.tipo = socio.tipo ? String(socio.tipo.id) : null;
  valores.idFormaPago = socio.idFormaPago ? String(socio.idFormaPago) : null;
  valores.idPagador = socio.idPagador ?? null;
  valores.idPareja = socio.idPareja ?? null;
  valores.idPadre = socio.idPadre ?? null;
  valores.fechaNacimiento = socio.fechaNacimiento ?? "";
  valores.fechaAlta = socio.fechaAlta ?? "";
  valores.mandatoFecha = socio.mandatoFecha ?? "";
  for (const campo of [...ANYOS, "matricula"] as const) {
    if (valores[campo] === 0) valores[campo] = "";
  }
  return valores as ValoresSocio;
}

function numero(v: Numero): number {
  if (v === "" || v === null || v === undefined) return 0;
  const n = typeof v === "number" ? v : Number(String(v).replace(",", "."));
  return Number.isFinite(n) ? n : 0;
}

function idONulo(v: string | number | null): number | null {
  if (v === null || v === "") return null;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Form values → the body of POST/PUT /api/socios (`tipo` is the type's id; empty dates null). */
export function cuerpoDeValores(valores: ValoresSocio): Record<string, unknown> {
  const cuerpo: Record<string, unknown> = { ...valores };
  cuerpo.tipo = idONulo(valores.tipo);
  cuerpo.idFormaPago = idONulo(valores.idFormaPago);
  cuerpo.idPagador = idONulo(valores.idPagador);
  cuerpo.idPareja = idONulo(valores.idPareja);
  cuerpo.idPadre = idONulo(valores.idPadre);
  cuerpo.fechaNacimiento = valores.fechaNacimiento || null;
  cuerpo.fechaAlta = valores.fechaAlta || null;
  cuerpo.nif = valores.nif.trim().toUpperCase();
  cuerpo.iban = valores.iban.replace(/\s+/g, "").toUpperCase();
  cuerpo.bic = valores.bic.replace(/\s+/g, "").toUpperCase();
  cuerpo.mandatoId = valores.mandatoId.trim();
  cuerpo.mandatoFecha = valores.mandatoFecha || null;
  for (const campo of [...ANYOS, ...ENTEROS]) cuerpo[campo] = Math.trunc(numero(valores[campo]));
  for (const campo of IMPORTES) cuerpo[campo] = Math.round(numero(valores[campo]) * 100) / 100;
  // An empty matrícula means "none yet" (null).
  if (valores.matricula === "") cuerpo.matricula = null;
  return cuerpo;
}

/** Only the fields a person may change on their own record (PATCH /api/socios/yo). */
export function cuerpoPropio(valores: ValoresSocio): Record<string, unknown> {
  const completo = cuerpoDeValores(valores);
  return Object.fromEntries(CAMPOS_PROPIOS.map((campo) => [campo, completo[campo]]));
}
