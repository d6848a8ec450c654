/**
 * Texts of the events module that a person reads outside an error (alerts, push, mail), with
 * `{{name}}` holes filled by `textoActos`.
 */
export const TEXTOS_ACTOS = {
  plazaTitulo: "Tienes plaza en {{acto}}",
  plazaMensaje:
    "{{socio}} ha salido de la lista de espera de {{acto}} ({{fecha}}) y ya tiene plaza. Si ya no podéis ir, cancela la inscripción en «Mis actos».",
} as const;

export function textoActos(
  clave: keyof typeof TEXTOS_ACTOS,
  valores: Record<string, string>,
): string {
  return TEXTOS_ACTOS[clave].replace(
    /\{\{(\w+)\}\}/g,
    (_, nombre: string) => valores[nombre] ?? "",
  );
}
