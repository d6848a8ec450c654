import type { Database } from "../../db/database.js";
import { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { TotpRepository } from "./totp.repository.js";
import { contextoSecreto } from "./totp.service.js";

/** What putting the secrets in order did. */
export type SecretosAlDia = {
  /** Secrets found in clear (older data, an older backup) and encrypted now. */
  cifrados: number;
  /**
   * Accounts whose TOTP secret was encrypted with another installation's key: cleared; those
   * that had TOTP on must set it up again before doing anything else.
   */
  totpPorConfigurar: number;
};

/**
 * Puts the stored secrets in order with this installation's key (docs/adr/0015): run after the
 * migrations at every start and after every restore, since either may bring data written before
 * secrets were encrypted or under another key. Idempotent: a value in clear is told from an
 * encrypted one by its prefix, and when the key's fingerprint stored with the data is this key's,
 * the encrypted ones are left alone. One transaction, with the association's row locked, so
 * instances starting together do it one at a time.
 */
export function ponerSecretosAlDia(db: Database, clave: ClaveInstalacion): Promise<SecretosAlDia> {
  return new TotpRepository(db).transaccion(async (repo) => {
    const huella = await repo.bloquearHuellaClave();
    const mismaClave = huella === clave.huella;
    const resultado: SecretosAlDia = { cifrados: 0, totpPorConfigurar: 0 };
    const prefijo = { prefijoCifrado: ClaveInstalacion.PREFIJO_CIFRADO };
    const filas = await repo.secretos(mismaClave ? prefijo : null);
    for (const fila of filas) {
      const contexto = contextoSecreto(fila.id);
      if (!ClaveInstalacion.esCifrado(fila.totpSecreto)) {
        await repo.guardarSecreto(fila.id, clave.cifrar(fila.totpSecreto, contexto));
        resultado.cifrados += 1;
      } else if (clave.descifrar(fila.totpSecreto, contexto) === null) {
        await repo.desactivar(fila.id, fila.totpActivo);
        await repo.auditar({
          idUsuario: null,
          entidad: "usuario",
          idEntidad: fila.id,
          accion: "renovar_totp",
        });
        if (fila.totpActivo) resultado.totpPorConfigurar += 1;
      }
    }
    // Written once there are secrets to vouch for: data without any stays as it came.
    if (!mismaClave && filas.length > 0) await repo.fijarHuellaClave(clave.huella);
    return resultado;
  });
}
