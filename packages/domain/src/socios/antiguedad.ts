import { calcularEdad } from "./edad";

/**
 * Un periodo del socio en la filà, de `desde` a `hasta` (`YYYY-MM-DD`; `hasta` null = sigue).
 * `infantil`: años de un tipo de socio que «cuenta como infantil» (se cuentan aparte).
 */
export interface PeriodoAntiguedad {
  desde: string;
  hasta: string | null;
  infantil: boolean;
}

/** Lo que hace falta de un socio para su antigüedad. */
export interface SocioAntiguedad {
  /** El contador del SPEC que el cierre de año incrementa. */
  edadFestera: number;
  /** Sus periodos en la filà; sin ellos (o vacíos) cuenta `edadFestera`. */
  periodos?: readonly PeriodoAntiguedad[] | null;
}

/**
 * Años de antigüedad como festero en `fecha` (`YYYY-MM-DD`): la función única que usan el censo
 * de la asamblea, los turnos de inscripción y las recompensas. Con periodos, los años cumplidos
 * en los periodos no infantiles hasta `fecha` (quien se va y vuelve conserva los anteriores);
 * sin periodos, `edadFestera`.
 */
export function antiguedadEn(socio: SocioAntiguedad, fecha: string): number {
  const periodos = socio.periodos ?? [];
  if (periodos.length === 0) return socio.edadFestera;
  return anyosEnPeriodos(
    periodos.filter((p) => !p.infantil),
    fecha,
  );
}

/** Años cumplidos sumando periodos: los años enteros de cada uno más los días sobrantes juntos. */
export function anyosEnPeriodos(periodos: readonly PeriodoAntiguedad[], fecha: string): number {
  let anyos = 0;
  let dias = 0;
  for (const p of periodos) {
    if (p.desde > fecha) continue;
    const fin = p.hasta !== null && p.hasta < fecha ? p.hasta : fecha;
    const enteros = calcularEdad(p.desde, fin) ?? 0;
    anyos += enteros;
    const aniversario = sumarAnyos(p.desde, enteros);
    dias += (Date.parse(`${fin}T00:00:00Z`) - Date.parse(`${aniversario}T00:00:00Z`)) / 86_400_000;
  }
  return anyos + Math.floor(dias / 365);
}

function sumarAnyos(fecha: string, anyos: number): string {
  const [a, m, d] = fecha.split("-").map(Number) as [number, number, number];
  const anyo = a + anyos;
  const ultimo = new Date(Date.UTC(anyo, m, 0)).getUTCDate();
  return `${String(anyo).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, ultimo)).padStart(2, "0")}`;
}
