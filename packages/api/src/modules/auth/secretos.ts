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
 * secrets were encrypted or under another key. Every stored secret is tried (a few hundred at
 * most): one in clear is encrypted, one this key cannot decrypt is cleared and its account must
 * set TOTP up again. Then the key's fingerprint is stored with the data, also when there are no
 * secrets (cards and unsubscribe links are signed with the key too). Idempotent. One
 * transaction, with the association's row locked, so instances starting together do it one at a
 * time.
 *
 * `pararSiOtraClave`: the start without FILA_CLAVE_NUEVA. When the data hold another key's
 * fingerprint, its error is thrown before anything changes.
 */
export function ponerSecretosAlDia(
  db: Database,
  clave: ClaveInstalacion,
  pararSiOtraClave?: () => Error,
): Promise<SecretosAlDia> {
  return new TotpRepository(db).transaccion(async (repo) => {
    const huella = await repo.bloquearHuellaClave();
    if (huella !== null && huella !== clave.huella && pararSiOtraClave) throw pararSiOtraClave();
    const resultado: SecretosAlDia = { cifrados: 0, totpPorConfigurar: 0 };
    for (const fila of await repo.secretos()) {
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
    if (huella !== clave.huella) await repo.fijarHuellaClave(clave.huella);
    return resultado;
  });
}
