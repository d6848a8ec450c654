// The size of the demo filà (issue 51): DEMO_SOCIOS × DEMO_ANYOS, read by the config. No imports,
// so that config.ts does not load the seeds.

/** The size of the demo filà. */
export type TamanyoDemo = { socios: number; anyos: number };

export const TAMANYO_DEMO_POR_DEFECTO: TamanyoDemo = { socios: 300, anyos: 1 };

/** DEMO_SOCIOS and DEMO_ANYOS; unset or invalid, the default (300 × 1). */
export function tamanyoDemo(env: NodeJS.ProcessEnv = process.env): TamanyoDemo {
  const numero = (texto: string | undefined, defecto: number, max: number) => {
    const n = Number(texto?.trim() || defecto);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : defecto;
  };
  return {
    socios: Math.max(
      TAMANYO_DEMO_POR_DEFECTO.socios,
      numero(env.DEMO_SOCIOS, TAMANYO_DEMO_POR_DEFECTO.socios, 100_000),
    ),
    anyos: numero(env.DEMO_ANYOS, TAMANYO_DEMO_POR_DEFECTO.anyos, 40),
  };
}

export const esTamanyoPorDefecto = (t: TamanyoDemo) =>
  t.socios <= TAMANYO_DEMO_POR_DEFECTO.socios && t.anyos <= TAMANYO_DEMO_POR_DEFECTO.anyos;
