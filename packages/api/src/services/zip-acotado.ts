import { createInflateRaw } from "node:zlib";

/**
 * Reading a ZIP (an XLSX) that came from outside without trusting it: the sizes its central
 * directory declares are read before anything is inflated, and what is inflated is counted, so
 * a small file that inflates to hundreds of megabytes (a «zip bomb», or one that lies about its
 * sizes) stops at the limit instead of filling the memory.
 */

/** A file of the ZIP, as its central directory declares it. */
export type EntradaZip = {
  nombre: string;
  /** 0 stored, 8 deflated (the only two an XLSX uses). */
  metodo: 0 | 8;
  comprimido: number;
  tamanyo: number;
  /** Where its local header starts. */
  desplazamiento: number;
};

/** Bytes inflated so far by one reading: what a test (or a measurement) looks at. */
export type MedidaInflado = { inflados: number };

/** Why a ZIP is refused: not a ZIP we read, or more bytes inside than allowed. */
export class ZipRechazado extends Error {
  constructor(readonly motivo: "danyado" | "demasiado_grande") {
    super(motivo === "danyado" ? "ZIP dañado o no admitido" : "ZIP demasiado grande al inflarlo");
  }
}

const FIN_DIRECTORIO = 0x06054b50;
const ENTRADA_DIRECTORIO = 0x02014b50;
const CABECERA_LOCAL = 0x04034b50;
const COMENTARIO_MAX = 0xffff;

const danyado = () => new ZipRechazado("danyado");

/**
 * The files of the ZIP from its central directory. Refuses (danyado) what an XLSX never is: split
 * or ZIP64 archives, encrypted files, methods other than stored and deflated, records that point
 * outside the file.
 */
export function leerDirectorioZip(zip: Buffer): EntradaZip[] {
  const desde = Math.max(0, zip.length - 22 - COMENTARIO_MAX);
  let fin = -1;
  for (let i = zip.length - 22; i >= desde; i--) {
    if (zip.readUInt32LE(i) === FIN_DIRECTORIO) {
      fin = i;
      break;
    }
  }
  if (fin < 0) throw danyado();
  const disco = zip.readUInt16LE(fin + 4);
  const discoDirectorio = zip.readUInt16LE(fin + 6);
  const total = zip.readUInt16LE(fin + 10);
  const tamDirectorio = zip.readUInt32LE(fin + 12);
  const inicio = zip.readUInt32LE(fin + 16);
  if (disco !== 0 || discoDirectorio !== 0 || total === 0xffff || inicio === 0xffffffff) {
    throw danyado();
  }
  if (inicio + tamDirectorio > fin) throw danyado();

  const entradas: EntradaZip[] = [];
  let p = inicio;
  for (let n = 0; n < total; n++) {
    if (p + 46 > fin || zip.readUInt32LE(p) !== ENTRADA_DIRECTORIO) throw danyado();
    const marcas = zip.readUInt16LE(p + 8);
    const metodo = zip.readUInt16LE(p + 10);
    const comprimido = zip.readUInt32LE(p + 20);
    const tamanyo = zip.readUInt32LE(p + 24);
    const largoNombre = zip.readUInt16LE(p + 28);
    const largoExtra = zip.readUInt16LE(p + 30);
    const largoComentario = zip.readUInt16LE(p + 32);
    const desplazamiento = zip.readUInt32LE(p + 42);
    const cifrado = (marcas & 0x1) !== 0;
    const zip64 = [comprimido, tamanyo, desplazamiento].includes(0xffffffff);
    if (cifrado || zip64 || (metodo !== 0 && metodo !== 8)) throw danyado();
    if (desplazamiento + 30 + comprimido > inicio) throw danyado();
    const nombre = zip.toString("utf8", p + 46, p + 46 + largoNombre);
    entradas.push({ nombre, metodo, comprimido, tamanyo, desplazamiento });
    p += 46 + largoNombre + largoExtra + largoComentario;
  }
  return entradas;
}

/** Refuses (demasiado_grande) a ZIP whose files declare more than `max` bytes in all. */
export function exigirTamanyoDeclarado(entradas: EntradaZip[], max: number): void {
  const declarado = entradas.reduce((s, e) => s + e.tamanyo, 0);
  if (declarado > max) throw new ZipRechazado("demasiado_grande");
}

/**
 * The bytes of one file, inflated as they are read. Each chunk is counted in `medida`; past the
 * size the file declared, or past `max` for the whole reading, it stops (demasiado_grande), and a
 * file shorter than declared is refused too (danyado). Stopping the iteration stops inflating.
 */
export async function* inflarEntrada(
  zip: Buffer,
  entrada: EntradaZip,
  medida: MedidaInflado,
  max: number,
): AsyncGenerator<Buffer> {
  const p = entrada.desplazamiento;
  if (zip.readUInt32LE(p) !== CABECERA_LOCAL) throw danyado();
  const datos = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  const comprimidos = zip.subarray(datos, datos + entrada.comprimido);
  if (comprimidos.length !== entrada.comprimido) throw danyado();

  let propios = 0;
  const contar = (trozo: Buffer) => {
    propios += trozo.length;
    medida.inflados += trozo.length;
    if (propios > entrada.tamanyo || medida.inflados > max) {
      throw new ZipRechazado("demasiado_grande");
    }
  };
  if (entrada.metodo === 0) {
    contar(comprimidos);
    yield comprimidos;
  } else {
    const inflador = createInflateRaw({ chunkSize: 64 * 1024 });
    inflador.end(comprimidos);
    try {
      for await (const trozo of inflador) {
        contar(trozo);
        yield trozo;
      }
    } catch (error) {
      if (error instanceof ZipRechazado) throw error;
      throw danyado();
    } finally {
      inflador.destroy();
    }
  }
  if (propios !== entrada.tamanyo) throw danyado();
}

/** One file of the ZIP whole (small ones: the workbook, its relationships). */
export async function leerEntrada(
  zip: Buffer,
  entrada: EntradaZip,
  medida: MedidaInflado,
  max: number,
): Promise<Buffer> {
  const trozos: Buffer[] = [];
  for await (const trozo of inflarEntrada(zip, entrada, medida, max)) trozos.push(trozo);
  return Buffer.concat(trozos);
}
