import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const ROLES_CUENTA = ["administrador", "usuario", "socio"] as const;
export type RolCuenta = (typeof ROLES_CUENTA)[number];

/** An item of GET /api/usuarios (docs/CONTRATO-SOCIOS.md, «Cuentas»). */
export type CuentaAcceso = {
  id: number;
  email: string;
  nombre: string;
  rol: RolCuenta;
  idSocio: number | null;
  activo: boolean;
  condicionesAceptadas: "si" | "no";
  invitacionPendiente: boolean;
  totpActivo: boolean;
  /** Its codes came from another installation's backup: an administrator may remove them. */
  totpRenovar: boolean;
};

type ListaCuentas = { items: CuentaAcceso[]; total: number; page: number; pageSize: number };

export const claveCuentaSocio = (idSocio: number) => ["usuarios", { idSocio }] as const;

/** The login account of a member, or null when it has none. */
export function useCuentaSocio(idSocio: number) {
  return useQuery({
    queryKey: claveCuentaSocio(idSocio),
    queryFn: async ({ signal }) => {
      const lista = await api.get<ListaCuentas>(`/usuarios?idSocio=${idSocio}`, signal);
      return lista.items[0] ?? null;
    },
    meta: { errorEnPagina: true },
  });
}
