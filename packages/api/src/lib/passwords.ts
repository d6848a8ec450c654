import { hash, verify } from "@node-rs/argon2";

// argon2id with the OWASP minimum parameters (m=19 MiB, t=2, p=1).
const OPCIONES = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPCIONES);
}

let hashFicticio: Promise<string> | null = null;

/** Verifies against the stored hash, or against a dummy one so an unknown account costs the same. */
export async function verificarPassword(
  almacenado: string | null,
  password: string,
): Promise<boolean> {
  if (!almacenado) {
    hashFicticio ??= hash("contraseña-ficticia-para-igualar-tiempos", OPCIONES);
    await verify(await hashFicticio, password).catch(() => false);
    return false;
  }
  return verify(almacenado, password).catch(() => false);
}
