import type { Idioma } from "@fila/domain";

/**
 * Texts of the events module that a person reads outside an error (alerts, push, mail), in each
 * language (issue 38), with `{{name}}` holes filled by `textoActos`.
 */
export const TEXTOS_ACTOS = {
  es: {
    plazaTitulo: "Tienes plaza en {{acto}}",
    plazaMensaje:
      "{{socio}} ha salido de la lista de espera de {{acto}} ({{fecha}}) y ya tiene plaza. Si ya no podéis ir, cancela la inscripción en «Mis actos».",
    plazoTitulo: "Paga {{acto}} antes de las {{hora}}",
    plazoMensaje:
      "La inscripción de {{socio}} en {{acto}} está sin pagar: si no se paga antes del {{plazo}}, se pierde la plaza. Págala en línea desde «Mis pagos».",
    caducadaTitulo: "Plaza perdida en {{acto}}",
    caducadaMensaje:
      "La inscripción de {{socio}} en {{acto}} no se pagó a tiempo ({{plazo}}): se ha anulado el cargo y la plaza ha pasado a la lista de espera.",
    cancelada_sin_cargo: "Inscripción cancelada.",
    cancelada_anulado: "Inscripción cancelada y cargo anulado.",
    cancelada_pagado:
      "Inscripción cancelada. El cargo ya estaba pagado y se conserva: gestiona la devolución en pagos.",
    cancelada_en_remesa:
      "Inscripción cancelada. El cargo ya está en una remesa y se conserva: se cobra o se devuelve desde la remesa.",
    cancelada_pagado_en_parte:
      "Inscripción cancelada y anulado lo que quedaba por pagar. Ya se habían pagado {{pagado}}, que se conservan como pagados: hay que devolverlos al festero (gestiona la devolución en pagos).",
    devolucionesTitulo: "Devoluciones de {{acto}}, cancelado",
    devolucionesMensaje:
      "Se ha cancelado {{acto}} ({{fecha}}) y se ha anulado lo que quedaba por pagar. Lo ya cobrado no se anula: hay que devolverlo a estos socios (gestiona la devolución en pagos).\n{{lista}}",
    devolucionPagado: "{{socio}}: {{pagado}} pagados, a devolver",
    devolucionEnRemesa:
      "{{socio}}: {{importe}} en una remesa aún sin cobrar (se cobra o se devuelve desde la remesa)",
    devolucionesMas: "… y {{n}} más.",
  },
  va: {
    plazaTitulo: "Tens plaça en {{acto}}",
    plazaMensaje:
      "{{socio}} ha eixit de la llista d'espera de {{acto}} ({{fecha}}) i ja té plaça. Si ja no podeu anar-hi, cancel·la la inscripció en «Els meus actes».",
    plazoTitulo: "Paga {{acto}} abans de les {{hora}}",
    plazoMensaje:
      "La inscripció de {{socio}} en {{acto}} està sense pagar: si no es paga abans del {{plazo}}, es perd la plaça. Paga-la en línia des de «Els meus pagaments».",
    caducadaTitulo: "Plaça perduda en {{acto}}",
    caducadaMensaje:
      "La inscripció de {{socio}} en {{acto}} no es va pagar a temps ({{plazo}}): s'ha anul·lat el càrrec i la plaça ha passat a la llista d'espera.",
    cancelada_sin_cargo: "Inscripció cancel·lada.",
    cancelada_anulado: "Inscripció cancel·lada i càrrec anul·lat.",
    cancelada_pagado:
      "Inscripció cancel·lada. El càrrec ja estava pagat i es conserva: gestiona la devolució en pagaments.",
    cancelada_en_remesa:
      "Inscripció cancel·lada. El càrrec ja està en una remesa i es conserva: es cobra o es torna des de la remesa.",
    cancelada_pagado_en_parte:
      "Inscripció cancel·lada i anul·lat el que quedava per pagar. Ja s'havien pagat {{pagado}}, que es conserven com a pagats: cal tornar-los al fester (gestiona la devolució en pagaments).",
    devolucionesTitulo: "Devolucions de {{acto}}, cancel·lat",
    devolucionesMensaje:
      "S'ha cancel·lat {{acto}} ({{fecha}}) i s'ha anul·lat el que quedava per pagar. El que ja s'ha cobrat no s'anul·la: cal tornar-ho a aquests socis (gestiona la devolució en pagaments).\n{{lista}}",
    devolucionPagado: "{{socio}}: {{pagado}} pagats, a tornar",
    devolucionEnRemesa:
      "{{socio}}: {{importe}} en una remesa encara sense cobrar (es cobra o es torna des de la remesa)",
    devolucionesMas: "… i {{n}} més.",
  },
} as const satisfies Record<Idioma, Record<string, string>>;

export function textoActos(
  clave: keyof (typeof TEXTOS_ACTOS)["es"],
  valores: Record<string, string> = {},
  idioma: Idioma = "es",
): string {
  return TEXTOS_ACTOS[idioma][clave].replace(
    /\{\{(\w+)\}\}/g,
    (_, nombre: string) => valores[nombre] ?? "",
  );
}
