import { ErrorHttp, mensajeDeError } from "@fila/domain";
import { Alert, Center, Loader } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";

export function Cargando() {
  const { t } = useTranslation();
  return (
    <Center mih="40dvh">
      <Loader aria-label={t("app.cargando")} />
    </Center>
  );
}

export function ErrorFicha({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const titulo =
    error instanceof ErrorHttp && error.status === 403
      ? t("socios.ficha.sinPermiso")
      : error instanceof ErrorHttp && error.status === 404
        ? t("socios.ficha.noEncontrado")
        : t("socios.ficha.errorCarga");
  return (
    <Alert role="alert" color="red" title={titulo} maw={720} mx="auto">
      {mensajeDeError(error)}
    </Alert>
  );
}
