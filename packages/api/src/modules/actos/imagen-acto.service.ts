import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { AlmacenArchivos, imagenAWebp } from "../../services/archivos.js";
import type { ActosRepository } from "./actos.repository.js";

const LADO_IMAGEN = 1600;
const MENSAJE_IMAGEN = "comun.imagen_no_valida";

/**
 * The image of an event, uploaded like a news cover: re-encoded to WebP and kept in
 * DATA_DIR/files/actos; the event's `imagen` then points at the authorised route.
 */
export class ImagenActoService {
  private readonly imagenes: AlmacenArchivos;

  constructor(
    private readonly repo: ActosRepository,
    dataDir: string,
  ) {
    this.imagenes = new AlmacenArchivos(dataDir, "actos");
  }

  async subir(idUsuario: number, id: number, contenido: Buffer): Promise<{ imagen: string }> {
    const antes = await this.repo.porId(id);
    if (!antes) throw noEncontrado("no_encontrado.acto");
    const webp = await imagenAWebp(contenido, LADO_IMAGEN);
    if (!webp) {
      throw new DomainError("imagen_no_valida", MENSAJE_IMAGEN, [
        { campo: "archivo", clave: MENSAJE_IMAGEN },
      ]);
    }
    await this.imagenes.guardar(`${id}.webp`, webp);
    const imagen = `/api/actos/${id}/imagen?v=${Date.now()}`;
    await this.repo.transaccion(async (repo) => {
      await repo.actualizar(id, { imagen });
      await repo.auditar({
        idUsuario,
        idEntidad: id,
        accion: "imagen",
        cambios: [{ campo: "imagen", antes: antes.imagen, despues: imagen }],
      });
    });
    return { imagen };
  }

  async borrar(idUsuario: number, id: number): Promise<void> {
    const antes = await this.repo.porId(id);
    if (!antes) throw noEncontrado("no_encontrado.acto");
    await this.repo.transaccion(async (repo) => {
      await repo.actualizar(id, { imagen: null });
      await repo.auditar({
        idUsuario,
        idEntidad: id,
        accion: "imagen",
        cambios: [{ campo: "imagen", antes: antes.imagen, despues: null }],
      });
    });
    await this.imagenes.borrar(`${id}.webp`);
  }

  /** Every signed-in member sees the events (Mis actos), and so their images. */
  async leer(id: number): Promise<Buffer> {
    const acto = await this.repo.porId(id);
    const contenido = acto?.imagen?.startsWith("/api/")
      ? await this.imagenes.leer(`${id}.webp`)
      : null;
    if (!contenido) throw noEncontrado("no_encontrado.imagen_acto");
    return contenido;
  }
}
