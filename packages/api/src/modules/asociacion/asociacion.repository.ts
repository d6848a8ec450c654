import type { Database } from "../../db/database.js";

export type FilaAsociacion = {
  nombre: string;
  cif: string;
  direccion: string;
  poblacion: string;
  cod_postal: string;
  provincia: string;
  telefono: string;
  email: string;
  iban: string;
  bic: string;
  sufijo_acreedor: string;
  nombre_corto: string;
  color: string;
};

const COLUMNAS = [
  "nombre",
  "cif",
  "direccion",
  "poblacion",
  "cod_postal",
  "provincia",
  "telefono",
  "email",
  "iban",
  "bic",
  "sufijo_acreedor",
  "nombre_corto",
  "color",
] as const;

/** The one association row (id 1): its identity and bank settings. */
export class AsociacionRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: AsociacionRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new AsociacionRepository(tx), tx));
  }

  async datos(bloquear = false): Promise<FilaAsociacion> {
    let consulta = this.db.selectFrom("asociacion").select(COLUMNAS).where("id", "=", 1);
    if (bloquear) consulta = consulta.forUpdate();
    return consulta.executeTakeFirstOrThrow();
  }

  async guardar(datos: FilaAsociacion): Promise<void> {
    await this.db.updateTable("asociacion").set(datos).where("id", "=", 1).execute();
  }

  async textos(bloquear = false) {
    let consulta = this.db
      .selectFrom("asociacion")
      .select([
        "nombre",
        "texto_condiciones",
        "texto_privacidad",
        "texto_condiciones_va",
        "texto_privacidad_va",
        "version_condiciones",
        "logo_actualizado_en",
      ])
      .where("id", "=", 1);
    if (bloquear) consulta = consulta.forUpdate();
    return consulta.executeTakeFirstOrThrow();
  }

  async guardarTextos(datos: {
    texto_condiciones: string;
    texto_privacidad: string;
    texto_condiciones_va: string;
    texto_privacidad_va: string;
    version_condiciones: string;
  }): Promise<void> {
    await this.db.updateTable("asociacion").set(datos).where("id", "=", 1).execute();
  }

  async logo(): Promise<Uint8Array | null> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select("logo")
      .where("id", "=", 1)
      .executeTakeFirst();
    return fila?.logo ?? null;
  }

  async guardarLogo(png: Buffer | null): Promise<void> {
    await this.db
      .updateTable("asociacion")
      .set({ logo: png, logo_actualizado_en: png ? new Date() : null })
      .where("id", "=", 1)
      .execute();
  }
}
