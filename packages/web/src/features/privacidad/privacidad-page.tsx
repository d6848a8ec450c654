import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { haySesion, useSesion } from "../../app/session-store";
import { PaginaTexto } from "../asociacion/pagina-texto";

export function PrivacidadPage() {
  const { t } = useTranslation();
  const sesion = useSesion();
  const conSesion = haySesion(sesion);
  const aceptadas = sesion.usuario.condicionesAceptadas === "si";
  const destino = !conSesion ? "/login" : aceptadas ? "/inicio" : "/condiciones";
  return (
    <PaginaTexto
      titulo={t("privacidad.titulo")}
      campo="privacidad"
      despues={
        <Group justify="flex-end" mt="md">
          <Button component={Link} to={destino} variant="light">
            {!conSesion
              ? t("comun.volverAEntrar")
              : aceptadas
                ? t("comun.volverAlInicio")
                : t("condiciones.titulo")}
          </Button>
        </Group>
      }
    />
  );
}
