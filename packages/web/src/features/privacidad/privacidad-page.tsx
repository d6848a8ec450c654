import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { haySesion, useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
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
        <>
          <AnaliticaEnPrivacidad />
          <Group justify="flex-end" mt="md">
            <Button component={Link} to={destino} variant="light">
              {!conSesion
                ? t("comun.volverAEntrar")
                : aceptadas
                  ? t("comun.volverAlInicio")
                  : t("condiciones.titulo")}
            </Button>
          </Group>
        </>
      }
    />
  );
}

/** What the first-party analytics counts, whatever the association's own privacy text says. */
function AnaliticaEnPrivacidad() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="privacidad-analitica" mt="md">
      <Title order={2} size="h3" id="privacidad-analitica">
        {t("privacidad.analitica.titulo")}
      </Title>
      <Text>{t("privacidad.analitica.texto1")}</Text>
      <Text>{t("privacidad.analitica.texto2")}</Text>
      <Text>{t("privacidad.analitica.texto3")}</Text>
    </Stack>
  );
}
