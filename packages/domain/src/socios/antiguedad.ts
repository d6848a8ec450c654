import { type CargoConPeso, pesoCargosHasta } from "../estructura/reglas";
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

/**
 * Años cumplidos sumando periodos: los años enteros de cada uno más los días sobrantes juntos
 * (cada 365 días sobrantes, un año más). Un periodo solo nunca da más que `calcularEdad`: quien
 * entró un 29 de febrero cumple en los años no bisiestos el 1 de marzo, y los días sobrantes de
 * un periodo se quedan en 364 como mucho (un año bisiesto no adelanta el aniversario).
 * `hasta` es el día de la baja: de `desde` a `hasta` cuenta como de un cumpleaños al siguiente.
 */
export function anyosEnPeriodos(periodos: readonly PeriodoAntiguedad[], fecha: string): number {
  let anyos = 0;
  let dias = 0;
  for (const p of periodos) {
    if (p.desde > fecha) continue;
    const fin = p.hasta !== null && p.hasta < fecha ? p.hasta : fecha;
    if (fin < p.desde) continue;
    const enteros = calcularEdad(p.desde, fin) ?? 0;
    anyos += enteros;
    const aniversario = sumarAnyos(p.desde, enteros);
    const sobrantes =
      (Date.parse(`${fin}T00:00:00Z`) - Date.parse(`${aniversario}T00:00:00Z`)) / 86_400_000;
    dias += Math.min(Math.max(sobrantes, 0), 364);
  }
  return anyos + Math.floor(dias / 365);
}

/** `fecha` más `anyos` años; un 29 de febrero cae en los años no bisiestos el 1 de marzo. */
function sumarAnyos(fecha: string, anyos: number): string {
  const [a, m, d] = fecha.split("-").map(Number) as [number, number, number];
  const anyo = a + anyos;
  const ultimo = new Date(Date.UTC(anyo, m, 0)).getUTCDate();
  const [mes, dia] = d > ultimo ? [m + 1, 1] : [m, d];
  return `${String(anyo).padStart(4, "0")}-${String(mes).padStart(2, "0")}-${String(dia).padStart(2, "0")}`;
}

/** La antigüedad de un socio desglosada (`GET /api/socios/:id/antiguedad`). */
export interface DetalleAntiguedad {
  /** Años como festero (periodos no infantiles); sin periodos, `edadFestera`. */
  festero: number;
  /** Años en un tipo de socio que «cuenta como infantil». */
  infantil: number;
  /** Años que cuentan para las recompensas: los de festero más el peso de los cargos. */
  recompensas: number;
  /** Desde cuándo es festero: el comienzo del primer periodo no infantil (null: sin ninguno). */
  desde: string | null;
  /** La primera entrada en la filà, infantil o no (null: sin periodos). */
  primeraEntrada: string | null;
}

/**
 * Años que cuentan para las recompensas en `fecha`: los de festero más los años extra de los
 * cargos hasta `fecha` (`pesoCargosHasta` de la estructura: cada año, el cargo de más peso).
 * Sin periodos, `edadFestera` más esos años.
 */
export function anyosParaRecompensas(
  socio: SocioAntiguedad,
  cargos: readonly CargoConPeso[],
  fecha: string,
): number {
  return antiguedadEn(socio, fecha) + pesoCargosHasta(cargos, fecha);
}

/** El desglose de la antigüedad de un socio en `fecha`. */
export function detalleAntiguedad(
  socio: SocioAntiguedad,
  cargos: readonly CargoConPeso[],
  fecha: string,
): DetalleAntiguedad {
  const periodos = [...(socio.periodos ?? [])].sort((a, b) => (a.desde < b.desde ? -1 : 1));
  return {
    festero: antiguedadEn(socio, fecha),
    infantil: anyosEnPeriodos(
      periodos.filter((p) => p.infantil),
      fecha,
    ),
    recompensas: anyosParaRecompensas(socio, cargos, fecha),
    desde: periodos.find((p) => !p.infantil)?.desde ?? null,
    primeraEntrada: periodos[0]?.desde ?? null,
  };
}

/**
 * Si una recompensa de `umbral` años vence en `anyo`: quien llega a ellos entre el 1 de enero y
 * el 31 de diciembre de ese año (a 31 de diciembre del anterior aún no los tenía). `contar` da
 * los años que cuentan en una fecha.
 */
export function venceEnAnyo(
  umbral: number,
  anyo: number,
  contar: (fecha: string) => number,
): boolean {
  return contar(`${anyo}-12-31`) >= umbral && contar(`${anyo - 1}-12-31`) < umbral;
}

/**
 * El primer par de periodos que se solapan (o un periodo que acaba antes de empezar), para
 * rechazar una edición: dos periodos pueden tocarse (la baja y la vuelta el mismo día).
 */
export function problemaPeriodos(
  periodos: readonly Pick<PeriodoAntiguedad, "desde" | "hasta">[],
): string | null {
  const orden = [...periodos].sort((a, b) => (a.desde < b.desde ? -1 : 1));
  for (const [i, p] of orden.entries()) {
    if (p.hasta !== null && p.hasta < p.desde) {
      return "Un periodo no puede acabar antes de empezar.";
    }
    const siguiente = orden[i + 1];
    if (siguiente && (p.hasta === null || p.hasta > siguiente.desde)) {
      return "Los periodos de un socio no pueden solaparse.";
    }
  }
  return null;
}
