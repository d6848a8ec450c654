import { DomainError } from "../../errors/domain-error.js";
import type { AuthRepository } from "./auth.repository.js";

/** A key of the limit (`cuenta:<email>`, `ip:<ip>`, `totp:<id>`, …) and the attempts it allows. */
export type Limite = { clave: string; maximo: number };

/** The outcomes that are a failed attempt: it stays counted. Any other gives its attempt back. */
const FALLOS = new Set(["credenciales_invalidas", "codigo_incorrecto", "vale_invalido"]);

/**
 * Attempts limited per key in a window (sign-in, TOTP codes, reset links). An attempt is taken
 * before it is tried, in one statement that counts it (AuthRepository.tomarIntentos): of many
 * attempts arriving together, on one instance or several, only the allowed number are tried; the
 * rest are refused with 429 and counted nowhere. A failed attempt keeps its place in the window;
 * one that succeeds or is not judged (a TOTP code still to type, a 5xx) gives it back.
 */
export class LimiteIntentos {
  constructor(
    private readonly repo: AuthRepository,
    private readonly ventanaMs: number,
  ) {}

  async intentar<T>(
    limites: Limite[],
    opciones: { demasiados: () => DomainError; alRechazar?: () => Promise<void> },
    intento: () => Promise<T>,
  ): Promise<T> {
    const claves = limites.map((l) => l.clave);
    const contados = await this.repo.tomarIntentos(claves, this.ventanaMs);
    if (limites.some((l) => (contados.get(l.clave) ?? 0) > l.maximo)) {
      await this.repo.devolverIntentos(claves);
      await opciones.alRechazar?.();
      throw opciones.demasiados();
    }
    try {
      const resultado = await intento();
      await this.repo.devolverIntentos(claves);
      return resultado;
    } catch (err) {
      if (!(err instanceof DomainError && FALLOS.has(err.code))) {
        await this.repo.devolverIntentos(claves);
      }
      throw err;
    }
  }
}
