import { ErrorHttp, mensajeDeError } from "@fila/domain";

export type ErroresServidor = {
  /** The server's sentence for the person (or the SPEC §8 message). */
  general: string;
  /** Field path → Spanish message, for the fields the form has. */
  campos: Record<string, string>;
  /** Messages whose field the form does not show, so they are not lost. */
  otros: string[];
};

function detallesDe(error: unknown): { campo: string; mensaje: string }[] {
  if (!(error instanceof ErrorHttp)) return [];
  const cuerpo = error.cuerpo as { detalles?: unknown } | null;
  if (!cuerpo || !Array.isArray(cuerpo.detalles)) return [];
  return cuerpo.detalles.filter(
    (d): d is { campo: string; mensaje: string } =>
      typeof d === "object" &&
      d !== null &&
      typeof (d as { campo?: unknown }).campo === "string" &&
      typeof (d as { mensaje?: unknown }).mensaje === "string",
  );
}

/**
 * Maps an API error to form errors: each `detalles[].campo` goes to the form field of the same
 * name (`tipo.id` or `body.nif` also reach `tipo` and `nif`); the first message of a field wins.
 */
export function erroresDeServidor(
  error: unknown,
  camposDelFormulario: readonly string[],
): ErroresServidor {
  const conocidos = new Set(camposDelFormulario);
  const campos: Record<string, string> = {};
  const otros: string[] = [];
  for (const { campo, mensaje } of detallesDe(error)) {
    const partes = campo.split(".").filter((p) => p !== "body");
    const destino = [partes.join("."), partes[0]].find((c) => c !== undefined && conocidos.has(c));
    if (destino === undefined) otros.push(mensaje);
    else if (!(destino in campos)) campos[destino] = mensaje;
  }
  return { general: mensajeDeError(error), campos, otros };
}
