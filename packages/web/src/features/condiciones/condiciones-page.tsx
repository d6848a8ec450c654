import { homeDeRol, leerUsuarioSesion, mensajeDeError } from "@fila/domain";
import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { haySesion, sesionStore, useSesion } from "../../app/session-store";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { PaginaTexto } from "../asociacion/pagina-texto";
import { destinoTrasEntrar, sigueDondeEntro } from "../cuenta/destino-tras-entrar";

/**
 * The association's terms. A signed-in person who has not accepted them yet lands here and
 * can do nothing else until pressing "Acepto las condiciones".
 */
export function CondicionesPage() {
  const { t } = useTranslation();
  const sesion = useSesion();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const conSesion = haySesion(sesion);
  const debeAceptar = conSesion && sesion.usuario.condicionesAceptadas !== "si";

  async function aceptar() {
    setError(null);
    setEnviando(true);
    try {
      const respuesta = await api.post<unknown>("/login/condiciones", { id: sesion.usuario.id });
      const actualizado = leerUsuarioSesion({
        ...sesion.usuario,
        ...(typeof respuesta === "object" && respuesta !== null ? respuesta : {}),
        condicionesAceptadas: "si",
      });
      sesionStore.actualizarUsuario(actualizado);
      // An administrator who must turn on two-factor codes goes to set them up now.
      const home = `/${homeDeRol(actualizado.rol)}`;
      const destino = await destinoTrasEntrar(actualizado.rol, home);
      if (sigueDondeEntro(home, ["/condiciones"])) await navigate(destino, { replace: true });
    } catch (e) {
      setError(mensajeDeError(e));
      setEnviando(false);
    }
  }

  return (
    <PaginaTexto
      titulo={t("condiciones.titulo")}
      campo="condiciones"
      subtitulo={(textos) =>
        textos.versionCondiciones !== null && textos.versionCondiciones !== "" ? (
          <Text size="sm" c="dimmed">
            {t("condiciones.version", { version: textos.versionCondiciones })}
          </Text>
        ) : null
      }
      antes={
        debeAceptar ? (
          <Alert color="blue" variant="light" role="note">
            {t("condiciones.debesAceptar")}
          </Alert>
        ) : null
      }
      despues={
        <>
          {error ? (
            <Alert role="alert" color="red" title={t("condiciones.tituloError")}>
              {error}
            </Alert>
          ) : null}
          <Group justify="space-between" mt="md">
            <Anchor component={Link} to="/privacidad" size="sm">
              {t("condiciones.verPrivacidad")}
            </Anchor>
            {debeAceptar ? (
              <Button
                leftSection={<IconCheck size={18} aria-hidden />}
                loading={enviando}
                onClick={aceptar}
              >
                {t("condiciones.aceptar")}
              </Button>
            ) : (
              <Button component={Link} to={conSesion ? "/inicio" : "/login"} variant="light">
                {conSesion ? t("comun.volverAlInicio") : t("comun.volverAEntrar")}
              </Button>
            )}
          </Group>
        </>
      }
    />
  );
}
