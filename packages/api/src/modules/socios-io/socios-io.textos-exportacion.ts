import type { Idioma } from "@fila/domain";

/**
 * The fixed texts the app writes into exported files (headers, sheet names, «Sí/No», states), in
 * Valencian by their Spanish text (issue 38). The writers (`escribirCsv`, `escribirXlsx`) take the
 * caller's language once and translate headers, the sheet name and the cells marked with `fijo`;
 * what a person typed is never translated. A Spanish text not in the table stays Spanish.
 */
export const TEXTOS_EXPORTACION_VA: Readonly<Record<string, string>> = {
  // Shared
  Sí: "Sí",
  No: "No",
  Fecha: "Data",
  Socio: "Soci",
  Tipo: "Tipus",
  Estado: "Estat",
  Nota: "Nota",
  "Importe (€)": "Import (€)",
  Descripción: "Descripció",
  // Charges (pagos.export.ts)
  "Nº cargo": "N.º càrrec",
  Año: "Any",
  Matrícula: "Matrícula",
  Pagador: "Pagador",
  Concepto: "Concepte",
  Producto: "Producte",
  Plazo: "Termini",
  "Fecha de emisión": "Data d'emissió",
  Vencimiento: "Venciment",
  "Fecha de pago": "Data de pagament",
  "Forma de pago": "Forma de pagament",
  Referencia: "Referència",
  "Motivo de anulación": "Motiu d'anul·lació",
  Pagos: "Pagaments",
  Pendiente: "Pendent",
  Pagado: "Pagat",
  Devuelto: "Tornat",
  Anulado: "Anul·lat",
  // Online payments (pago-online.export.ts)
  Pedido: "Comanda",
  Cargos: "Càrrecs",
  Método: "Mètode",
  Tarjeta: "Targeta",
  Autorización: "Autorització",
  "Respuesta del banco": "Resposta del banc",
  "Pagos en línea": "Pagaments en línia",
  "Pendiente de confirmar": "Pendent de confirmar",
  Denegado: "Denegat",
  // Gallofa (gallofa.ficheros.ts)
  "Quién da": "Qui dona",
  "Importe o valor estimado (€)": "Import o valor estimat (€)",
  "Recogido por": "Arreplegat per",
  Anónimo: "Anònim",
  Dinero: "Diners",
  Especie: "Espècie",
  // Enrolled list (actos.exportar.ts)
  Apellidos: "Cognoms",
  Nombre: "Nom",
  Invitados: "Convidats",
  Menú: "Menú",
  Alergias: "Al·lèrgies",
  Importe: "Import",
  Pago: "Pagament",
  Asistió: "Hi va assistir",
  Puesto: "Lloc",
  Personas: "Persones",
  Inscritos: "Inscrits",
  "Sin menú": "Sense menú",
  "Lista de espera": "Llista d'espera",
  "Lista de espera (sin plaza)": "Llista d'espera (sense plaça)",
  // Lottery (loterias.exportar.ts)
  "Serie desde": "Sèrie des de",
  "Serie hasta": "Sèrie fins a",
  Participaciones: "Participacions",
  Titular: "Titular",
  Junta: "Junta",
  Liquidado: "Liquidat",
  Vendidas: "Venudes",
  Devueltas: "Tornades",
  Anuladas: "Anul·lades",
  Digitales: "Digitals",
  "Jugado (€)": "Jugat (€)",
  "Donativo (€)": "Donatiu (€)",
  "Total (€)": "Total (€)",
  Cargo: "Càrrec",
  Talonarios: "Talonaris",
  Serie: "Sèrie",
  Digital: "Digital",
  Comprador: "Comprador",
  Correo: "Correu",
  Teléfono: "Telèfon",
  "Premio bruto (€)": "Premi brut (€)",
  "Retención (€)": "Retenció (€)",
  "Premio neto (€)": "Premi net (€)",
  "Premio pagado": "Premi pagat",
  Válida: "Vàlida",
  Anulada: "Anul·lada",
  Devuelta: "Tornada",
  Loterías: "Loteries",
  Sorteo: "Sorteig",
  "Fecha del sorteo": "Data del sorteig",
  "Límite de devolución": "Límit de devolució",
  Números: "Números",
  Décimos: "Dècims",
  "Precio (€)": "Preu (€)",
  Emitidas: "Emeses",
  Disponibles: "Disponibles",
  "Liquidado (€)": "Liquidat (€)",
  "Donativos (€)": "Donatius (€)",
  "Pendiente de cobro (€)": "Pendent de cobrament (€)",
  "Cobrado (€)": "Cobrat (€)",
  "Premios (€)": "Premis (€)",
  "Premios pagados (€)": "Premis pagats (€)",
  // Activity log (registros.service.ts)
  Persona: "Persona",
  Entidad: "Entitat",
  Id: "Id",
  Acción: "Acció",
  Campo: "Camp",
  Antes: "Abans",
  Después: "Després",
  Actividad: "Activitat",
};

const TABLAS: Record<Idioma, Readonly<Record<string, string>> | null> = {
  es: null,
  va: TEXTOS_EXPORTACION_VA,
};

/** `texto` (a fixed Spanish text of an export) in `idioma`; Spanish when there is no translation. */
export function textoExportacion(texto: string, idioma: Idioma = "es"): string {
  return TABLAS[idioma]?.[texto] ?? texto;
}

/** A cell holding a fixed text of the app (not typed by a person): the writer translates it. */
export class TextoFijo {
  constructor(readonly texto: string) {}
}

export const fijo = (texto: string) => new TextoFijo(texto);
