import { leerUsuarioSesion, type UsuarioSesion, usuarioSesionPorDefecto } from "@fila/domain";
import { useSyncExternalStore } from "react";
import { borrar, CLAVES, escribir, leer, vaciarLocal } from "../lib/storage";

export type Sesion = { token: string | null; usuario: UsuarioSesion };

/** The fields of the session user kept under the `user` key (SPEC §4). */
function paraGuardar(usuario: UsuarioSesion) {
  const { id, nombre, email, rol, socioId, condicionesAceptadas } = usuario;
  return { id, nombre, email, rol, socioId, condicionesAceptadas };
}

function cargar(): Sesion {
  const token = leer("local", CLAVES.token);
  const guardado = leer("local", CLAVES.user);
  let datos: unknown = null;
  try {
    datos = guardado ? JSON.parse(guardado) : null;
  } catch {
    datos = null;
  }
  const usuario = leerUsuarioSesion(datos);
  if (!token || usuario.rol === "ninguno")
    return { token: null, usuario: usuarioSesionPorDefecto() };
  return { token, usuario };
}

let estado: Sesion = cargar();
const oyentes = new Set<() => void>();

function publicar(nuevo: Sesion): void {
  estado = nuevo;
  for (const oyente of oyentes) oyente();
}

function guardarUsuario(usuario: UsuarioSesion): void {
  // A logged-out user is not written back, so that logout leaves local storage empty.
  if (usuario.rol === "ninguno") borrar("local", CLAVES.user);
  else escribir("local", CLAVES.user, JSON.stringify(paraGuardar(usuario)));
}

export const sesionStore = {
  obtener: (): Sesion => estado,

  suscribir(oyente: () => void): () => void {
    oyentes.add(oyente);
    return () => oyentes.delete(oyente);
  },

  iniciar(token: string, usuario: UsuarioSesion): void {
    escribir("local", CLAVES.token, token);
    guardarUsuario(usuario);
    publicar({ token, usuario });
  },

  actualizarUsuario(usuario: UsuarioSesion): void {
    if (estado.token === null) return;
    guardarUsuario(usuario);
    publicar({ ...estado, usuario });
  },

  /** Forgets token and user (failed login, 401). */
  limpiar(): void {
    borrar("local", CLAVES.token);
    borrar("local", CLAVES.user);
    if (estado.token === null && estado.usuario.rol === "ninguno") return;
    publicar({ token: null, usuario: usuarioSesionPorDefecto() });
  },

  /** Logout: all local storage goes, the user returns to the default. */
  cerrar(): void {
    vaciarLocal();
    publicar({ token: null, usuario: usuarioSesionPorDefecto() });
  },

  /** Another tab signed in or out. */
  recargar(): void {
    const nuevo = cargar();
    if (nuevo.token !== estado.token || nuevo.usuario.rol !== estado.usuario.rol) publicar(nuevo);
  },
};

export function haySesion(sesion: Sesion): boolean {
  return sesion.token !== null && sesion.usuario.rol !== "ninguno";
}

export function useSesion(): Sesion {
  return useSyncExternalStore(sesionStore.suscribir, sesionStore.obtener);
}
