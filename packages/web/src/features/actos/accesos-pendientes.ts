/**
 * Scans that could not reach the server (poor signal at the venue), kept in IndexedDB until
 * they are sent: they survive a reload or a closed tab. One object store, keyed by a local id.
 */
export type AccesoPendiente = {
  clave: string;
  idActo: number;
  codigo: string;
  leidoEn: number;
  /** A check-in at the door of a general assembly (issue 48), not the event's access. */
  idAsamblea?: number;
};

const BASE = "fila-accesos";
const ALMACEN = "pendientes";

function abrir(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const peticion = indexedDB.open(BASE, 1);
    peticion.onupgradeneeded = () => {
      peticion.result.createObjectStore(ALMACEN, { keyPath: "clave" });
    };
    peticion.onsuccess = () => resolve(peticion.result);
    peticion.onerror = () => reject(peticion.error);
  });
}

async function operar<T>(
  modo: IDBTransactionMode,
  hacer: (almacen: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await abrir();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(ALMACEN, modo);
      const peticion = hacer(tx.objectStore(ALMACEN));
      tx.oncomplete = () => resolve(peticion.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const guardarPendiente = (p: AccesoPendiente) =>
  operar("readwrite", (a) => a.put(p)).then(() => undefined);

export const quitarPendiente = (clave: string) =>
  operar("readwrite", (a) => a.delete(clave)).then(() => undefined);

export async function pendientesDe(idActo: number): Promise<AccesoPendiente[]> {
  const todos = (await operar("readonly", (a) => a.getAll())) as AccesoPendiente[];
  return todos
    .filter((p) => p.idActo === idActo && p.idAsamblea === undefined)
    .sort((a, b) => a.leidoEn - b.leidoEn);
}

/** The queued check-ins of an assembly's door, in reading order. */
export async function pendientesDeAsamblea(idAsamblea: number): Promise<AccesoPendiente[]> {
  const todos = (await operar("readonly", (a) => a.getAll())) as AccesoPendiente[];
  return todos.filter((p) => p.idAsamblea === idAsamblea).sort((a, b) => a.leidoEn - b.leidoEn);
}
