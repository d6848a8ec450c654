import type { Idioma } from "@fila/domain";

/**
 * Texts of the online payment that a person reads outside an error (the receipt mail, the
 * board's alerts, the bank's page), in each language, with `{{name}}` holes filled by
 * `textoPagoOnline`. Money and dates are written es-ES in both.
 */
export const TEXTOS_PAGO_ONLINE = {
  es: {
    descripcion: "Cuotas de la filà (pedido {{numero}})",
    reciboAsunto: "Recibo de tu pago en línea (pedido {{numero}})",
    reciboSaludo: "Hola, {{socio}}:",
    reciboRecibido:
      "Hemos recibido tu pago de {{importe}} (pedido {{numero}}, autorización {{autorizacion}}).",
    reciboAdjuntos: "Te adjuntamos los recibos. También puedes descargarlos en Mis pagos.",
    duplicadoTitulo: "Pago duplicado",
    duplicadoMensaje:
      "El pedido en línea {{numero}} ha pagado cargos que ya estaban pagados, anulados o en una remesa ({{cargos}}). Hay que devolver {{total}} al festero.",
    duplicadoCargo: "cargo {{id}}: {{importe}}",
    parcialTitulo: "Pago en línea por menos del cargo",
    parcialMensaje:
      "El pedido en línea {{numero}} se pidió antes de que subieran sus cargos (una inscripción con más invitados): el banco ha cobrado lo que llevaba el pedido y el resto sigue pendiente ({{cargos}}).",
    parcialCargo: "cargo {{id}}: pagados {{pagado}}, quedan {{resto}} pendientes",
    pruebaRealTitulo: "Pago real notificado en modo de pruebas",
    pruebaRealMensaje:
      "El banco ha notificado como autorizado el pedido en línea {{numero}} ({{importe}}), que se hizo para cobrar de verdad, mientras el pago en línea está en modo de pruebas (dirección o clave de pruebas de Redsys): no se ha dado por pagado ningún cargo ({{cargos}}). Comprobad en el banco si se ha cobrado: si es así, registrad el cobro a mano en pagos. Y volved a poner la configuración real.",
  },
  va: {
    descripcion: "Quotes de la filà (comanda {{numero}})",
    reciboAsunto: "Rebut del teu pagament en línia (comanda {{numero}})",
    reciboSaludo: "Hola, {{socio}}:",
    reciboRecibido:
      "Hem rebut el teu pagament de {{importe}} (comanda {{numero}}, autorització {{autorizacion}}).",
    reciboAdjuntos: "T'adjuntem els rebuts. També pots descarregar-los en Els meus pagaments.",
    duplicadoTitulo: "Pagament duplicat",
    duplicadoMensaje:
      "La comanda en línia {{numero}} ha pagat càrrecs que ja estaven pagats, anul·lats o en una remesa ({{cargos}}). Cal tornar {{total}} al fester.",
    duplicadoCargo: "càrrec {{id}}: {{importe}}",
    parcialTitulo: "Pagament en línia per menys del càrrec",
    parcialMensaje:
      "La comanda en línia {{numero}} es va fer abans que pujaren els seus càrrecs (una inscripció amb més convidats): el banc ha cobrat el que duia la comanda i la resta continua pendent ({{cargos}}).",
    parcialCargo: "càrrec {{id}}: pagats {{pagado}}, en queden {{resto}} pendents",
    pruebaRealTitulo: "Pagament real notificat en mode de proves",
    pruebaRealMensaje:
      "El banc ha notificat com a autoritzada la comanda en línia {{numero}} ({{importe}}), que es va fer per a cobrar de veritat, mentre el pagament en línia està en mode de proves (adreça o clau de proves de Redsys): no s'ha donat per pagat cap càrrec ({{cargos}}). Comproveu en el banc si s'ha cobrat: si és així, registreu el cobrament a mà en pagaments. I torneu a posar la configuració real.",
  },
} as const satisfies Record<Idioma, Record<string, string>>;

export type ClaveTextoPagoOnline = keyof (typeof TEXTOS_PAGO_ONLINE)["es"];

export function textoPagoOnline(
  clave: ClaveTextoPagoOnline,
  valores: Record<string, string | number>,
  idioma: Idioma = "es",
): string {
  return TEXTOS_PAGO_ONLINE[idioma][clave].replace(/\{\{(\w+)\}\}/g, (_, nombre: string) =>
    String(valores[nombre] ?? ""),
  );
}

/**
 * Ds_Merchant_ConsumerLanguage: the bank's page in Spanish (001) or Valencian (010). Redsys's
 * table of languages has both Catalan (003) and Valencian (010): a Valencian account gets 010.
 */
export const IDIOMA_REDSYS: Record<Idioma, string> = { es: "001", va: "010" };
