import { type AnuncioVista, aEuros, sumarDias } from "@fila/domain";
import type { AnuncioGuardado } from "./anuncios.repository.js";

export const urlImagen = (idAnuncio: number, clave: string) =>
  `/api/anuncios/${idAnuncio}/imagenes/${clave}`;

/** An ad as everyone who may see it sees it (contact included: members sell to members). */
export function presentarAnuncio(a: AnuncioGuardado, dias: number): AnuncioVista {
  return {
    id: a.id,
    titulo: a.titulo,
    descripcion: a.descripcion,
    precio: aEuros(a.precio),
    imagenes: a.imagenes.map((clave) => urlImagen(a.id, clave)),
    etiquetas: a.etiquetas,
    destacado: a.destacado,
    fecha: a.fecha,
    contacto: { nombre: a.contactoNombre, email: a.contactoEmail, telefono: a.contactoTelefono },
    activo: a.activo,
    idSocio: a.idSocio,
    caduca: sumarDias(a.fecha, dias),
    nombreSocio: a.nombreSocio,
  };
}
