/** The three masters share one implementation; this is what tells them apart. */
export type ClaseMaestro = "color" | "domiciliada";

export type TablaMaestro = "tipo_socio" | "tipo_acto" | "forma_pago";

export type ConfigMaestro = {
  /** Path under /api and route of SPEC §2. */
  recurso: "tipossocio" | "tiposacto" | "formaspago";
  tabla: TablaMaestro;
  /** Its own field: a colour (member and event types) or direct debit (payment methods). */
  clase: ClaseMaestro;
  /** The `socio` column that points at it; null while nothing can use it (no events yet). */
  columnaUso: "id_tipo_socio" | "id_forma_pago" | null;
  /** "un tipo de socio", for «Ya existe un tipo de socio con ese nombre.» */
  conArticuloIndefinido: string;
  /** "El tipo de socio", for «El tipo de socio no existe.» */
  conArticuloDefinido: string;
  /** Plural for OpenAPI summaries. */
  plural: string;
};

export const MAESTROS = {
  tipossocio: {
    recurso: "tipossocio",
    tabla: "tipo_socio",
    clase: "color",
    columnaUso: "id_tipo_socio",
    conArticuloIndefinido: "un tipo de socio",
    conArticuloDefinido: "El tipo de socio",
    plural: "tipos de socio",
  },
  tiposacto: {
    recurso: "tiposacto",
    tabla: "tipo_acto",
    clase: "color",
    columnaUso: null,
    conArticuloIndefinido: "un tipo de acto",
    conArticuloDefinido: "El tipo de acto",
    plural: "tipos de acto",
  },
  formaspago: {
    recurso: "formaspago",
    tabla: "forma_pago",
    clase: "domiciliada",
    columnaUso: "id_forma_pago",
    conArticuloIndefinido: "una forma de pago",
    conArticuloDefinido: "La forma de pago",
    plural: "formas de pago",
  },
} as const satisfies Record<string, ConfigMaestro>;
