import { homeDeRol } from "@fila/domain";
import { Navigate } from "react-router";
import { useSesion } from "../../app/session-store";

/** `inicio` is the role's home. */
export function InicioPage() {
  const { usuario } = useSesion();
  return <Navigate to={`/${homeDeRol(usuario.rol)}`} replace />;
}
