/** The three masters share one implementation; this is what tells them apart. */
export type ClaseMaestro = "color" | "domiciliada";

export type TablaMaestro = "tipo_socio" | "tipo_acto" | "forma_pago";

export type UsoMaestro = {
  tabla: "socio" | "acto" | "acto_precio" | "producto_precio" | "pago";
  columna: "id_tipo_socio" | "id_tipo_acto" | "id_forma_pago";
  uno: string;
  varios: string;
};

export type ConfigMaestro = {
  /** Path under /api and route of SPEC §2. */
  recurso: "tipossocio" | "tiposacto" | "formaspago";
  tabla: TablaMaestro;
  /** Its own field: a colour (member and event types) or direct debit (payment methods). */
  clase: ClaseMaestro;
  /**
   * Where it is used (a foreign key that refuses the delete): each table and column, with the
   * words for «lo usan 3 socios y 1 precio de producto». The first is the one lists care about.
   */
  usos: readonly UsoMaestro[];
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
    usos: [
      { tabla: "socio", columna: "id_tipo_socio", uno: "socio", varios: "socios" },
      {
        tabla: "producto_precio",
        columna: "id_tipo_socio",
        uno: "precio de producto",
        varios: "precios de productos",
      },
      {
        tabla: "acto_precio",
        columna: "id_tipo_socio",
        uno: "precio de acto",
        varios: "precios de actos",
      },
    ],
    conArticuloIndefinido: "un tipo de socio",
    conArticuloDefinido: "El tipo de socio",
    plural: "tipos de socio",
  },
  tiposacto: {
    recurso: "tiposacto",
    tabla: "tipo_acto",
    clase: "color",
    usos: [{ tabla: "acto", columna: "id_tipo_acto", uno: "acto", varios: "actos" }],
    conArticuloIndefinido: "un tipo de acto",
    conArticuloDefinido: "El tipo de acto",
    plural: "tipos de acto",
  },
  formaspago: {
    recurso: "formaspago",
    tabla: "forma_pago",
    clase: "domiciliada",
    usos: [
      { tabla: "socio", columna: "id_forma_pago", uno: "socio", varios: "socios" },
      { tabla: "pago", columna: "id_forma_pago", uno: "cobro", varios: "cobros" },
    ],
    conArticuloIndefinido: "una forma de pago",
    conArticuloDefinido: "La forma de pago",
    plural: "formas de pago",
  },
} as const satisfies Record<string, ConfigMaestro>;
