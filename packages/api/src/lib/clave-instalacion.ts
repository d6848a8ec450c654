import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { ErrorDeArranque } from "../bootstrap/fallo-arranque.js";
import { leerBase64url } from "./base64url.js";

/**
 * The installation key (docs/adr/0015-clave-de-instalacion.md): 256 random bits that never go
 * into the database nor into a backup. From `FILA_CLAVE` (hexadecimal or base64) or from the
 * file `DATA_DIR/clave`, created with mode 0600 on the first start. Several instances on one
 * database must share it (the same FILA_CLAVE, or the same DATA_DIR).
 *
 * What it offers, each use with its own derived key (HKDF), so one use never helps to forge
 * another:
 * - `cifrar`/`descifrar`: secrets kept in the database (TOTP secrets), AES-256-GCM, as
 *   `v1.<base64url(iv | tag | ciphertext)>`. The `contexto` (e.g. `totp:<idUsuario>`) is
 *   authenticated with it, so a value copied to another row does not decrypt.
 * - `firmar`/`verificar`: URL-safe signed tokens (`<datos base64url>.<HMAC-SHA256 base64url>`)
 *   for values handed out and read back later: member cards, unsubscribe links. `proposito`
 *   names the use ("carnet", "baja-correo"…): a token of one use is not valid for another.
 *   `verificar` compares in constant time and returns the data, or null.
 * - `resumen`: a keyed hash (HMAC-SHA256, hex) of a value looked up by equality, such as a
 *   recovery code; without the key, a copy of the table does not let anyone test guesses.
 * - `huella`: a fingerprint of the key (not the key), kept in the database to notice data that
 *   was encrypted with another installation's key (a restore, a lost `DATA_DIR/clave`).
 */
export class ClaveInstalacion {
  static readonly PREFIJO_CIFRADO = "v1.";
  private readonly claveCifrar: Buffer;
  private readonly claveFirmar: Buffer;
  private readonly claveResumen: Buffer;
  readonly huella: string;

  constructor(maestra: Buffer) {
    if (maestra.length !== 32) throw new Error("La clave de instalación tiene 256 bits");
    const derivar = (uso: string) =>
      Buffer.from(hkdfSync("sha256", maestra, "", `fila:${uso}`, 32));
    this.claveCifrar = derivar("cifrar");
    this.claveFirmar = derivar("firmar");
    this.claveResumen = derivar("resumen");
    this.huella = derivar("huella").subarray(0, 16).toString("hex");
  }

  /** A new random key (tests, and the first start). */
  static nueva(): ClaveInstalacion {
    return new ClaveInstalacion(randomBytes(32));
  }

  static esCifrado(valor: string): boolean {
    return valor.startsWith(ClaveInstalacion.PREFIJO_CIFRADO);
  }

  cifrar(texto: string, contexto: string): string {
    const iv = randomBytes(12);
    const cifrador = createCipheriv("aes-256-gcm", this.claveCifrar, iv);
    cifrador.setAAD(Buffer.from(contexto));
    const cifrado = Buffer.concat([cifrador.update(texto, "utf8"), cifrador.final()]);
    const tag = cifrador.getAuthTag();
    return `${ClaveInstalacion.PREFIJO_CIFRADO}${Buffer.concat([iv, tag, cifrado]).toString("base64url")}`;
  }

  /** The text, or null when the value was not encrypted by this key for this context. */
  descifrar(valor: string, contexto: string): string | null {
    if (!ClaveInstalacion.esCifrado(valor)) return null;
    const datos = leerBase64url(valor.slice(ClaveInstalacion.PREFIJO_CIFRADO.length));
    if (!datos || datos.length < 28) return null;
    try {
      const descifrador = createDecipheriv("aes-256-gcm", this.claveCifrar, datos.subarray(0, 12));
      descifrador.setAAD(Buffer.from(contexto));
      descifrador.setAuthTag(datos.subarray(12, 28));
      return Buffer.concat([descifrador.update(datos.subarray(28)), descifrador.final()]).toString(
        "utf8",
      );
    } catch {
      return null;
    }
  }

  firmar(proposito: string, datos: string): string {
    const cuerpo = Buffer.from(datos, "utf8").toString("base64url");
    return `${cuerpo}.${this.mac(proposito, cuerpo).toString("base64url")}`;
  }

  /**
   * The signed data, or null when the token was not signed by this key for this purpose or is
   * not spelt exactly as `firmar` writes it (one token per data: an altered one is refused).
   */
  verificar(proposito: string, token: string): string | null {
    const [cuerpo, firma, ...resto] = token.split(".");
    if (cuerpo === undefined || firma === undefined || resto.length > 0) return null;
    const esperada = this.mac(proposito, cuerpo);
    const recibida = leerBase64url(firma);
    if (recibida?.length !== esperada.length || !timingSafeEqual(recibida, esperada)) return null;
    return leerBase64url(cuerpo)?.toString("utf8") ?? null;
  }

  resumen(proposito: string, datos: string): string {
    return createHmac("sha256", this.claveResumen).update(`${proposito}\0${datos}`).digest("hex");
  }

  private mac(proposito: string, cuerpo: string): Buffer {
    return createHmac("sha256", this.claveFirmar).update(`${proposito}\0${cuerpo}`).digest();
  }
}

/** The file written (mode 0600) and on disk before it is named. */
function escribirEnDisco(fichero: string, texto: string): void {
  const fd = openSync(fichero, "wx", 0o600);
  try {
    writeSync(fd, texto);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A folder's entries on disk (fsync of the folder). */
function sincronizarCarpeta(ruta: string): void {
  const fd = openSync(ruta, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The start stops with this when the data hold another key's fingerprint (docs/adr/0015): a
 * lost `DATA_DIR/clave` or a changed `FILA_CLAVE` would otherwise strip every account's
 * two-factor codes and kill every card and unsubscribe link without a word.
 */
export function errorClaveDistinta(dataDir: string): ErrorDeArranque {
  return new ErrorDeArranque(
    `los datos se escribieron con otra clave de instalación. Recupera el fichero DATA_DIR/clave (${path.join(dataDir, "clave")}) o la variable FILA_CLAVE con que funcionaba. Si esa clave se ha perdido para siempre, arranca con FILA_CLAVE_NUEVA=1: quien tenga la verificación en dos pasos tendrá que volver a configurarla y los carnés y enlaces de baja anteriores dejarán de valer.`,
  );
}

const NO_VALIDA =
  "la variable FILA_CLAVE no es una clave de 256 bits en hexadecimal (64 cifras) ni en base64. Genera una con «openssl rand -base64 32».";

/** 64 hexadecimal digits, or base64 / base64url of 32 bytes. */
function leerClave(texto: string): Buffer | null {
  const limpio = texto.trim();
  if (/^[0-9a-fA-F]{64}$/.test(limpio)) return Buffer.from(limpio, "hex");
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(limpio)) {
    const bytes = Buffer.from(limpio.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return null;
}

/**
 * The key of this installation: FILA_CLAVE when given (a bad one stops the start with one
 * Spanish sentence), else `DATA_DIR/clave`, created on the first start. Two processes starting
 * together on one DATA_DIR end with the same key: the file appears whole or not at all (link).
 */
export function cargarClaveInstalacion(opciones: {
  dataDir: string;
  filaClave?: string | null;
}): ClaveInstalacion {
  if (opciones.filaClave) {
    const clave = leerClave(opciones.filaClave);
    if (!clave) throw new ErrorDeArranque(NO_VALIDA);
    return new ClaveInstalacion(clave);
  }
  const fichero = path.join(opciones.dataDir, "clave");
  if (!existsSync(fichero)) {
    mkdirSync(opciones.dataDir, { recursive: true });
    const temporal = `${fichero}.${process.pid}-${randomBytes(4).toString("hex")}`;
    try {
      escribirEnDisco(temporal, `${randomBytes(32).toString("base64")}\n`);
      linkSync(temporal, fichero);
    } catch (err) {
      if ((err as { code?: string }).code !== "EEXIST") throw err;
    } finally {
      rmSync(temporal, { force: true });
    }
    // The new name on disk too: a key lost by a power cut after the first start stops the next.
    sincronizarCarpeta(opciones.dataDir);
  }
  const clave = leerClave(readFileSync(fichero, "utf8"));
  if (!clave) {
    throw new ErrorDeArranque(
      `el fichero ${fichero} no tiene una clave de instalación válida. Recupéralo de donde lo guardaste o da la clave con FILA_CLAVE.`,
    );
  }
  return new ClaveInstalacion(clave);
}
