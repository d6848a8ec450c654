import { Alert } from "@mantine/core";
import { IconWifiOff } from "@tabler/icons-react";
import { useSinConexion } from "../../lib/conexion";
import { useTranslation } from "../../lib/i18n";

/** Shown while the browser is offline or the API cannot be reached. */
export function SinConexionBanner() {
  const { t } = useTranslation();
  const sinConexion = useSinConexion();
  if (!sinConexion) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconWifiOff size={20} aria-hidden />}
      title={t("pwa.sinConexion")}
    >
      {t("pwa.sinConexionTexto")}
    </Alert>
  );
}
