import { homeDeRol } from "@fila/domain";
import { Alert, Button, Center, Container, Loader, Stack, Text } from "@mantine/core";
import { Navigate } from "react-router";
import { useTranslation } from "../lib/i18n";
import { useQuitarArranque } from "./arranque";
import { haySesion, useSesion } from "./session-store";

export function CargandoPagina() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh">
      <Loader aria-label={t("app.cargando")} />
    </Center>
  );
}

/** Shown when a page cannot render (most often: its code changed with a new deployment). */
export function ErrorDeRuta() {
  const { t } = useTranslation();
  useQuitarArranque();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t("errores.pagina")}>
        <Stack align="flex-start">
          <Text size="sm">{t("errores.paginaTexto")}</Text>
          <Button onClick={() => window.location.reload()}>{t("errores.recargar")}</Button>
        </Stack>
      </Alert>
    </Container>
  );
}

/** Unknown routes: the role's home when signed in, else the login. */
export function RutaDesconocida() {
  const sesion = useSesion();
  const destino = haySesion(sesion) ? `/${homeDeRol(sesion.usuario.rol)}` : "/login";
  return <Navigate to={destino} replace />;
}
